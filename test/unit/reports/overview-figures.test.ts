/**
 * Each figure of the Overview, computed over an archive of a sandbox window, equals the
 * same figure counted here from the sandbox's own records with plain loops; hours and
 * days are read with Intl in the zone, independently of the app's time-zone module.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxData, type SandboxData } from '../../../src/main/sandbox/data';
import type { NumberCallRecord, VoiceRecord } from '../../../src/main/sandbox/data/types';
import { computeOverview } from '../../../src/main/reports/compute-overview';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { MoneyTotal, Overview } from '../../../src/shared/reports/overview';
import { SEAT_STATUS_LABELS, seatGroupOf } from '../../../src/shared/platform';
import { archiveOfSandbox, type TestArchive } from './sandbox-archive';

const HOUR = 3_600_000;

function hourIn(ms: number, zone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(ms));
}
function dayIn(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}
/** The sandbox writes number-record times without a zone, in +08:00. */
const numberTime = (text: string): number => Date.parse(`${text.replace(' ', 'T')}+08:00`);

function voiceIn(data: SandboxData, fromMs: number, toMs: number): VoiceRecord[] {
  const range = data.voiceRecordRange(fromMs, toMs);
  const records: VoiceRecord[] = [];
  for (let i = range.first; i < range.end; i++) {
    const record = data.voiceRecordAt(i);
    const at = Date.parse(record.submitTime);
    if (at >= fromMs && at < toMs) records.push(record);
  }
  return records;
}
function numbersIn(data: SandboxData, fromMs: number, toMs: number): NumberCallRecord[] {
  const range = data.numberRecordRange(fromMs, toMs);
  const records: NumberCallRecord[] = [];
  for (let i = range.first; i < range.end; i++) {
    const record = data.numberRecordAt(i);
    const at = numberTime(record.startTime);
    if (at >= fromMs && at < toMs) records.push(record);
  }
  return records;
}
function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
function sumByCurrency<T>(items: readonly T[], currency: (item: T) => string | null, amount: (item: T) => string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const item of items) {
    const code = currency(item) || 'USD';
    sums.set(code, (sums.get(code) ?? 0) + Number(amount(item)));
  }
  return sums;
}
function expectMoney(actual: readonly MoneyTotal[], expected: Map<string, number>): void {
  expect(actual.map((total) => total.currency).sort()).toEqual([...expected.keys()].sort());
  for (const total of actual) expect(total.amount).toBeCloseTo(expected.get(total.currency) ?? NaN, 6);
}

describe('the Overview figures equal the sandbox data counted by hand', () => {
  const data = buildSandboxData({ seed: 7, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'default', workspace: 'report-test' });
  const archivedFrom = Date.parse('2026-10-25T00:00:00Z');
  const archivedTo = Date.parse('2026-11-22T00:00:00Z');
  let archive: TestArchive;
  beforeAll(async () => {
    archive = await archiveOfSandbox(data, archivedFrom, archivedTo);
  }, 60_000);
  afterAll(() => archive.remove());

  const overviewOf = async (timeZone: string, fromMs: number, toMs: number): Promise<Overview> => {
    const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone, window: { fromMs, toMs }, mmsSends: [] });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  it('voice totals: calls, connected, ASR, voicemail, talk time, ACD, billed minutes, cost per currency, base cost', async () => {
    const fromMs = Date.parse('2026-11-10T00:00:00+08:00');
    const toMs = Date.parse('2026-11-20T00:00:00+08:00');
    const { voice } = await overviewOf('Asia/Shanghai', fromMs, toMs);
    const records = voiceIn(data, fromMs, toMs);
    let connected = 0;
    let voicemail = 0;
    let talk = 0;
    let connectedTalk = 0;
    let charged = 0;
    let base = 0;
    for (const record of records) {
      if (record.callStatus === 50) {
        connected += 1;
        connectedTalk += record.callDuration;
      }
      if (record.callStatus === 40) voicemail += 1;
      talk += record.callDuration;
      charged += record.chargedDuration;
      base += Number(record.baseCost);
    }
    expect(records.length).toBeGreaterThan(1000);
    expect(voice.totals.calls).toBe(records.length);
    expect(voice.totals.connected).toBe(connected);
    expect(voice.totals.asr).toBeCloseTo(connected / records.length, 12);
    expect(voice.totals.voicemail).toBe(voicemail);
    expect(voice.totals.talkSeconds).toBe(talk);
    expect(voice.totals.acdSeconds).toBeCloseTo(connectedTalk / connected, 9);
    expect(voice.totals.billedMinutes).toBeCloseTo(charged / 60, 9);
    expect(voice.totals.baseCostUsd).toBeCloseTo(base, 6);
    const cost = sumByCurrency(records, (record) => record.currency, (record) => record.cost);
    expect(cost.size).toBe(2);
    expectMoney(voice.totals.cost, cost);

    const statuses = countBy(records, (record) => String(record.callStatus));
    expect(new Map(voice.breakdowns.byStatus.buckets.map((bucket) => [bucket.key, bucket.calls]))).toEqual(statuses);

    for (const [buckets, key] of [
      [voice.breakdowns.displayNumbers.buckets, (record: VoiceRecord) => record.displayNum],
      [voice.breakdowns.regions.buckets, (record: VoiceRecord) => record.code],
    ] as const) {
      const calls = countBy(records, key);
      const top = [...calls.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, 20);
      expect(buckets.map((bucket) => [bucket.key, bucket.calls])).toEqual(top);
      for (const bucket of buckets) {
        const mine = records.filter((record) => key(record) === bucket.key);
        const up = mine.filter((record) => record.callStatus === 50).length;
        expect(bucket.connected).toBe(up);
        expect(bucket.asr).toBeCloseTo(up / mine.length, 12);
      }
    }
    const keys = countBy(records, (record) => record.feedbackValue);
    expect(new Map(voice.breakdowns.keysPressed.buckets.map((bucket) => [bucket.key, bucket.calls]))).toEqual(keys);
    expect(voice.breakdowns.keysPressed.buckets.find((bucket) => bucket.key === '-1')?.label).toBe('no key');
  });

  it.each(['Asia/Shanghai', 'America/New_York'])('calls and connected by hour of day in %s', async (zone) => {
    const fromMs = Date.parse('2026-11-03T05:00:00Z');
    const toMs = Date.parse('2026-11-17T05:00:00Z');
    const { voice } = await overviewOf(zone, fromMs, toMs);
    const calls = new Array<number>(24).fill(0);
    const connected = new Array<number>(24).fill(0);
    for (const record of voiceIn(data, fromMs, toMs)) {
      const hour = hourIn(Date.parse(record.submitTime), zone);
      calls[hour] += 1;
      if (record.callStatus === 50) connected[hour] += 1;
    }
    expect(voice.byHour.map((bucket) => bucket.key)).toEqual(Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')));
    expect(voice.byHour.map((bucket) => bucket.calls)).toEqual(calls);
    expect(voice.byHour.map((bucket) => bucket.connected)).toEqual(connected);
  });

  it('an offset zone (+08:00) buckets like the zone of that offset', async () => {
    const fromMs = Date.parse('2026-11-05T00:00:00+08:00');
    const toMs = Date.parse('2026-11-08T00:00:00+08:00');
    const { voice, timeZone } = await overviewOf('+08:00', fromMs, toMs);
    expect(timeZone).toBe('+08:00');
    const records = voiceIn(data, fromMs, toMs);
    const byHour = new Array<number>(24).fill(0);
    for (const record of records) byHour[hourIn(Date.parse(record.submitTime), 'Etc/GMT-8')] += 1;
    expect(voice.byHour.map((bucket) => bucket.calls)).toEqual(byHour);
    const byDay = countBy(records, (record) => dayIn(Date.parse(record.submitTime), 'Etc/GMT-8'));
    expect(voice.byDay.map((bucket) => [bucket.key, bucket.calls])).toEqual([...byDay.entries()].sort());
  });

  it('a window across the end of daylight saving in New York (2026-11-01): 25-hour day, hours and days right', async () => {
    const zone = 'America/New_York';
    const fromMs = Date.parse('2026-10-30T00:00:00-04:00');
    const toMs = Date.parse('2026-11-03T00:00:00-05:00');
    const overview = await overviewOf(zone, fromMs, toMs);
    const { byDay, byHour } = overview.voice;
    expect(byDay.map((bucket) => bucket.key)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    const lengths = byDay.map((bucket) => (bucket.drill.toMs - bucket.drill.fromMs) / HOUR);
    expect(lengths).toEqual([24, 24, 25, 24]);
    const records = voiceIn(data, fromMs, toMs);
    const days = countBy(records, (record) => dayIn(Date.parse(record.submitTime), zone));
    expect(byDay.map((bucket) => bucket.calls)).toEqual(byDay.map((bucket) => days.get(bucket.key) ?? 0));
    const hours = new Array<number>(24).fill(0);
    for (const record of records) hours[hourIn(Date.parse(record.submitTime), zone)] += 1;
    expect(byHour.map((bucket) => bucket.calls)).toEqual(hours);
    // Number records are bucketed in the same days.
    const numberDays = countBy(numbersIn(data, fromMs, toMs), (record) => dayIn(numberTime(record.startTime), zone));
    expect(overview.numbers.byDay.map((bucket) => bucket.calls)).toEqual(overview.numbers.byDay.map((bucket) => numberDays.get(bucket.key) ?? 0));
  });

  it('a window across the start of daylight saving in New York (2026-03-08): a 23-hour day', async () => {
    const spring = buildSandboxData({ seed: 7, anchor: new Date('2026-03-20T00:00:00Z'), volume: 'small', workspace: 'report-test' });
    const fromMs = Date.parse('2026-03-07T00:00:00-05:00');
    const toMs = Date.parse('2026-03-10T00:00:00-04:00');
    const springArchive = await archiveOfSandbox(spring, fromMs, toMs);
    try {
      const result = await computeOverview({ store: springArchive.store, profileId: 'p', timeZone: 'America/New_York', window: { fromMs, toMs }, mmsSends: [] });
      if (!result.ok) throw new Error(result.error.message);
      const { byDay, byHour } = result.value.voice;
      expect(byDay.map((bucket) => [bucket.key, (bucket.drill.toMs - bucket.drill.fromMs) / HOUR])).toEqual([
        ['2026-03-07', 24],
        ['2026-03-08', 23],
        ['2026-03-09', 24],
      ]);
      const records = voiceIn(spring, fromMs, toMs);
      const days = countBy(records, (record) => dayIn(Date.parse(record.submitTime), 'America/New_York'));
      expect(byDay.map((bucket) => bucket.calls)).toEqual(byDay.map((bucket) => days.get(bucket.key) ?? 0));
      const hours = new Array<number>(24).fill(0);
      for (const record of records) hours[hourIn(Date.parse(record.submitTime), 'America/New_York')] += 1;
      expect(byHour.map((bucket) => bucket.calls)).toEqual(hours);
    } finally {
      await springArchive.remove();
    }
  });

  it('number records: calls, durations and cost per currency in total, by day, number, country and type', async () => {
    const fromMs = Date.parse('2026-11-01T00:00:00+08:00');
    const toMs = Date.parse('2026-11-21T00:00:00+08:00');
    const { numbers } = await overviewOf('Asia/Shanghai', fromMs, toMs);
    const records = numbersIn(data, fromMs, toMs);
    expect(records.length).toBeGreaterThan(500);
    expect(numbers.totals.calls).toBe(records.length);
    expect(numbers.totals.durationSeconds).toBe(records.reduce((sum, record) => sum + record.callDuration, 0));
    expectMoney(numbers.totals.cost, sumByCurrency(records, (record) => record.currency, (record) => record.pay));
    const groups = [
      [numbers.breakdowns.byNumber.buckets, (record: NumberCallRecord) => record.number],
      [numbers.breakdowns.byCountry.buckets, (record: NumberCallRecord) => record.country],
      [numbers.breakdowns.byType.buckets, (record: NumberCallRecord) => record.type],
      [numbers.byDay, (record: NumberCallRecord) => dayIn(numberTime(record.startTime), 'Asia/Shanghai')],
    ] as const;
    for (const [buckets, key] of groups) {
      const calls = countBy(records, key);
      expect(new Map(buckets.filter((bucket) => bucket.calls > 0).map((bucket) => [bucket.key, bucket.calls]))).toEqual(calls);
      for (const bucket of buckets) {
        const mine = records.filter((record) => key(record) === bucket.key);
        expect(bucket.durationSeconds).toBe(mine.reduce((sum, record) => sum + record.callDuration, 0));
        expectMoney(bucket.cost, sumByCurrency(mine, (record) => record.currency, (record) => record.pay));
      }
    }
    expect(numbers.breakdowns.byType.buckets.map((bucket) => bucket.key).sort()).toEqual(['FIXED', 'MOBILE']);
  }, 60_000);

  it('seats by status and by group, and when the list was taken', async () => {
    const { seats } = await overviewOf('Asia/Shanghai', archivedFrom, archivedTo);
    const raw = data.seats();
    expect(seats.total).toBe(raw.length);
    expect(seats.takenAt).toEqual(await archive.store.snapshotTakenAt(archiveTableFor('seats').layout.table, ''));
    const statuses = countBy(raw, (seat) => seat.status);
    expect(new Map(seats.byStatus.map((bucket) => [bucket.key, bucket.count]))).toEqual(statuses);
    for (const bucket of seats.byStatus) expect(bucket.label).toBe(SEAT_STATUS_LABELS[Number(bucket.key)]);
    const groups = countBy(raw, (seat) => seatGroupOf({ voiceGroupId: String(seat.sipGroupId), groupName: seat.groupName }).key);
    expect(new Map(seats.byGroup.map((bucket) => [bucket.key, bucket.count]))).toEqual(groups);
  });
});

describe('records from before call status was recorded', () => {
  it('are their own status bucket, labelled, and their drill-down lists them', async () => {
    const data = buildSandboxData({ seed: 3, anchor: new Date('2025-12-15T00:00:00Z'), volume: 'small', workspace: 'report-test' });
    const fromMs = Date.parse('2025-12-05T00:00:00+08:00');
    const toMs = Date.parse('2025-12-14T00:00:00+08:00');
    const archive = await archiveOfSandbox(data, fromMs, toMs);
    try {
      const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone: '+08:00', window: { fromMs, toMs }, mmsSends: [] });
      if (!result.ok) throw new Error(result.error.message);
      const records = voiceIn(data, fromMs, toMs);
      const missing = records.filter((record) => record.callStatus === null).length;
      expect(missing).toBeGreaterThan(0);
      const bucket = result.value.voice.breakdowns.byStatus.buckets.find((candidate) => candidate.key === '');
      expect(bucket?.calls).toBe(missing);
      expect(bucket?.label).toBe('not recorded before 2025-12-10 10:00 (+08:00)');
      const drill = bucket?.drill;
      if (!drill) throw new Error('no drill-down');
      const page = await archive.store.page(
        archiveTableFor('voiceRecords'),
        { window: { fromMs: drill.fromMs, toMs: drill.toMs }, equals: drill.equals },
        0,
        1,
      );
      expect(page.total).toBe(missing);
    } finally {
      await archive.remove();
    }
  });
});
