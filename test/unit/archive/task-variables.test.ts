/**
 * Task details' var01..var20 from the archive (issue 26): kept inside the `variables` JSON
 * column, they are read by key wherever a column is filtered, searched or sorted there, so
 * the archive finds the same rows as the table does over loaded rows, in the same order as
 * any other text column; they gain no stored column and the rows read back are unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { listArchiveQuery } from '../../../src/main/archive/list-archive-query';
import { columnFilterSql, isArchivedColumn, searchSql } from '../../../src/main/archive/shown-sql';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { cellText, sortRows, sortValueOf } from '../../../src/shared/cell-text';
import { passesColumnFilter, planColumnFilter, rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import type { ListFilters } from '../../../src/shared/list-query';
import { listOf } from '../../../src/shared/operations';
import type { TaskDetailRecord, TaskVariableName } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const data = buildSandboxData({ seed: 12, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'task-variables' });
const list = listOf('taskDetails');
const table = archiveTableFor('taskDetails');
const columns: readonly Column<TaskDetailRecord>[] = list.columns;
const VARIABLES = Array.from({ length: 20 }, (_, i) => `var${String(i + 1).padStart(2, '0')}` as TaskVariableName);
const variableColumns = columns.filter((column) => (VARIABLES as readonly string[]).includes(column.key));

describe('task variables from the archive', () => {
  let folder: string;
  let store: ArchiveStore;
  let rows: TaskDetailRecord[];
  const keyed = (records: readonly TaskDetailRecord[]): string[] => records.map((row) => `${row.keyId}:${row.callId}:${row.called}`).sort();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'task-variables-'));
    store = (await ArchiveStore.open(join(folder, 'archive.duckdb'))).store;
    rows = [];
    for (const taskId of data.taskIds) {
      const records = data.taskRows(taskId).map((entry) => list.toRow(list.normalise(entry.record as unknown as Record<string, unknown>, { zone })));
      await store.stage(table, records, 0, 1_000);
      rows.push(...records);
    }
    await store.commit(table, null);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const archived = async (query: Parameters<typeof store.page>[1]): Promise<TaskDetailRecord[]> => (await store.page(table, query, 0, 1_000)).records;

  it('reads every variable column, without a stored column of its own, and gives the rows back as they were', async () => {
    expect(variableColumns).toHaveLength(20);
    for (const column of variableColumns) expect(isArchivedColumn(table.layout, column.key), column.key).toBe(true);
    expect(table.layout.columns.map((column) => column.name)).not.toContain('var01');
    expect(table.layout.fields.map((field) => field.field)).not.toContain('var01');
    const back = await archived({});
    expect(back).toHaveLength(rows.length);
    expect(keyed(back)).toEqual(keyed(rows));
    const byKey = new Map(back.map((row) => [`${row.keyId}:${row.callId}:${row.called}`, row]));
    for (const row of rows.slice(0, 50)) expect(byKey.get(`${row.keyId}:${row.callId}:${row.called}`)).toEqual(row);
  });

  it('a screen query filtering, sorting or matching a variable is no longer refused', () => {
    const asked: ListFilters = {
      operation: 'taskDetails',
      params: { taskId: data.taskIds[0] },
      sort: { field: 'var02', descending: true },
      contains: [{ field: 'var01', text: 'a' }],
      equals: [{ field: 'var04', value: 'x' }],
    } as ListFilters;
    const planned = listArchiveQuery(asked, zone);
    expect(planned.ok, planned.ok ? '' : planned.error.message).toBe(true);
  });

  it("every variable's column filters find the rows the table finds over loaded rows", async () => {
    let compared = 0;
    for (const column of variableColumns) {
      const shown = [...new Set(rows.map((row) => cellText(column, row, zone)).filter((text) => text !== ''))].slice(0, 5);
      const typed = new Set<string>(['v1', '-1', '0', '=', 'zz-none']);
      for (const text of shown) typed.add(text).add(text.slice(0, 3)).add(text.slice(-3).toUpperCase());
      for (const text of typed) {
        const planned = planColumnFilter(column, text);
        if (!planned.ok || planned.plan === null) continue;
        const plan = planned.plan;
        const expected = rows.filter((row) => passesColumnFilter(column, plan, row, zone));
        const found = await archived({ shown: [columnFilterSql(table.layout, column, plan, zone)] });
        expect(keyed(found), `${column.key} filtered by "${text}"`).toEqual(keyed(expected));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it("a search finds a variable's value as the table's search over loaded rows does", async () => {
    const archivedColumns = columns.filter((column) => isArchivedColumn(table.layout, column.key));
    const sample = rows.find((row) => row.variables.var01 && row.variables.var04) ?? rows[0];
    const needles = [sample.variables.var01 ?? 'a', (sample.variables.var04 ?? 'a').slice(1, 5), 'v12-', 'v20-9', '=', String(sample.variables.var06 ?? '000').slice(2)];
    let matched = 0;
    for (const needle of needles) {
      const keep = rowPredicate(archivedColumns, [], needle, zone);
      const expected = rows.filter((row) => keep?.(row) ?? true);
      const condition = searchSql(table.layout, columns, needle, zone);
      const found = await archived(condition ? { shown: [condition] } : {});
      expect(keyed(found), `searched for "${needle}"`).toEqual(keyed(expected));
      // The variable alone finds rows: the search reaches it, not only the other columns.
      const inVariables = rows.filter((row) => Object.values(row.variables).some((value) => value?.toLowerCase().includes(needle.toLowerCase())));
      for (const row of keyed(inVariables)) expect(keyed(found)).toContain(row);
      matched += inVariables.length;
    }
    expect(matched).toBeGreaterThan(10);
  });

  it('sorts by a variable as the table sorts its loaded rows: digit runs as numbers, empty ones last, either way', async () => {
    for (const field of ['var01', 'var02', 'var12'] as const) {
      const column = variableColumns.find((candidate) => candidate.key === field) as Column<TaskDetailRecord>;
      const values = rows.map((row) => row.variables[field] ?? null);
      expect(values.filter((value) => value !== null).length, field).toBeGreaterThan(10);
      for (const descending of [false, true]) {
        const sorted = await archived({ sort: { field, descending } });
        const expected = sortRows(rows, columns, { key: field, descending }).map((row) => sortValueOf(column, row));
        expect(sorted.map((row) => sortValueOf(column, row)), `${field} ${descending ? 'descending' : 'ascending'}`).toEqual(expected);
        expect(expected.at(-1), 'the empty ones last').toBeNull();
      }
    }
  });

  it('an exact value of a variable (the equals of a drill-down) picks its rows', async () => {
    const value = rows.find((row) => row.variables.var04)?.variables.var04 ?? '';
    const found = await archived({ equals: [{ field: 'var04', value }] });
    expect(found.length).toBeGreaterThan(0);
    expect(keyed(found)).toEqual(keyed(rows.filter((row) => row.variables.var04 === value)));
  });
});
