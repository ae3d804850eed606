/**
 * The Summary sheet of an export from the archive, read back with SheetJS, equals the
 * Overview computed over the same archive for the same window and zone: the two are
 * counted apart (rows as they stream; grouped queries in the database) and must agree.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/main/api';
import { archiveRows } from '../../../src/main/archive/archive-export';
import { runExport } from '../../../src/main/export/export-job';
import { computeOverview } from '../../../src/main/reports/compute-overview';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { listOf, type SomeList } from '../../../src/shared/operations';
import { hasCost, NUMBER_FIGURES, VOICE_FIGURES, type Breakdown, type Figure, type SomeFigureSet } from '../../../src/shared/reports/figures';
import type { MoneyTotal, Overview } from '../../../src/shared/reports/overview';
import { archiveOfSandbox, type TestArchive } from '../reports/sandbox-archive';
import { checkedQuery } from '../support/checked';
import { readWorkbook, scratchDir } from './support';
import { serialDay, summaryTables, type TableRow } from './summary-support';

const ZONE = 'America/New_York';
const FROM = '2026-10-29T00:00:00-04:00';
const TO = '2026-11-05T00:00:00-05:00';
/** The platform's endTime is the last second taken in: the window [FROM, TO) ends a second before TO. */
const END_TIME = '2026-11-04T23:59:59-05:00';

describe('the Summary sheet equals the Overview over the archive', () => {
  const data = buildSandboxData({ seed: 41, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'default', workspace: 'ws' });
  const window = { fromMs: Date.parse(FROM), toMs: Date.parse(TO) };
  let archive: TestArchive;
  let overview: Overview;
  let dir: string;

  beforeAll(async () => {
    archive = await archiveOfSandbox(data, window.fromMs - 86_400_000, window.toMs + 86_400_000);
    const computed = await computeOverview({ store: archive.store, profileId: 'p', timeZone: ZONE, window, mmsSends: [] });
    if (!computed.ok) throw new Error(computed.error.message);
    overview = computed.value;
    dir = scratchDir();
  }, 60_000);
  afterAll(async () => {
    await archive.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  async function summaryOf(operation: 'voiceRecords' | 'numberRecords'): Promise<Record<string, TableRow[]>> {
    const path = join(dir, `${operation}.xlsx`);
    const list: SomeList = listOf(operation);
    const result = await runExport({
      // Never asked: the rows come from the archive.
      client: createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', apiSecret: 's', timeZone: '+08:00' }),
      list,
      // Checked as of the sandbox's data, not today.
      selection: { scope: 'all', query: checkedQuery(list, { strTime: FROM, endTime: END_TIME }, { now: new Date('2026-11-22T00:00:00Z') }) },
      archive: archiveRows(archive.store, operation, { window }),
      format: 'xlsx',
      path,
      timeZone: ZONE,
      about: { profileName: 'p', appVersion: '0' },
    } as Parameters<typeof runExport>[0]);
    if (!result.ok) throw new Error(result.error.message);
    return summaryTables(readWorkbook(path).sheets.Summary);
  }
  const near = (value: unknown): unknown => (typeof value === 'number' ? Number(value.toFixed(9)) : value ?? null);
  const moneyRows = (totals: readonly MoneyTotal[]): [string, string][] => totals.map((t) => [t.currency, t.amount.toFixed(6)]);

  /**
   * Every declared bucket figure and the cost of each row, as the sheet's columns say and as the
   * Overview's buckets say; a block without cost (`currencies` empty) has no cost column at all.
   */
  function compareBuckets(set: SomeFigureSet, rows: readonly TableRow[], buckets: readonly Record<string, unknown>[], currencies: readonly string[]) {
    const declared: Readonly<Record<string, Figure<string>>> = set.buckets;
    for (const row of rows) expect(Object.keys(row).filter((header) => header.startsWith('Cost ('))).toEqual(currencies.map((c) => `Cost (${c})`));
    const fromSheet = rows.map((row) => [
      ...Object.values(declared).map((f) => near(row[f.label()])),
      ...currencies.map((c) => Number(row[`Cost (${c})`]).toFixed(6)),
    ]);
    const fromOverview = buckets.map((bucket) => [
      ...Object.keys(declared).map((name) => near(bucket[name])),
      ...currencies.map((c) => ((bucket.cost as MoneyTotal[]).find((m) => m.currency === c)?.amount ?? 0).toFixed(6)),
    ]);
    expect(fromSheet).toEqual(fromOverview);
  }

  for (const set of [VOICE_FIGURES, NUMBER_FIGURES] as const) {
    it(`${set.operation}: every declared total, hour, day and breakdown`, async () => {
      const tables = await summaryOf(set.operation);
      const figures = set.operation === 'voiceRecords' ? overview.voice : overview.numbers;
      const totals = figures.totals as unknown as Record<string, unknown>;
      expect(totals.calls).toBeGreaterThan(100);
      const declared: Readonly<Record<string, Figure<string>>> = set.totals;
      for (const [name, f] of Object.entries(declared)) {
        expect(near(tables.Totals.find((row) => row.Figure === f.label())?.Value), f.label()).toEqual(near(totals[name]));
      }
      const sheetCost = tables.Totals.filter((r) => String(r.Figure).startsWith('Cost (')).map((r) => [String(r.Figure).slice(6, -1), Number(r.Value).toFixed(6)]);
      expect(sheetCost).toEqual(moneyRows(figures.totals.cost));
      const currencies = figures.totals.cost.map((c) => c.currency);
      expect(currencies.length).toBeGreaterThan(0);
      // Hours and days carry cost only when the set counts it by time (voice does not): no column then, as on the Overview.
      const timeCurrencies = hasCost(set, 'time') ? currencies : [];
      if (set.byHour) {
        expect(tables['By hour of day'].map((r) => r.Hour)).toEqual(figures.byHour.map((b) => b.label));
        compareBuckets(set, tables['By hour of day'], figures.byHour, timeCurrencies);
      }
      expect(tables['By day'].map((r) => serialDay(r.Day))).toEqual(figures.byDay.map((b) => b.key));
      expect(tables['By day'].map((r) => serialDay(r.Day))).toContain('2026-11-01');
      compareBuckets(set, tables['By day'], figures.byDay, timeCurrencies);
      const breakdowns: readonly Breakdown[] = set.breakdowns;
      for (const breakdown of breakdowns) {
        // Found through other lists (a call's seat): only the archive counts it, the Summary leaves it out.
        if (breakdown.via) {
          expect(tables[breakdown.title()], breakdown.title()).toBeUndefined();
          continue;
        }
        const buckets = figures.breakdowns[breakdown.name].buckets;
        const rows = tables[breakdown.title()];
        expect(rows, breakdown.title()).toBeDefined();
        expect(rows.map((r) => (r[breakdown.header()] === null ? '' : String(r[breakdown.header()])))).toEqual(
          buckets.map((b) => (breakdown.label || b.key !== '' ? b.key : '') || (breakdown.label ? '' : b.label)),
        );
        compareBuckets(set, rows, buckets, currencies);
      }
    }, 60_000);
  }
});
