/**
 * The archive's hour-of-day filter keeps exactly the rows the one calendar puts in that
 * hour, across daylight-saving changes and odd offsets, costs one test per row however
 * long the window, and over a window reaching past the archived rows (year 1 to 9999)
 * reads only the time the rows cover.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveQueryRefused, ArchiveStore } from '../../../src/main/archive/archive-store';
import { offsetPieces } from '../../../src/main/archive/hour-of-day-sql';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { calendarOf } from '../../../src/shared/calendar';
import { parseIsoInstant, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { generateVoiceArchive } from './generated-archive';

const zoneOf = (name: string): TimeZone => parseTimeZone(name) as TimeZone;
const table = archiveTableFor('voiceRecords');

describe('offset pieces', () => {
  it('change where the zone changes, to the quarter hour', () => {
    const window = { fromMs: Date.UTC(2026, 0, 1), toMs: Date.UTC(2027, 0, 1) };
    const berlin = offsetPieces(window, zoneOf('Europe/Berlin'));
    expect(berlin.map((piece) => [new Date(piece.fromMs).toISOString(), piece.offsetMs / 60_000])).toEqual([
      ['2026-01-01T00:00:00.000Z', 60],
      ['2026-03-29T01:00:00.000Z', 120],
      ['2026-10-25T01:00:00.000Z', 60],
    ]);
    expect(offsetPieces(window, zoneOf('+05:45'))).toEqual([{ fromMs: window.fromMs, offsetMs: 345 * 60_000 }]);
  });

  it('change where the clocks go forward at local midnight too (the hour skipped is the first of the day)', () => {
    const window = { fromMs: Date.UTC(2026, 0, 1), toMs: Date.UTC(2027, 0, 1) };
    // Beirut: 00:00 becomes 01:00 on the last Sunday of March, 00:00 is 23:00 again on the last Sunday of October.
    expect(offsetPieces(window, zoneOf('Asia/Beirut')).map((piece) => [new Date(piece.fromMs).toISOString(), piece.offsetMs / 60_000])).toEqual([
      ['2026-01-01T00:00:00.000Z', 120],
      ['2026-03-28T22:00:00.000Z', 180],
      ['2026-10-24T21:00:00.000Z', 120],
    ]);
  });
});

describe('the hour-of-day filter', () => {
  const folder = mkdtempSync(join(tmpdir(), 'archive-hour-of-day-'));
  // A row every 7 minutes over 400 days from 2026-01-01: both of this year's changes in each zone.
  const ROWS = 82_000;
  const STEP_MS = 7 * 60_000;
  const NEWEST_MS = Date.UTC(2027, 1, 5);
  let store: ArchiveStore;
  beforeAll(async () => {
    await generateVoiceArchive(join(folder, 'hours.duckdb'), ROWS, { newestMs: NEWEST_MS, stepMs: STEP_MS });
    ({ store } = await ArchiveStore.open(join(folder, 'hours.duckdb')));
  }, 60_000);
  afterAll(() => store.close());

  const times = Array.from({ length: ROWS }, (_, i) => NEWEST_MS - i * STEP_MS);

  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', '+08:00', 'Asia/Beirut', 'America/Havana', 'America/Santiago'])('keeps the rows the calendar puts in each hour (%s)', async (name) => {
    const zone = zoneOf(name);
    const calendar = calendarOf(zone);
    const window = { fromMs: Date.UTC(2026, 0, 1), toMs: Date.UTC(2027, 0, 1) };
    const expected = new Array<number>(24).fill(0);
    for (const time of times) if (time >= window.fromMs && time <= window.toMs) expected[calendar.hourOf(time)] += 1;
    const counted: number[] = [];
    for (let hour = 0; hour < 24; hour++) counted.push((await store.page(table, { window, hourOfDay: { hour, zone } }, 0, 1)).total);
    expect(counted).toEqual(expected);
  });

  it('over year 1 to 9999 reads what the rows cover, and answers as over their own span', async () => {
    const zone = zoneOf('Europe/Berlin');
    const everything = { fromMs: parseIsoInstant('0001-01-01T00:00:00Z') ?? 0, toMs: parseIsoInstant('9999-12-31T23:59:59Z') ?? 0 };
    const own = { fromMs: NEWEST_MS - (ROWS - 1) * STEP_MS, toMs: NEWEST_MS };
    const started = performance.now();
    const huge = await store.page(table, { window: everything, hourOfDay: { hour: 9, zone } }, 0, 25);
    expect(performance.now() - started).toBeLessThan(3_000);
    const exact = await store.page(table, { window: own, hourOfDay: { hour: 9, zone } }, 0, 25);
    expect(huge.total).toBe(exact.total);
    expect(huge.records).toEqual(exact.records);
  });

  it('refuses, naming the window, rows spread over more days than the calendar walks', async () => {
    const path = join(folder, 'eleven-years.duckdb');
    await generateVoiceArchive(path, 3, { newestMs: NEWEST_MS, stepMs: 2000 * 86_400_000 });
    const { store: wide } = await ArchiveStore.open(path);
    try {
      const window = { fromMs: NEWEST_MS - 5000 * 86_400_000, toMs: NEWEST_MS };
      const refused: unknown = await wide.page(table, { window, hourOfDay: { hour: 9, zone: zoneOf('+08:00') } }, 0, 25).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ArchiveQueryRefused);
      expect(refused).toMatchObject({ field: 'window' });
      // The rows' own span, not the window asked for: what there is to shorten.
      expect((refused as Error).message).toBe(
        'An hour of the day can be picked over at most 3660 days of archived records, and the window from 2016-02-23 to 2027-02-05 holds records over 4000 days: shorten the window.',
      );
    } finally {
      await wide.close();
    }
  });
});
