import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTransport, operationUrl, type TransportRequest } from '../../../src/main/api/transport';
import { cutOff, delayed, drop, json, raw, startStubServer, type StubServer } from './support/stub-server';

const HEADERS = {
  'Content-Type': 'application/json;charset=UTF-8',
  'Api-Key': 'k',
  Timestamp: '1',
  Sign: 'x',
};
const post = (extra: Partial<TransportRequest> = {}): TransportRequest => ({
  method: 'POST',
  path: '/v3/mmsSend',
  body: { a: 1 },
  headers: HEADERS,
  ...extra,
});

describe('operationUrl', () => {
  it('appends the operation path to the base URL, keeping its path prefix', () => {
    expect(operationUrl('https://api.onbuka.com', '/v3/mmsSend')).toBe('https://api.onbuka.com/v3/mmsSend');
    expect(operationUrl('https://api.onbuka.com/', '/v3/mmsSend')).toBe('https://api.onbuka.com/v3/mmsSend');
    expect(operationUrl('https://host:8443/proxy', '/v3/x')).toBe('https://host:8443/proxy/v3/x');
    expect(operationUrl('https://host/proxy/buka//', '/v3/x')).toBe('https://host/proxy/buka/v3/x');
    expect(operationUrl('ftp://host', '/v3/x')).toBeNull();
    expect(operationUrl('not a url', '/v3/x')).toBeNull();
  });
});

describe('transport', () => {
  let stub: StubServer;
  beforeEach(async () => {
    stub = await startStubServer();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('returns the body as text, unparsed, with status, content type and Date', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
    stub.script(
      raw('{"status": 0, "n": 12345678901234567890}', 200, 'application/json', {
        Date: 'Sun, 22 Nov 2026 10:00:00 GMT',
      }),
    );
    const outcome = await transport.send(post());
    transport.close();
    expect(outcome).toMatchObject({
      kind: 'response',
      httpStatus: 200,
      body: '{"status": 0, "n": 12345678901234567890}',
      contentType: 'application/json',
      date: 'Sun, 22 Nov 2026 10:00:00 GMT',
    });
    expect(stub.requests[0].body).toBe('{"a":1}');
  });

  it('reuses one keep-alive connection', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
    stub.script(json({ status: '0' }));
    await transport.send(post());
    await transport.send(post());
    transport.close();
    expect(stub.requests[0].remotePort).toBe(stub.requests[1].remotePort);
  });

  it('drops an idle keep-alive connection before a server would close it', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
    stub.script(json({ status: '0' }));
    await transport.send(post());
    // Servers close idle connections after a few seconds (Node's after 5); reusing one they
    // have just closed fails with ECONNRESET. The client lets go of it first.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await transport.send(post());
    transport.close();
    expect(stub.requests[0].remotePort).not.toBe(stub.requests[1].remotePort);
  }, 10_000);

  it('times out after the per-request timeout, as maybe-sent', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 5000 });
    stub.script(delayed(2000, json({ status: '0' })));
    const started = performance.now();
    const outcome = await transport.send(post({ timeoutMs: 100 }));
    transport.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'timeout', phase: 'maybe-sent' });
  });

  it('cancels at once through the AbortSignal', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 5000 });
    stub.script(delayed(2000, json({ status: '0' })));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const outcome = await transport.send(post({ signal: controller.signal }));
    transport.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'cancelled', phase: 'maybe-sent' });
  });

  it('sends nothing when cancelled before sending', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 5000 });
    const controller = new AbortController();
    controller.abort();
    const outcome = await transport.send(post({ signal: controller.signal }));
    transport.close();
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'cancelled', phase: 'before-send' });
    expect(stub.requests).toHaveLength(0);
  });

  it('reports a refused connection as a network failure before sending', async () => {
    const port = await freePort();
    const transport = createTransport({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    const outcome = await transport.send(post());
    transport.close();
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'network', phase: 'before-send' });
    if (outcome.kind === 'failure') expect(outcome.message).toContain('ECONNREFUSED');
  });

  it('reports a dropped connection as a network failure that may have been sent', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
    stub.script(drop);
    const outcome = await transport.send(post());
    transport.close();
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'network', phase: 'maybe-sent' });
  });

  it('reports a body cut off mid-stream as truncated', async () => {
    const transport = createTransport({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
    stub.script(cutOff('{"status":"0","data":{"total":'));
    const outcome = await transport.send(post());
    transport.close();
    expect(outcome).toMatchObject({
      kind: 'failure',
      failure: 'truncated',
      phase: 'maybe-sent',
      httpStatus: 200,
    });
  });

  it('refuses a base URL that is not http(s) before sending', async () => {
    const transport = createTransport({ baseUrl: 'file:///etc/passwd', timeoutMs: 2000 });
    const outcome = await transport.send(post());
    transport.close();
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'network', phase: 'before-send' });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
