import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_STATUS_LABELS } from '../../../src/shared/platform';
import { PlatformError } from '../../../src/main/sandbox/errors';
import { parseRecordWindow } from '../../../src/main/sandbox/routes/record-window';
import { startSandbox, type Sandbox, type VoiceRecord } from '../../../src/main/sandbox';
import { allRecords, answerOf, call, DAY_MS, isoAt, page, PATHS, status } from './signed-client';

let sandbox: Sandbox;
const now = Date.now();
const window = { strTime: isoAt(now - 10 * DAY_MS, 480), endTime: isoAt(now, 480) };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7 });
});
afterAll(() => sandbox.close());

const voiceStatus = (body: unknown): Promise<string> => status(sandbox, PATHS.voiceRecords, { body });

describe('voice record group query: paging rules', () => {
  it('defaults current to 1 and size to 25 when they are left out, and carries searchCount', async () => {
    const data = await page<VoiceRecord>(sandbox, PATHS.voiceRecords, { params: window });
    expect(data).toMatchObject({ current: 1, size: 25, searchCount: true });
    expect(data.records).toHaveLength(25);
    expect(data.pages).toBe(Math.ceil(data.total / 25));
  });

  it('answers -22 when current or size is sent empty', async () => {
    for (const empty of [null, '']) {
      expect(await voiceStatus({ current: empty, size: 10, params: window })).toBe('-22');
      expect(await voiceStatus({ current: 1, size: empty, params: window })).toBe('-22');
    }
  });

  it('answers -22 to sizes outside 1-100, current below 1 and non-integers', async () => {
    for (const size of [0, 101, 2.5, '10', -1])
      expect(await voiceStatus({ current: 1, size, params: window })).toBe('-22');
    for (const current of [0, -3, 1.5, '1'])
      expect(await voiceStatus({ current, size: 10, params: window })).toBe('-22');
    expect(await voiceStatus({ current: 1, size: 100, params: window })).toBe('0');
    expect(await voiceStatus({ current: 1, size: 1, params: window })).toBe('0');
  });

  it('answers -22 when params is missing or not an object, or the body is not JSON', async () => {
    expect(await voiceStatus({ current: 1, size: 10 })).toBe('-22');
    expect(await voiceStatus({ current: 1, size: 10, params: [window] })).toBe('-22');
    expect(await voiceStatus({ current: 1, size: 10, params: 'x' })).toBe('-22');
    expect(await voiceStatus('{"current": 1, "size":')).toBe('-22');
    expect(await voiceStatus('[1,2]')).toBe('-22');
  });
});

describe('voice record group query: the time window', () => {
  it('requires strTime and endTime in ISO 8601 with an offset (-22)', async () => {
    const bad = [
      { endTime: window.endTime },
      { strTime: window.strTime },
      { strTime: '2026-01-01T00:00:00', endTime: window.endTime },
      { strTime: '2026-01-01 00:00:00', endTime: window.endTime },
      { strTime: String(now - DAY_MS), endTime: window.endTime },
      { strTime: now - DAY_MS, endTime: window.endTime },
      { strTime: '2026-02-30T00:00:00+08:00', endTime: window.endTime },
      { strTime: window.endTime, endTime: window.strTime },
    ];
    for (const params of bad) expect(await voiceStatus({ params })).toBe('-22');
  });

  it('accepts a span of exactly 31 days and answers -25 beyond it', async () => {
    expect(await voiceStatus({ params: { strTime: isoAt(now - 31 * DAY_MS), endTime: isoAt(now) } })).toBe(
      '0',
    );
    expect(
      await voiceStatus({ params: { strTime: isoAt(now - 31 * DAY_MS - 1000), endTime: isoAt(now) } }),
    ).toBe('-25');
  });

  it('answers -25 when strTime lies before the last two months', async () => {
    // Two calendar months are 59 to 62 days: well before and well within them.
    expect(
      await voiceStatus({ params: { strTime: isoAt(now - 64 * DAY_MS), endTime: isoAt(now - 40 * DAY_MS) } }),
    ).toBe('-25');
    expect(
      await voiceStatus({ params: { strTime: isoAt(now - 58 * DAY_MS), endTime: isoAt(now - 40 * DAY_MS) } }),
    ).toBe('0');
  });

  it('puts the two-month limit at the same instant two calendar months back (fixed dates)', () => {
    const statusAt = (serverNow: string, strTime: string): number => {
      const endTime = new Date(Date.parse(strTime) + DAY_MS).toISOString();
      try {
        parseRecordWindow({ strTime, endTime }, Date.parse(serverNow));
        return 0;
      } catch (error) {
        return error instanceof PlatformError ? error.code : NaN;
      }
    };
    expect(statusAt('2026-11-22T10:00:00Z', '2026-09-22T09:59:59Z')).toBe(-25);
    expect(statusAt('2026-11-22T10:00:00Z', '2026-09-22T10:00:00Z')).toBe(0);
    // The day is clamped to the shorter month: two months before 30 April is 28 February.
    expect(statusAt('2026-04-30T08:00:00Z', '2026-02-28T07:59:59Z')).toBe(-25);
    expect(statusAt('2026-04-30T08:00:00Z', '2026-02-28T08:00:00Z')).toBe(0);
    expect(statusAt('2027-01-15T00:00:00Z', '2026-11-14T23:59:59Z')).toBe(-25);
    expect(statusAt('2027-01-15T00:00:00Z', '2026-11-15T00:00:00Z')).toBe(0);
  });

  it('serves exactly the records submitted within the window, newest first', async () => {
    const from = now - 2 * DAY_MS;
    const to = now - DAY_MS;
    const records = await allRecords<VoiceRecord>(sandbox, PATHS.voiceRecords, {
      strTime: isoAt(from, -300),
      endTime: isoAt(to, 330),
    });
    const { first, end } = sandbox.data.voiceRecordRange(
      Math.floor(from / 1000) * 1000,
      Math.floor(to / 1000) * 1000,
    );
    expect(records.length).toBe(end - first);
    expect(records.length).toBeGreaterThan(100);
    const times = records.map((record) => Date.parse(record.submitTime));
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000);
      expect(time).toBeLessThanOrEqual(to);
    }
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
    expect(new Set(records.map((record) => record.voiceId)).size).toBe(records.length);
  });

  it('pages without gaps or repeats and returns empty records past the end', async () => {
    const first = await page<VoiceRecord>(sandbox, PATHS.voiceRecords, {
      current: 1,
      size: 7,
      params: window,
    });
    const second = await page<VoiceRecord>(sandbox, PATHS.voiceRecords, {
      current: 2,
      size: 7,
      params: window,
    });
    const both = await page<VoiceRecord>(sandbox, PATHS.voiceRecords, {
      current: 1,
      size: 14,
      params: window,
    });
    expect([...first.records, ...second.records]).toEqual(both.records);
    const past = await page<VoiceRecord>(sandbox, PATHS.voiceRecords, {
      current: first.pages + 5,
      size: 7,
      params: window,
    });
    expect(past).toMatchObject({
      total: first.total,
      pages: first.pages,
      current: first.pages + 5,
      records: [],
    });
  });

  it('answers an empty page for a window with no records', async () => {
    const data = await page<VoiceRecord>(sandbox, PATHS.voiceRecords, {
      params: { strTime: isoAt(now + DAY_MS), endTime: isoAt(now + 2 * DAY_MS) },
    });
    expect(data).toMatchObject({ total: 0, pages: 0, records: [] });
  });
});

describe('voice record data', () => {
  let cached: VoiceRecord[] | undefined;
  const sample = (): VoiceRecord[] =>
    (cached ??= Array.from({ length: sandbox.data.voiceRecordCount }, (_, i) =>
      sandbox.data.voiceRecordAt(i),
    ));

  it('serves at least 30,000 records over the 60 days before the anchor, ids unique', () => {
    const records = sample();
    expect(records.length).toBeGreaterThanOrEqual(30_000);
    expect(new Set(records.map((record) => record.voiceId)).size).toBe(records.length);
    const anchor = sandbox.data.anchor.getTime();
    const oldest = Date.parse(records[records.length - 1].submitTime);
    expect(oldest).toBeGreaterThanOrEqual(anchor - 60 * DAY_MS);
    expect(oldest).toBeLessThan(anchor - 59 * DAY_MS);
    expect(Date.parse(records[0].submitTime)).toBeLessThan(anchor);
  });

  it('has every callStatus value, and null exactly before the cutoff', async () => {
    const records = sample();
    const cutoff = sandbox.data.callStatusCutoff.getTime();
    expect(cutoff).toBe(Date.UTC(2025, 11, 10, 2, 0, 0));
    const seen = new Set<number>();
    for (const record of records) {
      const before = Date.parse(record.submitTime) < cutoff;
      if (before) expect(record.callStatus).toBeNull();
      else {
        expect(record.callStatus).not.toBeNull();
        seen.add(record.callStatus ?? 0);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(CALL_STATUS_LABELS).map(Number).sort());
    // The cutoff is a fixed date, not one relative to the anchor: a sandbox anchored just after it has both sides.
    const early = await startSandbox({ seed: 7, volume: 'small', anchor: new Date(Date.UTC(2025, 11, 20)) });
    try {
      const range = early.data.voiceRecordRange(Date.UTC(2025, 9, 21), Date.UTC(2025, 11, 20));
      const step = Math.max(1, Math.floor((range.end - range.first) / 2000));
      const sampled = Array.from({ length: Math.floor((range.end - range.first) / step) }, (_, i) => early.data.voiceRecordAt(range.first + i * step));
      const statuses = sampled.map((record) => ({
        before: Date.parse(record.submitTime) < Date.UTC(2025, 11, 10, 2, 0, 0),
        status: record.callStatus,
      }));
      expect(statuses.filter((entry) => entry.before).every((entry) => entry.status === null)).toBe(true);
      expect(statuses.some((entry) => entry.before)).toBe(true);
      expect(statuses.filter((entry) => !entry.before).every((entry) => entry.status !== null)).toBe(true);
    } finally {
      await early.close();
    }
  });

  it('writes timestamps in ISO 8601 with an offset and keeps call times in order', () => {
    for (let i = 0; i < 2000; i++) {
      const record = sandbox.data.voiceRecordAt(i * 13);
      expect(record.submitTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
      const times = [
        record.submitTime,
        record.callTime,
        record.ringingTime,
        record.answerTime,
        record.hangupTime,
      ]
        .filter((time): time is string => time !== null)
        .map(Date.parse);
      for (let k = 1; k < times.length; k++) expect(times[k]).toBeGreaterThanOrEqual(times[k - 1]);
      expect(record.chargedDuration).toBeGreaterThanOrEqual(record.callDuration);
      if (record.callStatus === 50) expect(record.terminationCode).toBe('200');
      expect(record.terminationReason).not.toBe('');
    }
  });

  it('carries money as decimal text and the foreign-currency fields only when the quote is not USD', () => {
    const records = sample().slice(0, 5000);
    for (const record of records) {
      expect(record.cost).toMatch(/^\d+\.\d+$/);
      expect(record.rate).toMatch(/^\d+\.\d+$/);
      expect(record.baseCost).toMatch(/^\d+\.\d+$/);
      expect(record.billPeriod).toMatch(/^\d+\+\d+$/);
      expect(record.feedbackValue).toMatch(/^(-1|[0-9*#])$/);
      const foreign = [record.settleRate, record.quoteExchange, record.currency, record.settlePay];
      if (record.currency === null) expect(foreign).toEqual([null, null, null, null]);
      else {
        expect(record.currency).toBe('EUR');
        for (const value of foreign) expect(value).toEqual(expect.any(String));
      }
    }
    expect(records.some((record) => record.currency === 'EUR')).toBe(true);
    expect(records.some((record) => record.currency === null)).toBe(true);
  });

  it('fills calledInfo with hostile text and numbers with both + and 0 forms', () => {
    const infos = new Set(sample().map((record) => record.calledInfo));
    const all = [...infos].join('\u0000');
    for (const needle of [',', '"', '\n', '王', 'م', '🌟', '=SUM(A1)', '+1234', '-5', '@cmd'])
      expect(all).toContain(needle);
    for (const info of infos) expect(info.length).toBeLessThanOrEqual(1000);
    expect([...infos].some((info) => info.length === 1000)).toBe(true);
    const callees = sample().map((record) => record.callee);
    expect(callees.some((callee) => callee.startsWith('+'))).toBe(true);
    expect(callees.some((callee) => callee.startsWith('0'))).toBe(true);
  });

  it('serves records with every field of the spec', async () => {
    const answer = answerOf(await call(sandbox, PATHS.voiceRecords, { body: { size: 1, params: window } }));
    expect(answer.status).toBe('0');
    const [record] = (answer.data as { records: Record<string, unknown>[] }).records;
    expect(Object.keys(record).sort()).toEqual(
      [
        'voiceId',
        'callee',
        'displayNum',
        'code',
        'submitTime',
        'callTime',
        'ringingTime',
        'answerTime',
        'hangupTime',
        'callDuration',
        'chargedDuration',
        'terminationCode',
        'terminationReason',
        'cost',
        'billPeriod',
        'rate',
        'baseCost',
        'voiceFileId',
        'feedbackValue',
        'calledInfo',
        'settleRate',
        'quoteExchange',
        'currency',
        'settlePay',
        'callStatus',
      ].sort(),
    );
  });
});
