import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_FAULTS, startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { answerOf, call, md5Sign, PATHS, status } from './signed-client';

let sandbox: Sandbox;
const SEATS_BODY = { current: 1, size: 5, params: {} };
const MMS_BODY = { appId: 'Ab3xK9pQ', numbers: '+639171234567', content: 'fault test', mmsType: '1' };

beforeAll(async () => {
  sandbox = await startSandbox({ volume: 'small' });
});
afterEach(() => sandbox.setFaults(NO_FAULTS));
afterAll(() => sandbox.close());

describe('sandbox faults', () => {
  it('are off by default', async () => {
    const fresh = await startSandbox({ volume: 'small' });
    try {
      for (let i = 0; i < 20; i++) expect(await status(fresh, PATHS.seats, { body: SEATS_BODY })).toBe('0');
    } finally {
      await fresh.close();
    }
  });

  it('delay answers by latencyMs', async () => {
    sandbox.setFaults({ latencyMs: 120, jitterMs: 30 });
    const started = performance.now();
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY })).toBe('0');
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });

  it('answer -18 at errorRate 1 on every operation, without processing writes', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const sentBefore = sandbox.mmsSent.length;
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY })).toBe('-18');
    expect(await status(sandbox, PATHS.mmsSend, { body: MMS_BODY })).toBe('-18');
    expect(await status(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=101`, { method: 'GET' })).toBe('-18');
    expect(sandbox.mmsSent.length).toBe(sentBefore);
    expect(sandbox.requestLog.at(-1)).toMatchObject({ status: '-18', fault: 'systemError' });
  });

  it('mix failures and successes at a fractional rate, the same way for the same seed', async () => {
    const run = async (target: Sandbox): Promise<string[]> => {
      target.setFaults({ errorRate: 0.5 });
      const statuses: string[] = [];
      for (let i = 0; i < 40; i++) statuses.push(await status(target, PATHS.numbers, { body: SEATS_BODY }));
      return statuses;
    };
    const twin = await startSandbox({ volume: 'small' });
    try {
      const first = await run(sandbox);
      expect(first).toContain('0');
      expect(first).toContain('-18');
      const again = await startSandbox({ volume: 'small' });
      try {
        expect(await run(again)).toEqual(await run(twin));
      } finally {
        await again.close();
      }
    } finally {
      await twin.close();
    }
  });

  it('answer -15 beyond rateLimitPerSecond requests of one key in a second', async () => {
    sandbox.setFaults({ rateLimitPerSecond: 3 });
    await sleep(1_100);
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await status(sandbox, PATHS.seats, { body: SEATS_BODY }));
    expect(statuses.slice(0, 3)).toEqual(['0', '0', '0']);
    expect(statuses.slice(3)).toEqual(['-15', '-15', '-15']);
    const limited = answerOf(await call(sandbox, PATHS.seats, { body: SEATS_BODY }));
    expect(limited.reason).toContain('too frequently');
    expect(sandbox.requestLog.at(-1)).toMatchObject({ status: '-15', fault: 'rateLimit' });
    await sleep(1_100);
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY })).toBe('0');
  });

  it('answer -15 at rateLimitRate 1 whatever the pace, without processing a write', async () => {
    sandbox.setFaults({ rateLimitRate: 1 });
    const sentBefore = sandbox.mmsSent.length;
    sandbox.clearRequestLog();
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY })).toBe('-15');
    expect(await status(sandbox, PATHS.mmsSend, { body: MMS_BODY })).toBe('-15');
    expect(sandbox.mmsSent.length).toBe(sentBefore);
    expect(sandbox.requestLog.map((entry) => entry.fault)).toEqual(['rateLimit', 'rateLimit']);
    sandbox.setFaults({ rateLimitRate: 0 });
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY })).toBe('0');
  });

  it('drop the connection without an answer at dropRate 1, after processing a write', async () => {
    sandbox.setFaults({ dropRate: 1 });
    const sentBefore = sandbox.mmsSent.length;
    sandbox.clearRequestLog();
    await expect(call(sandbox, PATHS.mmsSend, { body: MMS_BODY })).rejects.toThrow();
    expect(sandbox.mmsSent.length).toBe(sentBefore + 1);
    expect(sandbox.requestLog).toHaveLength(1);
    expect(sandbox.requestLog[0]).toMatchObject({ path: PATHS.mmsSend, status: null, fault: 'drop' });
  });

  it('answer HTTP 502 with an HTML page at html502Rate 1, writes included', async () => {
    sandbox.setFaults({ html502Rate: 1 });
    const sentBefore = sandbox.mmsSent.length;
    for (const [path, body] of [
      [PATHS.seats, SEATS_BODY],
      [PATHS.mmsSend, MMS_BODY],
    ] as const) {
      const result = await call(sandbox, path, { body });
      expect(result.httpStatus).toBe(502);
      expect(result.headers.get('content-type')).toContain('text/html');
      expect(result.text).toContain('502 Bad Gateway');
      expect(result.json).toBeUndefined();
    }
    expect(sandbox.mmsSent.length).toBe(sentBefore);
  });

  it('answer HTTP 200 with JSON cut in half at truncateRate 1', async () => {
    const whole = await call(sandbox, PATHS.seats, { body: SEATS_BODY });
    sandbox.setFaults({ truncateRate: 1 });
    const cut = await call(sandbox, PATHS.seats, { body: SEATS_BODY });
    expect(cut.httpStatus).toBe(200);
    expect(cut.json).toBeUndefined();
    expect(cut.text.length).toBeGreaterThan(10);
    expect(whole.text.startsWith(cut.text)).toBe(true);
  });

  it('shift the server clock by clockOffsetSeconds: -16 for a correct local clock, Date header shows the offset', async () => {
    sandbox.setFaults({ clockOffsetSeconds: 3_600 });
    const result = await call(sandbox, PATHS.seats, { body: SEATS_BODY });
    expect(answerOf(result).status).toBe('-16');
    const serverDate = Date.parse(result.headers.get('date') ?? '');
    expect(Math.abs(serverDate - (Date.now() + 3_600_000))).toBeLessThan(5_000);
    const repaired = String(Math.floor(serverDate / 1000));
    const sign = md5Sign(sandbox.credentials.apiKey, sandbox.credentials.apiSecret, repaired);
    expect(await status(sandbox, PATHS.seats, { body: SEATS_BODY, timestamp: repaired, sign })).toBe('0');
  });

  it('refuse invalid settings', () => {
    expect(() => sandbox.setFaults({ errorRate: 1.5 })).toThrow(RangeError);
    expect(() => sandbox.setFaults({ latencyMs: -1 })).toThrow(RangeError);
    expect(() => sandbox.setFaults({ dropRate: Number.NaN })).toThrow(RangeError);
  });

  it('do not keep close() waiting on a delayed answer', async () => {
    const slow = await startSandbox({ volume: 'small', faults: { latencyMs: 5_000 } });
    const pending = call(slow, PATHS.seats, { body: SEATS_BODY }).catch((error: unknown) => error);
    await sleep(50);
    const started = performance.now();
    await slow.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
