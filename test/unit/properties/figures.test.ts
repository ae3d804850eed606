/**
 * The Overview (SQL over the archive) and the Summary sheet (rows counted as an export or
 * `switchboard report` streams them) give identical figures for random windows and zones,
 * windows across daylight-saving changes and windows ending at the newest record included;
 * and their hour and day buckets equal a plain count of the raw rows (Intl, nothing of the app's).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowSummaryFor } from '../../../src/main/export/summary';
import { computeOverview } from '../../../src/main/reports/compute-overview';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { listOf } from '../../../src/shared/operations';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { archiveOfSandbox, type TestArchive } from '../reports/sandbox-archive';

const ANCHOR = Date.parse('2026-11-22T00:00:00Z');
const DAY = 86_400_000;
const FIRST = ANCHOR - 50 * DAY;
const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/London', 'Asia/Kathmandu', '+05:45', '-03:30'];
/** Daylight-saving changes inside the data: London 2026-10-25, New York 2026-11-01. */
const CHANGES = [Date.parse('2026-10-25T01:00:00Z'), Date.parse('2026-11-01T06:00:00Z')];

function hourIn(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zoneForIntl(zone), hour: '2-digit', hourCycle: 'h23' }).format(ms);
}
function dayIn(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zoneForIntl(zone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}
/** Intl takes an offset as `+05:45` since ES2024; Node 20 only by its Etc name for whole hours, so shift by hand. */
function zoneForIntl(zone: string): string {
  return zone.startsWith('+') || zone.startsWith('-') ? 'UTC' : zone;
}
function shiftFor(zone: string): number {
  if (!(zone.startsWith('+') || zone.startsWith('-'))) return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
}
function countBy(times: readonly number[], key: (ms: number) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const time of times) counts.set(key(time), (counts.get(key(time)) ?? 0) + 1);
  return counts;
}

const windowArbitrary = fc.oneof(
  // Anywhere in the data, one hour to twenty days, whole seconds.
  fc.record({ from: fc.integer({ min: FIRST / 1000, max: (ANCHOR - 3_600_000) / 1000 }), hours: fc.integer({ min: 1, max: 480 }) }).map(({ from, hours }) => ({
    fromMs: from * 1000,
    toMs: Math.min(ANCHOR, from * 1000 + hours * 3_600_000),
  })),
  // Across a daylight-saving change.
  fc.record({ change: fc.constantFrom(...CHANGES), before: fc.integer({ min: 1, max: 72 }), after: fc.integer({ min: 1, max: 72 }) }).map(({ change, before, after }) => ({
    fromMs: change - before * 3_600_000 - 17_000,
    toMs: change + after * 3_600_000,
  })),
  // Ending at the newest data ("now" for the sandbox).
  fc.integer({ min: 1, max: 240 }).map((hours) => ({ fromMs: ANCHOR - hours * 3_600_000, toMs: ANCHOR })),
);

describe('figures: the Overview and the Summary agree, and equal plain counts', () => {
  const data = buildSandboxData({ seed: 7, anchor: new Date(ANCHOR), volume: 'default', workspace: 'ws' });
  let archive: TestArchive;
  /** Every record of the data as the client normalises it, with its row time, by list. */
  const normalised = new Map<string, { row: unknown; at: number }[]>();

  beforeAll(async () => {
    archive = await archiveOfSandbox(data, FIRST - DAY, ANCHOR + DAY);
    const context = { zone: parseTimeZone('+08:00') as TimeZone };
    for (const operation of ['voiceRecords', 'numberRecords'] as const) {
      const list = listOf(operation);
      const range = operation === 'voiceRecords' ? data.voiceRecordRange(FIRST - DAY, ANCHOR + DAY) : data.numberRecordRange(FIRST - DAY, ANCHOR + DAY);
      const rows: { row: unknown; at: number }[] = [];
      for (let i = range.first; i < range.end; i++) {
        const raw = operation === 'voiceRecords' ? data.voiceRecordAt(i) : data.numberRecordAt(i);
        const row = list.normalise(raw as unknown as Record<string, unknown>, context);
        const at = list.rowTime?.of(row as never) ?? null;
        if (at !== null) rows.push({ row, at });
      }
      normalised.set(operation, rows);
    }
  }, 120_000);
  afterAll(async () => archive.remove());

  it('for random windows and zones, record list by record list', async () => {
    await fc.assert(
      fc.asyncProperty(windowArbitrary, fc.constantFrom(...ZONES), async (window, zoneName) => {
        const zone = parseTimeZone(zoneName) as TimeZone;
        const computed = await computeOverview({ store: archive.store, profileId: 'p', timeZone: zoneName, window, mmsSends: [] });
        if (!computed.ok) throw new Error(computed.error.message);
        const overview = computed.value;
        // The platform's answer to [strTime, endTime]: endTime is the last second taken in.
        const params = { strTime: formatIsoInZone(window.fromMs, zone), endTime: formatIsoInZone(window.toMs - 1000, zone) };

        for (const operation of ['voiceRecords', 'numberRecords'] as const) {
          const list = listOf(operation);
          const inWindow = (normalised.get(operation) ?? []).filter(({ at }) => at >= window.fromMs && at < window.toMs);
          const rows = inWindow.map(({ row }) => row);
          const times = inWindow.map(({ at }) => at);
          const summary = rowSummaryFor(list as never, params as never, zone);
          if (!summary) throw new Error(`${operation} has no Summary`);
          summary.add(rows as never[]);
          const fromRows = summary.figures();
          const fromArchive = operation === 'voiceRecords' ? overview.voice : overview.numbers;
          const { concurrency: _concurrency, ...voiceFigures } = overview.voice;
          // Calls by seat and team leader are found through other lists: the streamed rows leave them out.
          const { bySeat: _bySeat, byTeamLeader: _byTeamLeader, ...ownBreakdowns } = voiceFigures.breakdowns;
          expect(fromRows).toEqual(operation === 'voiceRecords' ? { ...voiceFigures, breakdowns: ownBreakdowns } : fromArchive);

          // Plain counts of the raw rows in each local hour and day.
          const shift = shiftFor(zoneName);
          const byDay = countBy(times, (ms) => dayIn(ms + shift, zoneName));
          expect(new Map(fromRows.byDay.filter((b) => b.calls > 0).map((b) => [b.key, b.calls]))).toEqual(byDay);
          expect(fromRows.totals.calls).toBe(rows.length);
          if (operation === 'voiceRecords') {
            const byHour = countBy(times, (ms) => hourIn(ms + shift, zoneName));
            expect(new Map(fromRows.byHour.filter((b) => b.calls > 0).map((b) => [b.key, b.calls]))).toEqual(byHour);
          }
        }
      }),
      { numRuns: 20, seed: 2511 },
    );
  }, 300_000);
});
