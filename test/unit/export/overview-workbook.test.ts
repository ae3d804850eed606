/**
 * The Overview's workbook, read back with SheetJS: a sheet of every voice and number figure
 * and breakdown (the Summary sheet's layout), the comparison's values and changes checked
 * against plain counts of the raw rows, the compared period's own sheets, the seats, peaks
 * and MMS, and no partial file left behind.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOverviewWorkbook } from '../../../src/main/export/overview-workbook';
import { reservePath } from '../../../src/main/export/reservation';
import { comparisonWindow, computeOverview } from '../../../src/main/reports/compute-overview';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { NUMBER_FIGURES, VOICE_FIGURES, type Breakdown } from '../../../src/shared/reports/figures';
import type { Overview } from '../../../src/shared/reports/overview';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { archiveOfSandbox, type TestArchive } from '../reports/sandbox-archive';
import { libreOfficeCsv, parseCsv, readWorkbook, scratchDir } from './support';
import { summaryTables } from './summary-support';

const DAY = 86_400_000;
const ZONE = 'America/New_York';

describe('the Overview as a workbook', () => {
  const data = buildSandboxData({ seed: 7, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'default', workspace: 'ws' });
  // Across the end of daylight saving (1 November in New York).
  const window = { fromMs: Date.parse('2026-10-30T00:00:00-04:00'), toMs: Date.parse('2026-11-03T00:00:00-05:00') };
  const other = comparisonWindow(window, 'previous', parseTimeZone(ZONE) as TimeZone);
  let archive: TestArchive;
  let overview: Overview;
  let dir: string;

  /** Calls and connected calls of the sandbox's raw rows submitted in [fromMs, toMs): plain loops. */
  const raw = (fromMs: number, toMs: number): { calls: number; connected: number } => {
    let calls = 0;
    let connected = 0;
    const range = data.voiceRecordRange(fromMs - DAY, toMs + DAY);
    for (let i = range.first; i < range.end; i++) {
      const record = data.voiceRecordAt(i);
      const at = Date.parse(record.submitTime);
      if (at < fromMs || at >= toMs) continue;
      calls += 1;
      if (record.callStatus === 50) connected += 1;
    }
    return { calls, connected };
  };

  beforeAll(async () => {
    archive = await archiveOfSandbox(data, other.fromMs - DAY, window.toMs + DAY);
    const computed = await computeOverview({ store: archive.store, profileId: 'p', timeZone: ZONE, window, compare: 'previous', mmsSends: [] });
    if (!computed.ok) throw new Error(computed.error.message);
    overview = computed.value;
    dir = scratchDir();
  }, 60_000);
  afterAll(async () => {
    await archive.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every figure and breakdown, the comparison counted from the raw rows, and an About sheet', async () => {
    const path = join(dir, 'overview.xlsx');
    const written = await writeOverviewWorkbook({ overview, profileName: 'Desk one', appVersion: '9.9.9', reservation: reservePath(path) });
    if (!written.ok) throw new Error(written.error.message);
    expect(readdirSync(dir)).toEqual(['overview.xlsx']);
    const book = readWorkbook(path);
    expect(book.names).toEqual(['Voice calls', 'Number calls', 'Voice calls, compared', 'Number calls, compared', 'Seats, peaks, MMS', 'About']);

    const mine = raw(window.fromMs, window.toMs);
    const theirs = raw(other.fromMs, other.toMs);
    expect(mine.calls).toBeGreaterThan(100);
    expect(theirs.calls).toBeGreaterThan(100);
    const voice = summaryTables(book.sheets['Voice calls']);
    expect(voice.Totals.find((row) => row.Figure === 'Calls')?.Value).toBe(mine.calls);
    const compared = (label: string) => voice.Compared.find((row) => row.Figure === label);
    expect(compared('Calls')).toMatchObject({ 'This window': mine.calls, 'Compared period': theirs.calls });
    const change = ((mine.calls - theirs.calls) / theirs.calls) * 100;
    const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
    expect(compared('Calls')?.Change).toBe(`${sign}${Math.abs(change).toFixed(1)}%`);
    const points = (mine.connected / mine.calls - theirs.connected / theirs.calls) * 100;
    expect(compared('ASR (connected ÷ calls)')?.Change).toBe(`${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points).toFixed(1)} pt`);
    expect(compared('Connected')).toMatchObject({ 'This window': mine.connected, 'Compared period': theirs.connected });
    // The compared period's own sheet says the same as its column.
    expect(summaryTables(book.sheets['Voice calls, compared']).Totals.find((row) => row.Figure === 'Calls')?.Value).toBe(theirs.calls);

    // Every declared breakdown of both sets, with the Overview's rows in its order.
    for (const [sheet, set, figures] of [
      ['Voice calls', VOICE_FIGURES, overview.voice],
      ['Number calls', NUMBER_FIGURES, overview.numbers],
    ] as const) {
      const tables = summaryTables(book.sheets[sheet]);
      expect(tables['By day'], sheet).toHaveLength(figures.byDay.length);
      const breakdowns: readonly Breakdown[] = set.breakdowns;
      for (const breakdown of breakdowns) {
        const buckets = figures.breakdowns[breakdown.name].buckets;
        expect(tables[breakdown.title()]?.map((row) => row.Calls), `${sheet}: ${breakdown.title()}`).toEqual(buckets.map((bucket) => bucket.calls));
      }
    }

    const others = summaryTables(book.sheets['Seats, peaks, MMS'].map((row) => row.map((cell) => (cell === 'Seats by status' ? 'Totals' : cell))));
    expect(others.Totals.reduce((sum, row) => sum + Number(row.Seats), 0)).toBe(overview.seats.total);
    expect(others['Peak concurrent calls']).toHaveLength(overview.voice.concurrency.points.length);
    const about = Object.fromEntries(book.sheets.About.slice(1).map((row) => [row[0], row[1]]));
    expect(about).toMatchObject({ Operation: 'Overview', Profile: 'Desk one', 'Time zone': ZONE, 'App version': '9.9.9' });
  }, 60_000);

  it('opens in LibreOffice, every sheet of it', async () => {
    const path = join(dir, 'lo.xlsx');
    const written = await writeOverviewWorkbook({ overview, profileName: 'p', appVersion: '0', reservation: reservePath(path) });
    if (!written.ok) throw new Error(written.error.message);
    const sheets = await libreOfficeCsv(path);
    expect(Object.keys(sheets).sort()).toEqual(['About', 'Number calls', 'Number calls, compared', 'Seats, peaks, MMS', 'Voice calls', 'Voice calls, compared'].sort());
    const calls = parseCsv(sheets['Voice calls']).rows.find((row) => row[0] === 'Calls');
    expect(calls?.[1]).toBe(raw(window.fromMs, window.toMs).calls.toLocaleString('en'));
  }, 120_000);

  it('cancelled, it leaves no file', async () => {
    const path = join(dir, 'cancelled.xlsx');
    const controller = new AbortController();
    controller.abort();
    const written = await writeOverviewWorkbook({ overview, profileName: 'p', appVersion: '0', reservation: reservePath(path), signal: controller.signal });
    expect(written.ok === false && written.error.code).toBe('cancelled');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('cancelled'))).toEqual([]);
  });
});
