import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type NumberCallRecord, type Sandbox } from '../../../src/main/sandbox';
import { allRecords, DAY_MS, isoAt, page, PATHS, status } from './signed-client';

let sandbox: Sandbox;
const now = Date.now();
const window = { strTime: isoAt(now - 30 * DAY_MS, 480), endTime: isoAt(now, 480) };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 });
});
afterAll(() => sandbox.close());

describe('number record query', () => {
  it('requires current and size (-22), unlike the voice query', async () => {
    expect(await status(sandbox, PATHS.numberRecords, { body: { params: window } })).toBe('-22');
    expect(await status(sandbox, PATHS.numberRecords, { body: { current: 1, params: window } })).toBe('-22');
    expect(await status(sandbox, PATHS.numberRecords, { body: { size: 10, params: window } })).toBe('-22');
    expect(
      await status(sandbox, PATHS.numberRecords, { body: { current: 1, size: 10, params: window } }),
    ).toBe('0');
  });

  it("applies the voice query's window rules (-22 format, -25 span and history)", async () => {
    const body = (params: unknown): unknown => ({ current: 1, size: 10, params });
    expect(
      await status(sandbox, PATHS.numberRecords, {
        body: body({ strTime: '2026-01-01 00:00:00', endTime: window.endTime }),
      }),
    ).toBe('-22');
    expect(await status(sandbox, PATHS.numberRecords, { body: body({ endTime: window.endTime }) })).toBe(
      '-22',
    );
    expect(
      await status(sandbox, PATHS.numberRecords, {
        body: body({ strTime: isoAt(now - 32 * DAY_MS), endTime: isoAt(now) }),
      }),
    ).toBe('-25');
    expect(
      await status(sandbox, PATHS.numberRecords, {
        body: body({ strTime: isoAt(now - 70 * DAY_MS), endTime: isoAt(now - 60 * DAY_MS) }),
      }),
    ).toBe('-25');
  });

  it("serves the records that started within the window, with the platform's spellings and text types", async () => {
    const from = now - 3 * DAY_MS;
    const records = await allRecords<NumberCallRecord>(sandbox, PATHS.numberRecords, {
      strTime: isoAt(from),
      endTime: isoAt(now),
    });
    const { first, end } = sandbox.data.numberRecordRange(Math.floor(from / 1000) * 1000, now);
    expect(records.length).toBe(end - first);
    expect(records.length).toBeGreaterThan(50);
    for (const record of records) {
      expect(record.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(record.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(Date.parse(`${record.startTime.replace(' ', 'T')}+08:00`)).toBeGreaterThanOrEqual(
        Math.floor(from / 1000) * 1000,
      );
      expect(typeof record.pay).toBe('string');
      expect(record.pay).toMatch(/^\d+\.\d+$/);
      expect(typeof record.recordingFileUrl).toBe('string');
      expect([2, 3]).toContain(record.callSource);
      expect(['MOBILE', 'FIXED']).toContain(record.type);
      expect(Object.keys(record)).toEqual(
        expect.arrayContaining(['QuoteExchange', 'SeptleRate', 'SettlePay', 'callid']),
      );
      if (record.currency === null)
        expect([record.QuoteExchange, record.SeptleRate, record.SettlePay]).toEqual([null, null, null]);
    }
    expect(records.some((record) => record.recordingFileUrl === '')).toBe(true);
    expect(records.some((record) => record.recordingFileUrl.startsWith('https://'))).toBe(true);
    expect(new Set(records.map((record) => record.callid)).size).toBe(records.length);
  });

  it("holds 5,000 records at the default volume, on the account's own numbers", () => {
    expect(sandbox.data.numberRecordCount).toBe(5_000);
    const own = new Set(sandbox.data.numbers().map((number) => number.number));
    for (let i = 0; i < sandbox.data.numberRecordCount; i += 7)
      expect(own.has(sandbox.data.numberRecordAt(i).number)).toBe(true);
  });

  it('answers a page past the end with empty records and the right totals', async () => {
    const first = await page<NumberCallRecord>(sandbox, PATHS.numberRecords, {
      current: 1,
      size: 100,
      params: window,
    });
    const past = await page<NumberCallRecord>(sandbox, PATHS.numberRecords, {
      current: first.pages + 1,
      size: 100,
      params: window,
    });
    expect(past).toMatchObject({ total: first.total, pages: first.pages, records: [] });
    expect(first).not.toHaveProperty('searchCount');
  });
});
