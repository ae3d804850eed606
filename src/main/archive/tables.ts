/**
 * Each list operation's archive table, read from its descriptor: the layout from the
 * record's field table, the row identity (its id, or its place in a snapshot when it
 * has none), the row time of windowed lists and the snapshot scope.
 */
import { createHash } from 'node:crypto';
import { sortsAsNumber } from '../../shared/cell-text';
import type { Column } from '../../shared/columns';
import { listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { isArchivedColumn } from './shown-sql';
import { STORED_DIGITS_VERSION, storedDigitRuns } from './stored-digits';
import { tableLayout, type ArchiveTable, type FieldLayout, type TableLayout } from './table-layout';

/** The layout with the stored digit runs of the list's archived columns (stored-digits.ts), named by how they are made and from which columns. */
function withSearchText<R>(layout: TableLayout, listColumns: readonly Column<R>[]): TableLayout {
  const columns = listColumns.filter((column) => isArchivedColumn(layout, column.key));
  if (columns.length === 0) return layout;
  const made = [STORED_DIGITS_VERSION, ...columns.map((column) => `${column.key}:${column.kind}`)];
  const version = createHash('sha256').update(JSON.stringify(made)).digest('hex').slice(0, 16);
  // The archive hands back the rows of this list only (its layout is this list's).
  return { ...layout, search: { version, runsOf: (record) => storedDigitRuns(columns, record as R) } };
}

/** Each text field shown in a column that sorts its cells as numbers (a code) is marked so: the archive sorts as the list does. */
function withColumnOrder<R>(layout: TableLayout, listColumns: readonly Column<R>[]): TableLayout {
  const numeric = new Set(listColumns.filter((column) => sortsAsNumber(column.kind)).map((column) => column.key));
  const marked = (field: FieldLayout): FieldLayout => (field.kind === 'text' && numeric.has(field.field) ? { ...field, sortsAsNumber: true } : field);
  return { ...layout, fields: layout.fields.map(marked), ...(layout.derived ? { derived: layout.derived.map(marked) } : {}) };
}

const tables = new Map<ListOperation, ArchiveTable<unknown>>();

export function archiveTableFor<O extends ListOperation>(operation: O): ArchiveTable<ListRows[O]> {
  const known = tables.get(operation) as ArchiveTable<ListRows[O]> | undefined;
  if (known) return known;
  const list = listOf(operation);
  const table: ArchiveTable<ListRows[O]> = {
    layout: withColumnOrder(
      withSearchText(
        tableLayout(
          operation,
          list.fields,
          list.jsonFields,
          Object.entries(list.jsonColumns ?? {}).map(([field, { field: json, key }]) => ({ field, json, key })),
        ),
        list.columns,
      ),
      list.columns,
    ),
    keyOf: (row, position) => list.rowId(row) ?? `${list.snapshotScope(row)}#${position}`,
    timeOf: (row) => list.rowTime?.of(row) ?? null,
    scopeOf: (row) => list.snapshotScope(row),
  };
  tables.set(operation, table as ArchiveTable<unknown>);
  return table;
}
