import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { checkedPage } from '../support/checked';
import { authHeaders, computeSign, createClient } from '../../../src/main/api';
import { createLogger } from '../../../src/main/log';
import { page, platformStatus, startStubServer, success, type StubServer } from './support/stub-server';

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

describe('computeSign', () => {
  it('matches independently computed vectors', () => {
    expect(computeSign('sandbox-demo-key', 'sandbox-demo-secret', 1700000000)).toBe(
      md5('sandbox-demo-keysandbox-demo-secret1700000000'),
    );
    // A fixed vector, so a change in the concatenation order or encoding shows.
    expect(computeSign('key', 'secret', 1)).toBe(md5('keysecret1'));
    expect(computeSign('k', 's', 1234567890)).toMatch(/^[0-9a-f]{32}$/);
    expect(computeSign('ключ', '秘密', 42)).toBe(md5('ключ秘密42'));
  });

  it('is lowercase md5 hex of key + secret + seconds for any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 0, max: 4_000_000_000 }), (key, secret, ts) => {
        const sign = computeSign(key, secret, ts);
        expect(sign).toBe(md5(`${key}${secret}${ts}`));
        expect(sign).toBe(sign.toLowerCase());
      }),
    );
  });

  it('builds the four headers with the timestamp in seconds', () => {
    const headers = authHeaders('k', 's', 1700000000);
    expect(headers).toEqual({
      'Content-Type': 'application/json;charset=UTF-8',
      'Api-Key': 'k',
      Timestamp: '1700000000',
      Sign: md5('ks1700000000'),
    });
  });
});

describe('headers on the wire', () => {
  let stub: StubServer;
  beforeEach(async () => {
    stub = await startStubServer();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('signs every call, the GET included, with epoch seconds from the (corrected) clock', async () => {
    const nowMs = 1_795_000_000_123;
    const client = createClient({
      baseUrl: stub.baseUrl,
      apiKey: 'key-1',
      apiSecret: 'secret-1',
      now: () => nowMs,
      clockOffsetSeconds: 30,
    });
    stub.script(success({ data: { voiceGroupId: 7 } }));
    await client.seatGroupRead({ voiceGroupId: 7 });
    stub.script(page([]));
    await client.page(LISTS.seats, checkedPage(LISTS.seats, { current: 1, size: 10, params: {} }));
    client.close();
    expect(stub.requests).toHaveLength(2);
    const expectedTs = String(Math.floor(nowMs / 1000) + 30);
    for (const request of stub.requests) {
      expect(request.headers['content-type']).toBe('application/json;charset=UTF-8');
      expect(request.headers['api-key']).toBe('key-1');
      expect(request.headers.timestamp).toBe(expectedTs);
      expect(request.headers.sign).toBe(md5(`key-1secret-1${expectedTs}`));
    }
    expect(stub.requests[0].method).toBe('GET');
    expect(stub.requests[0].url).toBe('/v3/cc/seatGroup/basicSettingResp?voiceGroupId=7');
    expect(stub.requests[0].body).toBe('');
  });

  it('keeps a path prefix of the base URL', async () => {
    const client = createClient({ baseUrl: `${stub.baseUrl}/proxy/api/`, apiKey: 'k', apiSecret: 'secret' });
    stub.script(page([]));
    await client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 5, params: {} }));
    client.close();
    expect(stub.requests[0].url).toBe('/proxy/api/v3/number/queryPage');
    expect(JSON.parse(stub.requests[0].body)).toEqual({ current: 1, size: 5, params: {} });
  });

  it('never writes the secret or a Sign into a log line or an error', async () => {
    const lines: string[] = [];
    const log = createLogger({ console: false, sink: (line) => lines.push(line) });
    const client = createClient({
      baseUrl: stub.baseUrl,
      apiKey: 'k',
      apiSecret: 'top-secret-value',
      log,
      retry: { maxAttempts: 2, baseDelayMs: 1 },
    });
    // The server echoes the secret and the sign back in its reason.
    stub.script((request, response) =>
      platformStatus(-18, `bad ${String(request.headers.sign)} top-secret-value`)(request, response),
    );
    const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 5, params: {} }));
    client.close();
    expect(result.ok).toBe(false);
    const sign = String(stub.requests[0].headers.sign);
    log.info(`echo ${sign} and top-secret-value`);
    const text = `${JSON.stringify(result)}\n${lines.join('\n')}`;
    expect(text).not.toContain('top-secret-value');
    expect(JSON.stringify(result)).not.toContain(sign);
    expect(lines.join('\n')).not.toContain(sign);
    expect(lines.join('\n')).toContain('[redacted]');
  });
});
