import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { LISTS } from '../../../src/shared/operations';
import { checkedPage } from '../support/checked';
import {
  type ClientNotice,
  type ClientOptions,
  createClient,
  type PlatformClient,
  type RetryInfo,
} from '../../../src/main/api';
import {
  cutOff,
  delayed,
  drop,
  json,
  page,
  platformStatus,
  raw,
  startStubServer,
  type StubHandler,
  type StubServer,
  success,
} from './support/stub-server';

const NUMBERS = { current: 1, size: 10, params: {} };
const MMS = { appId: 'app-1', numbers: '+8613800000001', content: 'Hello', mmsType: '1' as const };
const EDIT = { voiceGroupId: 101, displaySwitch: 0, encryptNumber: 1 };
const HTML_502 = raw('<html><head><title>502 Bad Gateway</title></head></html>', 502, 'text/html');

describe('retries and write safety', () => {
  let stub: StubServer;
  let client: PlatformClient;
  const makeClient = (options: Partial<ClientOptions> = {}): PlatformClient =>
    createClient({
      baseUrl: stub.baseUrl,
      apiKey: 'k',
      apiSecret: 'secret',
      timeoutMs: 300,
      random: () => 0,
      ...options,
    });
  beforeEach(async () => {
    stub = await startStubServer();
    client = makeClient();
  });
  afterEach(async () => {
    client.close();
    await stub.close();
  });

  const transient: [string, StubHandler][] = [
    ['-18 system error', platformStatus(-18, 'system error')],
    ['-15 rate limit', platformStatus('-15', 'query too frequently')],
    ['HTTP 502 HTML page', HTML_502],
    ['HTTP 503 JSON', json({ error: 'unavailable' }, 503)],
    ['a dropped connection', drop],
    ['a body cut off mid-stream', cutOff('{"status":"0","data":{')],
    ['a body cut in half', json('{"status":"0","reason":"success","data":{"total":1,"rec')],
    ['a text body', raw('upstream overloaded', 200, 'text/plain')],
    ['a timeout', delayed(1000, page([]))],
  ];

  for (const [name, failure] of transient) {
    it(`a read retries after ${name}`, async () => {
      const retries: RetryInfo[] = [];
      stub.script(failure, failure, page([{ number: '0123' }]));
      const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS), { onRetry: (info) => retries.push(info) });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.records[0].number).toBe('0123');
      expect(stub.requests).toHaveLength(3);
      expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
      expect(retries.every((r) => r.rateLimited === name.startsWith('-15'))).toBe(true);
    });
  }

  it('gives up after the bounded number of attempts with the last error', async () => {
    stub.script(platformStatus(-18, 'still broken'));
    const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS));
    expect(result).toMatchObject({ ok: false, error: { code: 'platform:-18', detail: 'still broken', transient: true } });
    expect(stub.requests).toHaveLength(5);
  });

  it('does not retry answers that will not change, nor call them transient', async () => {
    for (const code of [-1, -2, -22, -25, -29, -30, -31]) {
      stub.requests.length = 0;
      stub.script(platformStatus(code));
      const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.transient, `code ${code}`).toBeUndefined();
      expect(stub.requests, `code ${code}`).toHaveLength(1);
    }
  });

  it('waits with exponential backoff and full jitter', async () => {
    client.close();
    client = makeClient({
      random: () => 0.5,
      retry: { baseDelayMs: 40, rateLimitBaseDelayMs: 100, maxDelayMs: 1000 },
    });
    const retries: RetryInfo[] = [];
    stub.script(platformStatus(-18), platformStatus(-18), platformStatus(-15), page([]));
    await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS), { onRetry: (info) => retries.push(info) });
    // -18, -18: 40 x 2^0, 40 x 2^1 halved by the jitter; -15 counts apart: 100 x 2^0 halved.
    expect(retries.map((r) => r.delayMs)).toEqual([20, 40, 50]);
  });

  it('allows more retries for rate limiting, still bounded', async () => {
    stub.script(platformStatus(-15));
    const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS));
    expect(result).toMatchObject({ ok: false, error: { code: 'platform:-15' } });
    expect(stub.requests).toHaveLength(9);
  });

  it('stops waiting at once when cancelled during a backoff', async () => {
    client.close();
    client = makeClient({ random: () => 1, retry: { baseDelayMs: 10_000, maxDelayMs: 10_000 } });
    stub.script(platformStatus(-18));
    const controller = new AbortController();
    const started = performance.now();
    const pending = client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS), {
      signal: controller.signal,
      onRetry: () => setTimeout(() => controller.abort(), 20),
    });
    const result = await pending;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(stub.requests).toHaveLength(1);
  });

  it('a cancelled read in flight reports cancelled', async () => {
    stub.script(delayed(2000, page([])));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS), { signal: controller.signal, timeoutMs: 5000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  describe('writes are never retried', () => {
    const unknownAfter: [string, StubHandler][] = [
      ['a timeout', delayed(1000, success({ success: '1', fail: '0', array: [] }))],
      ['a dropped connection', drop],
      ['an HTML 502 page', HTML_502],
      ['a body cut off mid-stream', cutOff('{"status":"0","success":"1"')],
      ['a body cut in half', json('{"status":"0","success":"1","fail":"0","arr')],
    ];
    for (const [name, failure] of unknownAfter) {
      it(`an MMS send that fails with ${name} is outcome-unknown and sent once`, async () => {
        stub.script(failure, success({ success: '1', fail: '0', array: [] }));
        const result = await client.mmsSend(MMS);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.code).toBe('outcome-unknown');
          expect(result.error.message).toMatch(/may or may not have been applied/);
          expect(result.error.message).toMatch(/before sending again/);
        }
        expect(stub.requests).toHaveLength(1);
      });
      it(`a seat-group edit that fails with ${name} is outcome-unknown and sent once`, async () => {
        stub.script(failure, success({ data: null }));
        const result = await client.seatGroupEdit(EDIT);
        expect(result).toMatchObject({ ok: false, error: { code: 'outcome-unknown' } });
        expect(stub.requests).toHaveLength(1);
      });
    }

    it("in Chinese, a write's unknown outcome gives the cause's detail in the language's brackets", async () => {
      setCurrentLocale('zh-CN');
      try {
        stub.script(HTML_502);
        const result = await client.mmsSend(MMS);
        expect(result).toMatchObject({ ok: false, error: { code: 'outcome-unknown' } });
        if (!result.ok) expect(result.error.detail).toMatch(/^http-5xx: [^()]+（[^()]+）$/su);
      } finally {
        setCurrentLocale('en');
      }
    });

    it("an MMS refused as existing (-20) or over a limit (-23) says so in an MMS's words, sent once, with the server's reason kept", async () => {
      for (const [status, words] of [[-20, /already has.*nothing was sent.*send history/s], [-23, /sending limit.*nothing was sent/s]] as const) {
        stub.script(platformStatus(status, 'reason from server'), success({ success: '1', fail: '0', array: [] }));
        const sent = await client.mmsSend(MMS);
        expect(sent).toMatchObject({ ok: false, error: { code: `platform:${status}`, detail: 'reason from server' } });
        if (!sent.ok) expect(sent.error.message).toMatch(words);
        expect(stub.requests).toHaveLength(1);
        stub.requests.length = 0;
      }
      // Another write keeps the common words.
      stub.script(platformStatus(-23, 'full'));
      const edited = await client.seatGroupEdit(EDIT);
      expect(edited).toMatchObject({ ok: false, error: { code: 'platform:-23', message: 'The platform limit for this data has been reached. Remove some entries first.' } });
    });

    it('a platform refusal of a write is a plain error, not retried', async () => {
      stub.script(platformStatus(-18, 'system error'), success());
      const sent = await client.mmsSend(MMS);
      expect(sent).toMatchObject({ ok: false, error: { code: 'platform:-18' } });
      if (!sent.ok) expect(sent.error.transient, 'a write is never offered to be asked again').toBeUndefined();
      stub.script(platformStatus(-15), success());
      expect(await client.seatGroupEdit(EDIT)).toMatchObject({ ok: false, error: { code: 'platform:-15' } });
      expect(stub.requests).toHaveLength(2);
    });

    it('a write that could not connect is a plain network error', async () => {
      const port = Number(new URL(stub.baseUrl).port);
      await stub.close();
      const offline = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', apiSecret: 'secret' });
      const result = await offline.mmsSend(MMS);
      offline.close();
      expect(result).toMatchObject({ ok: false, error: { code: 'network' } });
      stub = await startStubServer();
    });

    it('a write cancelled before sending is cancelled; cancelled in flight is outcome-unknown', async () => {
      const before = new AbortController();
      before.abort();
      expect(await client.mmsSend(MMS, { signal: before.signal })).toMatchObject({
        ok: false,
        error: { code: 'cancelled' },
      });
      expect(stub.requests).toHaveLength(0);
      stub.script(delayed(1000, success()));
      const during = new AbortController();
      setTimeout(() => during.abort(), 30);
      expect(await client.mmsSend(MMS, { signal: during.signal })).toMatchObject({
        ok: false,
        error: { code: 'outcome-unknown' },
      });
    });

    it('a write that fails validation sends nothing', async () => {
      const result = await client.mmsSend({ ...MMS, numbers: '' });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'validation', fields: { numbers: expect.any(String) } },
      });
      expect(stub.requests).toHaveLength(0);
    });
  });

  describe('-16 clock repair', () => {
    const serverAhead =
      (seconds: number): StubHandler =>
      (request, response) => {
        const serverMs = Date.now() + seconds * 1000;
        const ts = Number(request.headers.timestamp);
        const status = Math.abs(ts - serverMs / 1000) <= 1800 ? '0' : '-16';
        response.writeHead(200, {
          'Content-Type': 'application/json',
          Date: new Date(serverMs).toUTCString(),
        });
        response.end(
          JSON.stringify(
            status === '0'
              ? {
                  status,
                  reason: 'success',
                  success: '1',
                  fail: '0',
                  array: [],
                  data: { total: 0, records: [] },
                }
              : { status, reason: 'timestamp expired' },
          ),
        );
      };

    it('re-signs with the server clock, retries once, remembers the offset and tells the user', async () => {
      const notices: ClientNotice[] = [];
      client.close();
      client = makeClient({ onNotice: (notice) => notices.push(notice) });
      stub.script(serverAhead(2700));
      const first = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS));
      expect(first.ok).toBe(true);
      expect(stub.requests).toHaveLength(2);
      expect(Math.abs(client.clockOffsetSeconds - 2700)).toBeLessThanOrEqual(2);
      expect(notices).toHaveLength(1);
      expect(notices[0].message).toMatch(/^Your computer's clock is off by 45 minutes \(behind the server\)/);
      expect(client.notices).toEqual(notices);
      // The offset is kept: the next call is right the first time.
      const second = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS));
      expect(second.ok).toBe(true);
      expect(stub.requests).toHaveLength(3);
      expect(notices).toHaveLength(1);
    });

    it('repairs a write too, since -16 proves nothing was done', async () => {
      stub.script(serverAhead(-3600));
      const result = await client.mmsSend(MMS);
      expect(result.ok).toBe(true);
      expect(stub.requests).toHaveLength(2);
      expect(client.notices[0].message).toMatch(/off by 1 hour \(ahead of the server\)/);
    });

    it('repairs once only, and not without a Date header', async () => {
      stub.script(
        platformStatus(-16, 'timestamp expired', { Date: new Date(Date.now() + 4000_000).toUTCString() }),
      );
      expect(await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS))).toMatchObject({ ok: false, error: { code: 'platform:-16' } });
      expect(stub.requests).toHaveLength(2);
      stub.requests.length = 0;
      client.close();
      client = makeClient();
      stub.script((request, response) => {
        response.sendDate = false;
        platformStatus(-16)(request, response);
      });
      expect(await client.page(LISTS.numbers, checkedPage(LISTS.numbers, NUMBERS))).toMatchObject({ ok: false, error: { code: 'platform:-16' } });
      expect(stub.requests).toHaveLength(1);
      expect(client.clockOffsetSeconds).toBe(0);
    });
  });
});
