/**
 * The Summary sheet of .xlsx exports, read back with SheetJS, against the same figures
 * worked out here from the sandbox's own records with plain loops: voice records in two
 * zones and across New York's change from daylight time, number records, and none in a CSV.
 */
import { VOICE_FIGURES } from '../../../src/shared/reports/figures';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { runExport, type ExportJobOptions } from '../../../src/main/export/export-job';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { listOf, type ListOperation, type ListParams, type ListRows } from '../../../src/shared/operations';
import { ok } from '../../../src/shared/result';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { checkedQuery } from '../support/checked';
import { rawRecords } from './expected';
import { parseCsv, readWorkbook, scratchDir } from './support';
import {
  daysBetween,
  daysOfParams,
  expectedNumbers,
  expectedVoice,
  formatUnder,
  serialDay,
  summaryTables,
  type ExpectedVoice,
  type NumberTally,
  type TableRow,
} from './summary-support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const ZONES = ['Asia/Shanghai', 'America/New_York'] as const;
const ABOUT = { profileName: 'Sandbox (demo)', appVersion: '0.1.0' };

type Raw = Record<string, unknown>;

function isoAt(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** Exports every record of `params` (checked as of `checkedAt`); throws with the error's words when it failed. */
async function exported<O extends ListOperation>(
  options: Omit<ExportJobOptions<ListParams[O], unknown, ListRows[O], unknown>, 'list' | 'about' | 'selection'> & {
    operation: O;
    params: ListParams[O];
    scope: 'all';
    checkedAt?: Date;
  },
): Promise<void> {
  const { operation, params, scope: _scope, checkedAt, ...rest } = options;
  const list = listOf(operation);
  const selection = { scope: 'all' as const, query: checkedQuery(list, params, checkedAt ? { now: checkedAt } : {}) };
  const result = await runExport({ ...rest, list, selection, about: ABOUT } as Parameters<typeof runExport>[0]);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} ${result.error.detail ?? ''}`);
}

function expectVoiceTables(tables: Record<string, TableRow[]>, expected: ExpectedVoice, days: readonly string[]): void {
  const figure = (name: string): number => {
    const row = tables.Totals.find((r) => r.Figure === name);
    if (!row) throw new Error(`no "${name}" in Totals: ${tables.Totals.map((r) => String(r.Figure)).join(', ')}`);
    return Number(row.Value);
  };
  expect(expected.calls).toBeGreaterThan(100);
  expect(figure('Calls')).toBe(expected.calls);
  expect(figure('Connected')).toBe(expected.connected);
  expect(figure('ASR (connected ÷ calls)')).toBeCloseTo(expected.connected / expected.calls, 12);
  expect(figure('Voicemail')).toBe(expected.voicemail);
  expect(figure('Talk time, all calls (s)')).toBe(expected.talkAll);
  expect(figure('ACD (s)')).toBeCloseTo(expected.connectedTalk / expected.connected, 9);
  expect(figure('Billed minutes')).toBeCloseTo(expected.chargedSeconds / 60, 9);
  expect(figure('Base cost (USD)')).toBeCloseTo(expected.baseCost, 6);
  expect([...expected.cost.keys()].sort()).toEqual(['EUR', 'USD']);
  const costs = tables.Totals.filter((r) => String(r.Figure).startsWith('Cost ('));
  expect(costs.map((r) => r.Figure)).toEqual([...expected.cost.keys()].sort().map((c) => `Cost (${c})`));
  for (const [currency, amount] of expected.cost) expect(figure(`Cost (${currency})`)).toBeCloseTo(amount, 6);

  const hours = tables['By hour of day'];
  expect(hours.map((r) => r.Hour)).toEqual(Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00–${String((h + 1) % 24).padStart(2, '0')}:00`));
  hours.forEach((row, hour) => {
    const want = expected.byHour[hour];
    expect({ hour, calls: row.Calls, connected: row.Connected, talk: row[VOICE_FIGURES.buckets.talkSeconds.label()] }).toEqual({
      hour,
      calls: want.calls,
      connected: want.connected,
      talk: want.connectedTalk,
    });
    if (want.calls > 0) expect(row.ASR).toBeCloseTo(want.connected / want.calls, 12);
    else expect(row.ASR).toBeNull();
  });

  const byDay = tables['By day'];
  expect(byDay.map((r) => serialDay(r.Day))).toEqual(days);
  for (const row of byDay) {
    const want = expected.byDay.get(serialDay(row.Day));
    expect({ day: serialDay(row.Day), calls: row.Calls, connected: row.Connected, talk: row[VOICE_FIGURES.buckets.talkSeconds.label()] }).toEqual({
      day: serialDay(row.Day),
      calls: want?.calls,
      connected: want?.connected,
      talk: want?.connectedTalk,
    });
  }

  const statuses = new Map(tables['By call status'].map((r) => [r['Call status'] as number | null, r.Calls]));
  expect(statuses).toEqual(expected.byStatus);
}

describe('the Summary sheet of voice-record exports', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let dir: string;
  let params: ListParams['voiceRecords'];
  let window: { fromMs: number; toMs: number };
  let served: Raw[];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 17, volume: 'default' });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    dir = scratchDir();
    const anchor = sandbox.data.anchor.getTime();
    window = { fromMs: anchor - 3 * DAY - 5 * HOUR, toMs: anchor };
    params = { strTime: isoAt(window.fromMs), endTime: isoAt(window.toMs) };
    served = await rawRecords(sandbox, 'voiceRecords', params);
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const zone of ZONES) {
    it(`from the platform, hours and days in ${zone}, equals the sandbox's records counted here`, async () => {
      const path = join(dir, `voice-${zone.replace('/', '-')}.xlsx`);
      await exported({ operation: 'voiceRecords', client, params, format: 'xlsx', path, timeZone: zone, scope: 'all' });
      const book = readWorkbook(path);
      expect(book.names).toEqual(['Summary', 'Voice records', 'About']);
      // Every record exported is on the records sheet and counted on the Summary.
      expect(book.sheets['Voice records'].length - 1).toBe(served.length);
      const days = daysOfParams(params, zone);
      expectVoiceTables(summaryTables(book.sheets.Summary), expectedVoice(served, zone, days), days);

      const grid = book.sheets.Summary;
      const sheet = book.workbook.Sheets.Summary;
      expect(formatUnder(sheet, grid, 'ASR')).toBe('0.0%');
      expect(formatUnder(sheet, grid, 'Connected talk time (h:mm:ss)')).toBe('[h]:mm:ss');
      expect(formatUnder(sheet, grid, 'Day')).toBe('yyyy-mm-dd');
    }, 60_000);
  }

  it('a CSV export of the same rows is the raw rows only', async () => {
    const path = join(dir, 'voice.csv');
    await exported({ operation: 'voiceRecords', client, params, format: 'csv', path, timeZone: 'Asia/Shanghai', scope: 'all' });
    const { rows } = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(served.length + 1);
    expect(rows[0][0]).toBe('Voice id');
    expect(readFileSync(path, 'utf8')).not.toMatch(/Summary|ASR|By hour/);
  }, 60_000);
});

describe('the Summary sheet across the New York change from daylight time (2026-11-01)', () => {
  it('buckets rows handed over as the archive does into the four local days, the third 25 hours long', async () => {
    const zone = 'America/New_York';
    const data = buildSandboxData({ seed: 23, anchor: new Date('2026-11-08T00:00:00Z'), volume: 'default', workspace: 'ws' });
    const window = { fromMs: Date.parse('2026-10-30T00:00:00-04:00'), toMs: Date.parse('2026-11-03T00:00:00-05:00') };
    const { first, end } = data.voiceRecordRange(window.fromMs, window.toMs);
    const raw: Raw[] = [];
    for (let i = first; i < end; i++) raw.push(data.voiceRecordAt(i) as unknown as Raw);
    const list = listOf('voiceRecords');
    const rows = raw.map((record) => list.toRow(list.normalise(record, { zone: PLUS8 })));

    const dir = scratchDir();
    try {
      const path = join(dir, 'dst.xlsx');
      await exported({
        operation: 'voiceRecords',
        // Never asked: the rows come from `rows`, as an export from the archive's do.
        client: createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', apiSecret: 's', timeZone: '+08:00' }),
        params: { strTime: '2026-10-30T00:00:00-04:00', endTime: '2026-11-02T23:59:59-05:00' },
        rows: async (onRows) => {
          for (let i = 0; i < rows.length; i += 100) await onRows(rows.slice(i, i + 100));
          return ok(rows.length);
        },
        format: 'xlsx',
        path,
        timeZone: zone,
        scope: 'all',
        // The window is checked as of the sandbox's data, not today.
        checkedAt: new Date('2026-11-08T00:00:00Z'),
      });
      const days = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'];
      expect(daysBetween(window.fromMs, window.toMs, zone)).toEqual(days);
      const tables = summaryTables(readWorkbook(path).sheets.Summary);
      expectVoiceTables(tables, expectedVoice(raw, zone, days), days);
      // 2026-11-01 in New York runs from 04:00 UTC to 05:00 UTC the next day.
      const longDay = raw.filter((r) => {
        const ms = Date.parse(String(r.submitTime));
        return ms >= Date.parse('2026-11-01T04:00:00Z') && ms < Date.parse('2026-11-02T05:00:00Z');
      }).length;
      expect(tables['By day'].find((r) => serialDay(r.Day) === '2026-11-01')?.Calls).toBe(longDay);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the Summary sheet of number-record exports', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 29, volume: 'default' });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    dir = scratchDir();
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tallyOf = (row: TableRow, currencies: readonly string[]): NumberTally => ({
    calls: Number(row.Calls),
    duration: Number(row['Duration (s)']),
    cost: new Map(currencies.map((currency) => [currency, Number(row[`Cost (${currency})`])])),
  });
  /** Amounts in micro units, and 0 in a currency the bucket has none in (the sheet's column shows 0). */
  const rounded = (tally: NumberTally | undefined, currencies: readonly string[]): unknown =>
    tally && { ...tally, cost: currencies.map((c) => [c, Math.round((tally.cost.get(c) ?? 0) * 1e6)]) };

  for (const zone of ZONES) {
    it(`by day, number, country and type, days in ${zone}, equal the sandbox's records counted here`, async () => {
      const anchor = sandbox.data.anchor.getTime();
      const window = { fromMs: anchor - 9 * DAY, toMs: anchor };
      const params = { strTime: isoAt(window.fromMs), endTime: isoAt(window.toMs) };
      const served = await rawRecords(sandbox, 'numberRecords', params);
      const path = join(dir, `numbers-${zone.replace('/', '-')}.xlsx`);
      await exported({ operation: 'numberRecords', client, params, format: 'xlsx', path, timeZone: zone, scope: 'all' });
      const book = readWorkbook(path);
      expect(book.names).toEqual(['Summary', 'Number records', 'About']);
      const tables = summaryTables(book.sheets.Summary);

      // Start times come without an offset; the client reads them in its zone, +08:00.
      const startMs = (record: Raw): number => Date.parse(`${String(record.startTime).replace(' ', 'T')}+08:00`);
      const days = daysOfParams(params, zone);
      const want = expectedNumbers(served, zone, days, startMs);
      const currencies = [...want.totals.cost.keys()].sort();
      expect(currencies).toEqual(['EUR', 'USD']);
      expect(served.length).toBeGreaterThan(100);

      const figure = (name: string): number => Number(tables.Totals.find((r) => r.Figure === name)?.Value);
      expect(figure('Calls')).toBe(want.totals.calls);
      expect(figure('Duration (s)')).toBe(want.totals.duration);
      for (const currency of currencies) expect(figure(`Cost (${currency})`)).toBeCloseTo(want.totals.cost.get(currency) ?? NaN, 6);

      expect(tables['By day'].map((r) => serialDay(r.Day))).toEqual(days);
      for (const row of tables['By day']) expect(rounded(tallyOf(row, currencies), currencies)).toEqual(rounded(want.byDay.get(serialDay(row.Day)), currencies));
      for (const [title, key, expected] of [
        ['By number', 'Number', want.byNumber],
        ['By country', 'Country', want.byCountry],
        ['By type', 'Type', want.byType],
      ] as const) {
        const rows = tables[title];
        expect(rows.map((r) => String(r[key])).sort(), title).toEqual([...expected.keys()].sort());
        for (const row of rows) expect(rounded(tallyOf(row, currencies), currencies), `${title} ${String(row[key])}`).toEqual(
          rounded(expected.get(String(row[key])), currencies),
        );
        // Most calls first.
        const calls = rows.map((r) => Number(r.Calls));
        expect(calls).toEqual([...calls].sort((a, b) => b - a));
      }
      expect(new Set(tables['By type'].map((r) => r.Type))).toEqual(new Set(['MOBILE', 'FIXED']));
      expect(formatUnder(book.workbook.Sheets.Summary, book.sheets.Summary, 'Cost (EUR)')).toBe('#,##0.00');
    }, 60_000);
  }
});
