import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/main/browser-host/request-body';
import { startHarness, type Harness } from '../../../src/main/browser-host/server';
import { MMS_IMPORT_MAX_BYTES } from '../../../src/shared/methods/mms';
import { CHART_IMAGE_MAX_BYTES } from '../../../src/shared/methods/reports';
import { createLogger } from '../../../src/main/log';
import { builtFile } from '../support/built';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(harness: Harness, path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const req = request(
      { host: '127.0.0.1', port: harness.port, path, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The status and type of an answer, without waiting for its end (an event stream has none). */
function answerHead(harness: Harness, path: string, init: { method?: string; headers?: Record<string, string> }): Promise<{ status: number; type: string | undefined }> {
  return new Promise((resolveHead, reject) => {
    const req = request({ host: '127.0.0.1', port: harness.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      resolveHead({ status: res.statusCode ?? 0, type: res.headers['content-type'] });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Streams a body to /rpc without end (or declares `declaredBytes` and sends a little):
 * the status that comes back, the bytes sent by then, and whether the host then closed the connection.
 */
function streamBody(harness: Harness, declaredBytes?: number): Promise<{ status: number; connection: string | undefined; sentBytes: number; closed: boolean }> {
  return new Promise((resolveStream, reject) => {
    const headers: Record<string, string> = { 'X-Switchboard-Token': harness.token };
    if (declaredBytes !== undefined) headers['Content-Length'] = String(declaredBytes);
    const req = request({ host: '127.0.0.1', port: harness.port, path: '/rpc/getAppInfo', method: 'POST', headers });
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let sentBytes = 0;
    let answered = false;
    const writeMore = (): void => {
      while (!answered && sentBytes < (declaredBytes === undefined ? Infinity : 1024)) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', writeMore);
      }
    };
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('close', () => resolveStream({ status: res.statusCode ?? 0, connection: res.headers.connection, sentBytes, closed: true }));
    });
    // Writing into a connection the host closed fails; the answer is what counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    writeMore();
  });
}

function rpc(harness: Harness, method: string, input: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return send(harness, `/rpc/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Switchboard-Token': harness.token, ...headers },
    body: JSON.stringify({ input }),
  });
}

describe('the browser harness', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({
      rendererDir: join(builtFile('renderer/index.html'), '..'),
      userDataDir: mkdtempSync(join(tmpdir(), 'harness-')),
      log: createLogger({ console: false }),
    });
  });
  afterAll(() => harness.close());

  it('listens on loopback with a per-run token in the URL', () => {
    expect(harness.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
  });

  it('serves the renderer with the CSP header', async () => {
    const page = await send(harness, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="app">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Cross-origin isolated: no other origin can hold a reference to the page or be embedded in it.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
  });

  it('answers contract methods for the token holder', async () => {
    const answer = await rpc(harness, 'getAppInfo', undefined);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, value: { name: 'Switchboard', host: 'browser' } });
  });

  it('refuses calls without the token, from another origin or for another host name', async () => {
    expect((await rpc(harness, 'getAppInfo', undefined, { 'X-Switchboard-Token': 'wrong' })).status).toBe(403);
    expect((await rpc(harness, 'getAppInfo', undefined, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await rpc(harness, 'getAppInfo', undefined, { Host: 'evil.example' })).status).toBe(421);
    expect((await send(harness, '/events?token=wrong')).status).toBe(403);
  });

  it('opens the event stream only for a GET from its own page, as calls are checked', async () => {
    const events = `/events?token=${encodeURIComponent(harness.token)}`;
    expect(await answerHead(harness, events, { method: 'POST' })).toMatchObject({ status: 405 });
    expect(await answerHead(harness, events, { headers: { Origin: 'https://evil.example' } })).toMatchObject({ status: 403 });
    expect(await answerHead(harness, events, { headers: { Host: 'evil.example' } })).toMatchObject({ status: 421 });
    for (const headers of [{}, { Origin: new URL(harness.url).origin }] as Record<string, string>[]) {
      expect(await answerHead(harness, events, { headers })).toEqual({ status: 200, type: 'text/event-stream' });
    }
  });

  it('does not serve files outside the renderer folder', async () => {
    for (const path of ['/../../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json']) {
      const answer = await send(harness, path);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('"name": "switchboard"');
    }
  });

  it('reports bad requests as error results', async () => {
    const notJson = await send(harness, '/rpc/getAppInfo', {
      method: 'POST',
      headers: { 'X-Switchboard-Token': harness.token },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    // Valid JSON but not the call's wrapper: said so, never read as a call without input.
    for (const body of ['null', '5', '[1]', '"x"', '{"inpt":{}}']) {
      const wrong = await send(harness, '/rpc/getAppInfo', { method: 'POST', headers: { 'X-Switchboard-Token': harness.token }, body });
      expect(wrong.status, body).toBe(400);
      expect(JSON.parse(wrong.body), body).toEqual({ ok: false, error: { code: 'bad-request', message: 'The request must be a JSON object whose only field is "input".' } });
    }
    const unknown = await rpc(harness, 'formatDisk', undefined);
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('refuses a body that is not UTF-8 instead of keeping U+FFFD in its place', async () => {
    const body = Buffer.concat([Buffer.from('{"input":{"key":"caf'), Buffer.from([0xe9]), Buffer.from('","value":1}}')]);
    const answer = await send(harness, '/rpc/savePreference', { method: 'POST', headers: { 'X-Switchboard-Token': harness.token }, body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'The request is not valid UTF-8 text: send it encoded as UTF-8.' },
    });
    const kept = JSON.parse((await rpc(harness, 'loadPreferences', undefined)).body) as { ok: true; value: Record<string, unknown> };
    expect(Object.keys(kept.value).filter((key) => key.startsWith('caf'))).toEqual([]);
    // The same text as UTF-8 is kept as typed.
    expect((await rpc(harness, 'savePreference', { key: 'café', value: 1 })).status).toBe(200);
    expect(JSON.parse((await rpc(harness, 'loadPreferences', undefined)).body)).toMatchObject({ ok: true, value: { café: 1 } });
  });

  it('answers 413 to a body declared too large at once, without reading it, and closes the connection', { timeout: 5_000 }, async () => {
    const answer = await streamBody(harness, MAX_BODY_BYTES + 1);
    expect(answer).toMatchObject({ status: 413, connection: 'close', closed: true });
  });

  it('answers 413 as soon as a body grows past the limit, and reads no further', { timeout: 10_000 }, async () => {
    const answer = await streamBody(harness);
    expect(answer).toMatchObject({ status: 413, connection: 'close', closed: true });
    // What sat in the sockets' buffers aside, nothing past the limit was waited for.
    expect(answer.sentBytes).toBeLessThan(MAX_BODY_BYTES + 8 * 1024 * 1024);
  });

  it('reads a body carrying the largest file a screen accepts', async () => {
    const largest = Math.max(MMS_IMPORT_MAX_BYTES, CHART_IMAGE_MAX_BYTES);
    const answer = await rpc(harness, 'saveChartImage', { name: 'chart', pngBase64: Buffer.alloc(largest).toString('base64') });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('PNG') } });
  });

  it('refuses a number too large for JSON to keep (1e309 reads as Infinity) instead of saving null', async () => {
    const body = '{"input":{"key":"voiceRecords.size","value":1e309}}';
    const answer = await send(harness, '/rpc/savePreference', { method: 'POST', headers: { 'X-Switchboard-Token': harness.token }, body });
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'validation', fields: { value: expect.any(String) } } });
  });

  it('answers an address that is not valid percent-encoding with what is wrong, not a server error', async () => {
    const broken = await rpc(harness, '%E0%A4%A', undefined);
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({
      ok: false,
      error: {
        code: 'validation',
        message: 'The address names no operation: "%E0%A4%A" after /rpc/ is not valid percent-encoded text.',
        fields: { method: expect.any(String) },
      },
    });
    expect((await send(harness, '/%E0%A4%A')).status).toBe(404);
  });
});
