/**
 * The labels of codes are read in main's language when a query is built: with the interface
 * in Chinese, a call status typed as the table shows it in Chinese finds those rows in the
 * archive (and the same rows as the loaded-rows predicate); in English as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { columnFilterSql, searchSql } from '../../../src/main/archive/shown-sql';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { cellText, codeDisplay, codeDisplayJoints } from '../../../src/shared/cell-text';
import { passesColumnFilter, planColumnFilter, rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { listOf, type ListRows } from '../../../src/shared/operations';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { stagedArchive } from './staged-archive';

const zone = parseTimeZone('+08:00') as TimeZone;
const data = buildSandboxData({ seed: 5, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'shown-language' });
const list = listOf('voiceRecords');
const rows: ListRows['voiceRecords'][] = Array.from({ length: 300 }, (_, i) =>
  list.toRow(list.normalise(data.voiceRecordAt(Math.floor((i * data.voiceRecordCount) / 300)) as unknown as Record<string, unknown>, { zone })),
);
const columns: readonly Column<ListRows['voiceRecords']>[] = list.columns;
const column = (key: string): Column<ListRows['voiceRecords']> => columns.find((candidate) => candidate.key === key) as Column<ListRows['voiceRecords']>;

describe('a label typed in the interface language finds its rows in the archive', () => {
  const table = archiveTableFor('voiceRecords');
  const archive = stagedArchive(table, rows);
  afterEach(() => setCurrentLocale('en'));

  async function all(): Promise<ListRows['voiceRecords'][]> {
    return (await archive().page(table, {}, 0, 1_000)).records;
  }

  /** The archive's rows a column filter selects, and those the loaded-rows predicate keeps, by row key. */
  async function filtered(key: string, typed: string): Promise<{ found: string[]; expected: string[] }> {
    const rowsBack = await all();
    const planned = planColumnFilter(column(key), typed);
    if (!planned.ok || planned.plan === null) throw new Error(`no plan for "${typed}"`);
    const plan = planned.plan;
    const page = await archive().page(table, { shown: [columnFilterSql(table.layout, column(key), plan, zone)] }, 0, 1_000);
    return {
      found: page.records.map((row, index) => table.keyOf(row, index)).sort(),
      expected: rowsBack.filter((row) => passesColumnFilter(column(key), plan, row, zone)).map((row) => table.keyOf(row, rowsBack.indexOf(row))).sort(),
    };
  }

  it('in Chinese: 已接通 is call status 50, 未接通 the three not connected, 按键 1 key 1', async () => {
    setCurrentLocale('zh-CN');
    const rowsBack = await all();
    expect(cellText(column('callStatus'), { ...rowsBack[0], callStatus: 50 }, zone)).toBe('已接通（50）');
    const connected = await filtered('callStatus', '已接通');
    expect(connected.found.length).toBeGreaterThan(0);
    expect(connected.found).toEqual(connected.expected);
    expect(connected.found).toEqual(rowsBack.filter((row) => row.callStatus === 50).map((row) => table.keyOf(row, rowsBack.indexOf(row))).sort());

    const notConnected = await filtered('callStatus', '未接通');
    expect(notConnected.found).toEqual(notConnected.expected);
    expect(notConnected.found).toEqual(
      rowsBack.filter((row) => row.callStatus !== null && [10, 20, 30].includes(row.callStatus)).map((row) => table.keyOf(row, rowsBack.indexOf(row))).sort(),
    );

    const key1 = await filtered('feedbackValue', '按键 1');
    expect(key1.found).toEqual(key1.expected);

    // The English label is no Chinese label: it picks no call status.
    expect((await filtered('callStatus', 'connected')).found).toEqual([]);

    // Codes beside their labels in the language's brackets, as the table shows them: "已接通（50）", "按键 1（1）".
    for (const needle of ['已接通', '语音信箱', '按键', '已接通（50）', '按键 1（1）', '1）', '(50)']) {
      const keep = rowPredicate(columns, [], needle, zone);
      const expected = rowsBack.filter((row) => keep?.(row) ?? true).map((row) => table.keyOf(row, rowsBack.indexOf(row)));
      const condition = searchSql(table.layout, columns, needle, zone);
      const page = await archive().page(table, { shown: condition ? [condition] : [] }, 0, 1_000);
      expect(page.records.map((row, index) => table.keyOf(row, index)).sort(), `searched for "${needle}"`).toEqual(expected.sort());
      if (['已接通', '已接通（50）', '按键 1（1）'].includes(needle)) expect(expected.length, needle).toBeGreaterThan(0);
      if (needle === '(50)') expect(expected).toEqual([]);
    }
  }, 60_000);

  it('in English as before: connected is call status 50', async () => {
    const rowsBack = await all();
    expect(cellText(column('callStatus'), { ...rowsBack[0], callStatus: 50 }, zone)).toBe('connected (50)');
    const connected = await filtered('callStatus', 'connected');
    expect(connected.found.length).toBeGreaterThan(0);
    expect(connected.found).toEqual(connected.expected);
    expect(connected.found).toEqual(rowsBack.filter((row) => row.callStatus === 50).map((row) => table.keyOf(row, rowsBack.indexOf(row))).sort());
    expect((await filtered('callStatus', '已接通')).found).toEqual([]);
  }, 60_000);
});

describe("a code beside its label, as the archive's SQL writes it", () => {
  afterEach(() => setCurrentLocale('en'));

  it('is joined as the table joins it, in every language', () => {
    for (const locale of ['en', 'zh-CN', 'en-XA'] as const) {
      setCurrentLocale(locale);
      const { between, after } = codeDisplayJoints();
      expect(`已接通${between}50${after}`, locale).toBe(codeDisplay('已接通', 50));
    }
    setCurrentLocale('zh-CN');
    expect(codeDisplayJoints()).toEqual({ between: '（', after: '）' });
  });
});
