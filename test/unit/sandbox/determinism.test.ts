import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnchor, startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { call, DAY_MS, isoAt, page, PATHS } from './signed-client';

const anchor = defaultAnchor();
const now = Date.now();
const window = { strTime: isoAt(now - 20 * DAY_MS, 480), endTime: isoAt(now - 1 * DAY_MS, 480) };

const REQUESTS: readonly [string, unknown][] = [
  [PATHS.voiceRecords, { current: 3, size: 100, params: window }],
  [PATHS.numberRecords, { current: 2, size: 100, params: window }],
  [PATHS.taskDetails, { current: 4, size: 100, params: { taskId: 1003 } }],
  [PATHS.seats, { current: 1, size: 100, params: {} }],
  [PATHS.teamLeaders, { current: 1, size: 100, params: {} }],
  [PATHS.numbers, { current: 1, size: 100, params: {} }],
  [PATHS.axbBindings, { current: 5, size: 100, params: {} }],
  [`${PATHS.seatGroupRead}?voiceGroupId=103`, undefined],
  [PATHS.mmsSend, { appId: 'Ab3xK9pQ', numbers: '+639171234567,09171234568', content: 'same', mmsType: '1' }],
];

async function answers(target: Sandbox): Promise<string[]> {
  const texts: string[] = [];
  for (const [path, body] of REQUESTS) texts.push((await call(target, path, { body })).text);
  return texts;
}

describe('sandbox determinism', () => {
  let first: Sandbox;
  let second: Sandbox;
  let other: Sandbox;
  beforeAll(async () => {
    [first, second, other] = await Promise.all([
      startSandbox({ seed: 42, anchor }),
      startSandbox({ seed: 42, anchor }),
      startSandbox({ seed: 43, anchor }),
    ]);
  });
  afterAll(() => Promise.all([first.close(), second.close(), other.close()]));

  it('serves identical data from two sandboxes with the same seed and anchor', async () => {
    const a = await answers(first);
    const b = await answers(second);
    expect(a).toEqual(b);
    expect(a.every((text) => text.includes('"status":"0"') || text.includes('"status":0'))).toBe(true);
  });

  it('serves different data for another seed', async () => {
    const a = await answers(first);
    const c = await answers(other);
    expect(a[0]).not.toEqual(c[0]);
    expect(a[3]).not.toEqual(c[3]);
  });

  it('generates record i the same way however it is reached', () => {
    const direct = first.data.voiceRecordAt(12_345);
    for (let i = 0; i < 100; i++) first.data.voiceRecordAt(i);
    expect(first.data.voiceRecordAt(12_345)).toEqual(direct);
    expect(second.data.voiceRecordAt(12_345)).toEqual(direct);
  });

  it('refuses an index outside the data', () => {
    expect(() => first.data.voiceRecordAt(first.data.voiceRecordCount)).toThrow(RangeError);
    expect(() => first.data.numberRecordAt(-1)).toThrow(RangeError);
  });
});

describe('sandbox volumes', () => {
  it('serves a million voice records on demand at the large volume, paged by index', async () => {
    const large = await startSandbox({ volume: 'large', anchor });
    try {
      expect(large.data.voiceRecordCount).toBe(1_000_000);
      const data = await page(large, PATHS.voiceRecords, { current: 1, size: 100, params: window });
      expect(data.total).toBeGreaterThan(300_000);
      const lastPage = await page<{ submitTime: string }>(large, PATHS.voiceRecords, {
        current: data.pages,
        size: 100,
        params: window,
      });
      expect(lastPage.records.length).toBe(data.total - (data.pages - 1) * 100);
      const { first } = large.data.voiceRecordRange(Date.parse(window.strTime), Date.parse(window.endTime));
      expect(lastPage.records[0]).toEqual(large.data.voiceRecordAt(first + (data.pages - 1) * 100));
      const times = Array.from({ length: 1000 }, (_, i) =>
        Date.parse(large.data.voiceRecordAt(i * 997).submitTime),
      );
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
    } finally {
      await large.close();
    }
  });

  it('scales the generated data with the volume', async () => {
    const small = await startSandbox({ volume: 'small', anchor });
    try {
      expect(small.data.voiceRecordCount).toBeLessThan(30_000);
      expect(small.data.seats()).toHaveLength(150);
    } finally {
      await small.close();
    }
  });

  it('binds a given port', async () => {
    const probe = await startSandbox({ volume: 'small' });
    const port = probe.port;
    await probe.close();
    const fixed = await startSandbox({ volume: 'small', port });
    try {
      expect(fixed.port).toBe(port);
      expect(fixed.baseUrl).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await fixed.close();
    }
  });

  it('serves the field tables instead of the sample quirks when quirks are off', async () => {
    const plain = await startSandbox({ volume: 'small', quirks: false });
    try {
      const read = await call(plain, `${PATHS.seatGroupRead}?voiceGroupId=101`);
      expect(read.json).toMatchObject({ status: '0', data: { voiceGroupId: 101 } });
      const seats = await page<Record<string, unknown>>(plain, PATHS.seats, {
        current: 1,
        size: 5,
        params: {},
      });
      expect(seats.records[0]).toMatchObject({
        voiceGroupId: expect.any(Number),
        status: expect.any(Number),
      });
      expect(seats.records[0]).not.toHaveProperty('sipGroupId');
    } finally {
      await plain.close();
    }
  });
});
