/**
 * A column filter or a search finds the same rows from the archive (SQL) as from loaded
 * rows (the table's predicate): for every column of five lists, filters typed as a
 * supervisor would (labels, currencies, numbers, comparisons, ranges, parts of times as
 * shown), in a fixed zone and in a zone with daylight saving.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { columnFilterSql, isArchivedColumn, searchSql } from '../../../src/main/archive/shown-sql';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { cellText } from '../../../src/shared/cell-text';
import { passesColumnFilter, planColumnFilter, rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { listOf, type ListOperation, type ListRows } from '../../../src/shared/operations';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const platformZone = parseTimeZone('+08:00') as TimeZone;
const ZONES = [platformZone, parseTimeZone('America/New_York') as TimeZone];
const data = buildSandboxData({ seed: 11, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'shown-filters' });

const raw: Partial<Record<ListOperation, readonly unknown[]>> = {
  // Spread over the sandbox's two months, so America/New_York's change of offset (1 November) falls among them.
  voiceRecords: Array.from({ length: 600 }, (_, i) => data.voiceRecordAt(Math.floor((i * data.voiceRecordCount) / 600))),
  numberRecords: Array.from({ length: 400 }, (_, i) => data.numberRecordAt(i)),
  seats: data.seats(),
  teamLeaders: data.teamLeaders(),
  numbers: data.numbers(),
};
const LISTS = Object.keys(raw) as ListOperation[];

function rowsOf<O extends ListOperation>(operation: O): ListRows[O][] {
  const list = listOf(operation);
  return (raw[operation] ?? []).map((record) => list.toRow(list.normalise(record as Record<string, unknown>, { zone: platformZone })));
}

/** Filters a supervisor might type under a column: words and parts of what it shows, and numbers. */
function filtersFor<R>(column: Column<R>, rows: readonly R[], zone: TimeZone): string[] {
  const shown = [...new Set(rows.map((row) => cellText(column, row, zone)).filter((text) => text !== ''))].slice(0, 6);
  const typed = new Set<string>();
  for (const text of shown) {
    typed.add(text);
    typed.add(text.slice(0, 3));
    typed.add(text.slice(-4).toUpperCase());
  }
  if (column.kind === 'code') {
    for (const label of Object.values(column.labels.table)) typed.add(label).add(label.slice(1, 5));
    typed.add('1').add('-1').add('key 1').add('key').add('no key').add('connected').add('not connected').add('>= 30').add('40-50');
  }
  if (column.kind === 'amount') typed.add('USD').add('eur').add('>= 0.05').add('0-0.02').add('0.0');
  if (column.kind === 'duration') typed.add('0').add('>= 30').add('10-60').add('1:05').add('> 1:00');
  if (column.kind === 'integer' || column.kind === 'number') typed.add('1').add('>= 2').add('1-3');
  if (column.kind === 'time') typed.add('2026-11').add(' 0').add(':3').add('T0');
  return [...typed].filter((text) => text.trim() !== '');
}

/** Runs of digits as numbers and durations hold them (their raw values, a digit more and a digit less), for searches. */
function digitRuns<R>(columns: readonly Column<R>[], rows: readonly R[]): string[] {
  const runs = new Set<string>();
  for (const column of columns) {
    if (column.kind !== 'duration' && column.kind !== 'integer' && column.kind !== 'number') continue;
    for (const value of rows.slice(0, 4).map((row) => column.get(row))) {
      if (value === null) continue;
      const text = String(Math.abs(value)).replace('.', '');
      runs.add(text).add(text.slice(1)).add(`${text}0`);
    }
  }
  return [...runs].filter((run) => /^\d{2,}$/.test(run));
}

describe('filters and search find the same rows from the archive as from loaded rows', () => {
  let folder: string;
  let store: ArchiveStore;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shown-filters-'));
    store = (await ArchiveStore.open(join(folder, 'archive.duckdb'))).store;
    for (const operation of LISTS) {
      const table = archiveTableFor(operation);
      await store.stage(table, rowsOf(operation), 0, 1_000);
      await store.commit(table, null);
    }
  }, 60_000);
  afterAll(async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The archive's rows of a list (as it gives them back) and those its SQL condition selects, by row key. */
  async function archived<O extends ListOperation>(operation: O, shown: Parameters<typeof store.page>[1]['shown']): Promise<Set<string>> {
    const table = archiveTableFor(operation);
    const page = await store.page(table, { shown }, 0, 1_000);
    return new Set(page.records.map((row, index) => table.keyOf(row, index)));
  }

  for (const operation of LISTS) {
    it(`${operation}: every column's filters`, async () => {
      const table = archiveTableFor(operation);
      const all = (await store.page(table, {}, 0, 1_000)).records;
      expect(all.length).toBeGreaterThan(5);
      const columns: readonly Column<ListRows[typeof operation]>[] = listOf(operation).columns;
      let compared = 0;
      for (const zone of ZONES) {
        for (const column of columns.filter((candidate) => isArchivedColumn(table.layout, candidate.key))) {
          for (const text of filtersFor(column, all, zone)) {
            const planned = planColumnFilter(column, text);
            if (!planned.ok || planned.plan === null) continue;
            const plan = planned.plan;
            const expected = all.filter((row) => passesColumnFilter(column, plan, row, zone));
            const found = await archived(operation, [columnFilterSql(table.layout, column, plan, zone)]);
            expect([...found].sort(), `${column.key} filtered by "${text}" in ${zone.name}`).toEqual(
              all.filter((row) => expected.includes(row)).map((row) => table.keyOf(row, all.indexOf(row))).sort(),
            );
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(20);
    }, 120_000);
  }

  it('a search matches the shown text of any column, labels, currencies and times in the zone included', async () => {
    for (const operation of ['voiceRecords', 'numberRecords', 'seats', 'teamLeaders'] as const) {
      const table = archiveTableFor(operation);
      const all = (await store.page(table, {}, 0, 1_000)).records;
      const columns: readonly Column<ListRows[typeof operation]>[] = listOf(operation).columns;
      const archivedColumns = columns.filter((column) => isArchivedColumn(table.layout, column.key));
      for (const zone of ZONES) {
        const sample = cellText(columns.find((column) => column.kind === 'time') ?? columns[0], all[3], zone);
        for (const needle of ['connected', 'voicemail', 'USD', 'EUR', 'key 1', 'ey', 'y 1', 'idle', 'disabled', '1:0', '2026-11-01 01:', '2026-11-01 0', sample.slice(0, 13), sample.slice(11, 16), sample.slice(14, 19), sample.slice(3, 9), sample.slice(9, 12), sample.slice(18), '00:0', '7', '-', ':', ' 2', '0:', ':0', ':4', '1:', '01:', '10:4', ':05', '-1', '1-', '1e', '.5', all[2] ? cellText(columns[1], all[2], zone).slice(1, 6) : 'x', ...digitRuns(columns, all)]) {
          const keep = rowPredicate(archivedColumns, [], needle, zone);
          const expected = all.filter((row) => keep?.(row) ?? true).map((row) => table.keyOf(row, all.indexOf(row)));
          // With the rows' span (the offsets listed) and without (the engine's zone rules): the same rows.
          const times = all.map((row) => table.timeOf(row)).filter((time): time is number => time !== null);
          const span = times.length > 0 ? { fromMs: Math.min(...times), toMs: Math.max(...times) } : undefined;
          for (const within of [span, undefined]) {
            const condition = searchSql(table.layout, columns, needle, zone, within);
            const found = await archived(operation, condition ? [condition] : []);
            expect([...found].sort(), `${operation} searched for "${needle}" in ${zone.name}${within ? ' over the span' : ''}`).toEqual([...expected].sort());
          }
        }
      }
    }
  }, 120_000);
});
