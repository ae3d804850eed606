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
import type { MoneyTotal, Overview } from '../../../src/shared/reports/overview';
import { archiveOfSandbox, type TestArchive } from '../reports/sandbox-archive';
import { checkedQuery } from '../support/checked';
import { readWorkbook, scratchDir } from './support';
import { serialDay, summaryTables, type TableRow } from './summary-support';

const ZONE = 'America/New_York';
const FROM = '2026-10-29T00:00:00-04:00';
const TO = '2026-11-05T00:00:00-05:00';

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
      selection: { scope: 'all', query: checkedQuery(list, { strTime: FROM, endTime: TO }, { now: new Date('2026-11-22T00:00:00Z') }) },
      rows: archiveRows(archive.store, operation, { window }),
      format: 'xlsx',
      path,
      timeZone: ZONE,
      about: { profileName: 'p', appVersion: '0' },
    } as Parameters<typeof runExport>[0]);
    if (!result.ok) throw new Error(result.error.message);
    return summaryTables(readWorkbook(path).sheets.Summary);
  }
  const figure = (tables: Record<string, TableRow[]>, name: string): number | null => {
    const value = tables.Totals.find((row) => row.Figure === name)?.Value;
    return value === undefined ? NaN : (value as number | null);
  };
  const money = (totals: readonly MoneyTotal[]): [string, string][] => totals.map((t) => [t.currency, t.amount.toFixed(6)]);
  const sheetMoney = (row: TableRow | undefined, currencies: readonly string[]): [string, string][] =>
    currencies.map((c) => [c, Number(row?.[`Cost (${c})`]).toFixed(6)]);

  it('voice records: totals, by hour, by day (across the DST change) and by status', async () => {
    const tables = await summaryOf('voiceRecords');
    const t = overview.voice.totals;
    expect(t.calls).toBeGreaterThan(1000);
    expect(figure(tables, 'Calls')).toBe(t.calls);
    expect(figure(tables, 'Connected')).toBe(t.connected);
    expect(figure(tables, 'ASR (connected ÷ calls)')).toBeCloseTo(t.asr ?? NaN, 12);
    expect(figure(tables, 'Voicemail')).toBe(t.voicemail);
    expect(figure(tables, 'Talk time, all calls (s)')).toBe(t.talkSeconds);
    expect(figure(tables, 'ACD (s)')).toBeCloseTo(t.acdSeconds ?? NaN, 9);
    expect(figure(tables, 'Billed minutes')).toBeCloseTo(t.billedMinutes, 9);
    expect(figure(tables, 'Base cost (USD)')).toBeCloseTo(t.baseCostUsd, 6);
    expect(tables.Totals.filter((r) => String(r.Figure).startsWith('Cost (')).map((r) => [String(r.Figure).slice(6, -1), Number(r.Value).toFixed(6)])).toEqual(money(t.cost));

    const bucketsOf = (rows: TableRow[], key: (row: TableRow) => string) =>
      rows.map((r) => ({ key: key(r), calls: r.Calls, connected: r.Connected, talk: r['Talk time (s)'], asr: r.ASR === null ? null : Number(r.ASR).toFixed(12) }));
    const expected = (buckets: Overview['voice']['byHour']) =>
      buckets.map((b) => ({ key: b.key, calls: b.calls, connected: b.connected, talk: b.talkSeconds, asr: b.asr === null ? null : b.asr.toFixed(12) }));
    expect(bucketsOf(tables['By hour of day'], (r) => String(r.Hour).slice(0, 2))).toEqual(expected(overview.voice.byHour));
    expect(bucketsOf(tables['By day'], (r) => serialDay(r.Day))).toEqual(expected(overview.voice.byDay));
    expect(tables['By day'].map((r) => serialDay(r.Day))).toContain('2026-11-01');
    expect(new Map(tables['By call status'].map((r) => [r['Call status'] === null ? '' : String(r['Call status']), r.Calls]))).toEqual(
      new Map(overview.voice.byStatus.map((b) => [b.key, b.count])),
    );
  }, 60_000);

  it('number records: totals, by day, by number, by country and by type', async () => {
    const tables = await summaryOf('numberRecords');
    const n = overview.numbers;
    const currencies = n.totals.cost.map((c) => c.currency);
    expect(n.totals.calls).toBeGreaterThan(100);
    expect(figure(tables, 'Calls')).toBe(n.totals.calls);
    expect(figure(tables, 'Duration (s)')).toBe(n.totals.durationSeconds);
    const rowsOf = (rows: TableRow[], key: (row: TableRow) => string) =>
      rows.map((r) => ({ key: key(r), calls: r.Calls, duration: r['Duration (s)'], cost: sheetMoney(r, currencies) }));
    const expected = (buckets: Overview['numbers']['byDay']) =>
      buckets.map((b) => ({ key: b.key, calls: b.calls, duration: b.durationSeconds, cost: currencies.map((c) => [c, (b.cost.find((m) => m.currency === c)?.amount ?? 0).toFixed(6)]) }));
    expect(rowsOf(tables['By day'], (r) => serialDay(r.Day))).toEqual(expected(n.byDay));
    // Ranked lists as sets: a tie in calls may be ordered differently.
    const sorted = <T extends { key: string }>(items: T[]): T[] => [...items].sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(sorted(rowsOf(tables['By number'], (r) => String(r.Number)))).toEqual(sorted(expected(n.byNumber)));
    expect(sorted(rowsOf(tables['By country'], (r) => String(r.Country)))).toEqual(sorted(expected(n.byCountry)));
    expect(sorted(rowsOf(tables['By type'], (r) => String(r.Type)))).toEqual(sorted(expected(n.byType)));
  }, 60_000);
});
