import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { OPERATIONS } from '../../../src/shared/platform';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { answerOf, call, md5Sign, PATHS, status } from './signed-client';

const SEATS_BODY = { current: 1, size: 1, params: {} };
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    volume: 'small',
    accounts: [
      { apiKey: 'sandbox-demo-key', apiSecret: 'sandbox-demo-secret' },
      { apiKey: 'off-key', apiSecret: 'off-secret', enabled: false },
      { apiKey: 'ws-off-key', apiSecret: 'ws-off-secret', workspaceEnabled: false },
    ],
  });
});
afterAll(() => sandbox.close());

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

describe('sandbox authentication', () => {
  it('listens on 127.0.0.1 and accepts the default demo credentials', async () => {
    expect(sandbox.baseUrl).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.credentials).toEqual({ apiKey: 'sandbox-demo-key', apiSecret: 'sandbox-demo-secret' });
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY })).toBe('0');
  });

  it('serves every operation at the path the spec gives', () => {
    const endpoints = [...Object.values(LISTS).map((list) => list.endpoint), ...Object.values(OPERATIONS)];
    for (const [id, path] of Object.entries(PATHS)) {
      expect(endpoints.find((endpoint) => endpoint.id === id)?.path, id).toBe(path);
    }
  });

  it('compares the Sign case-insensitively', async () => {
    const timestamp = String(nowSeconds());
    const sign = md5Sign(sandbox.credentials.apiKey, sandbox.credentials.apiSecret, timestamp).toUpperCase();
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp, sign })).toBe('0');
  });

  it('answers -1 to a wrong secret, an unknown key, a bad sign or missing headers', async () => {
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, apiSecret: 'wrong' })).toBe('-1');
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, apiKey: 'nobody', apiSecret: 'x' })).toBe(
      '-1',
    );
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, sign: 'not-a-sign' })).toBe('-1');
    for (const header of ['Api-Key', 'Timestamp', 'Sign'] as const) {
      expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, omitHeaders: [header] })).toBe('-1');
    }
  });

  it('answers every failure with HTTP 200 and a string status', async () => {
    const result = await call(sandbox, PATHS.seats, { body: SEATS_BODY, apiSecret: 'wrong' });
    expect(result.httpStatus).toBe(200);
    expect(answerOf(result)).toMatchObject({ status: '-1', reason: expect.any(String) });
  });

  it('accepts a timestamp within 30 minutes and answers -16 beyond it', async () => {
    const within = String(nowSeconds() - 29 * 60);
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp: within })).toBe('0');
    const ahead = String(nowSeconds() + 29 * 60);
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp: ahead })).toBe('0');
    const stale = String(nowSeconds() - 31 * 60);
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp: stale })).toBe('-16');
    const future = String(nowSeconds() + 31 * 60);
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp: future })).toBe('-16');
  });

  it('answers -16 to a timestamp in milliseconds (the spec says seconds)', async () => {
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp: String(Date.now()) })).toBe(
      '-16',
    );
  });

  it('answers -30 for a disabled API key and -29 for a disabled workspace', async () => {
    expect(
      await status(sandbox, PATHS.seats, { body: SEATS_BODY, apiKey: 'off-key', apiSecret: 'off-secret' }),
    ).toBe('-30');
    expect(
      await status(sandbox, PATHS.numbers, {
        body: SEATS_BODY,
        apiKey: 'ws-off-key',
        apiSecret: 'ws-off-secret',
      }),
    ).toBe('-29');
  });

  it('applies account changes made at run time, and adds new keys', async () => {
    sandbox.setAccount('off-key', { enabled: true });
    expect(
      await status(sandbox, PATHS.seats, { body: SEATS_BODY, apiKey: 'off-key', apiSecret: 'off-secret' }),
    ).toBe('0');
    sandbox.setAccount('off-key', { enabled: false });
    expect(
      await status(sandbox, PATHS.seats, { body: SEATS_BODY, apiKey: 'off-key', apiSecret: 'off-secret' }),
    ).toBe('-30');
    sandbox.setAccount('late-key', { apiSecret: 'late-secret' });
    expect(
      await status(sandbox, PATHS.seats, { body: SEATS_BODY, apiKey: 'late-key', apiSecret: 'late-secret' }),
    ).toBe('0');
  });

  it('sends a Date header on every answer, failures included', async () => {
    for (const options of [{ body: SEATS_BODY }, { body: SEATS_BODY, apiSecret: 'wrong' }]) {
      const result = await call(sandbox, PATHS.seats, options);
      const date = Date.parse(result.headers.get('date') ?? '');
      expect(Math.abs(date - Date.now())).toBeLessThan(5_000);
    }
    const missing = await call(sandbox, '/v3/no/such/operation', { body: {} });
    expect(missing.headers.get('date')).toBeTruthy();
  });

  it('answers an unknown path with HTTP 404 JSON and a wrong method with 405', async () => {
    const missing = await call(sandbox, '/v3/no/such/operation', { body: {} });
    expect(missing.httpStatus).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.json).toMatchObject({ status: 404, error: 'Not Found', path: '/v3/no/such/operation' });
    const wrongMethod = await call(sandbox, PATHS.seats, { method: 'GET' });
    expect(wrongMethod.httpStatus).toBe(405);
  });

  it('logs every request with its key and status, and can clear the log', async () => {
    sandbox.clearRequestLog();
    await call(sandbox, PATHS.seats, { body: SEATS_BODY });
    await call(sandbox, PATHS.seats, { body: SEATS_BODY, apiSecret: 'wrong' });
    expect(sandbox.requestLog.map((entry) => [entry.method, entry.path, entry.apiKey, entry.status])).toEqual(
      [
        ['POST', PATHS.seats, 'sandbox-demo-key', '0'],
        ['POST', PATHS.seats, 'sandbox-demo-key', '-1'],
      ],
    );
    expect(sandbox.requestLog[0].at).toBeGreaterThan(Date.now() - 10_000);
  });
});
