/**
 * Each list operation's archive table, read from its descriptor: the layout from the
 * record's field table, the row identity (its id, or its place in a snapshot when it
 * has none), the row time of windowed lists and the snapshot scope.
 */
import { createHash } from 'node:crypto';
import { listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { storedSearchTextSql } from './shown-sql';
import { digitMaskSql } from './digit-mask';
import { renderSql, sql } from './sql-query';
import { tableLayout, type ArchiveTable, type TableLayout } from './table-layout';

/** The layout with the stored search text of the list's columns (shown-sql.ts), named by a hash of its SQL and its mask's. */
function withSearchText(layout: TableLayout, columns: Parameters<typeof storedSearchTextSql>[1]): TableLayout {
  const text = storedSearchTextSql(layout, columns);
  if (text === null) return layout;
  const rendered = renderSql(sql`${text}, ${digitMaskSql(sql`digits`)}`);
  const version = createHash('sha256').update(JSON.stringify([rendered.text, rendered.params], (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).digest('hex').slice(0, 16);
  return { ...layout, search: { text, version } };
}

const tables = new Map<ListOperation, ArchiveTable<unknown>>();

export function archiveTableFor<O extends ListOperation>(operation: O): ArchiveTable<ListRows[O]> {
  const known = tables.get(operation) as ArchiveTable<ListRows[O]> | undefined;
  if (known) return known;
  const list = listOf(operation);
  const table: ArchiveTable<ListRows[O]> = {
    layout: withSearchText(
      tableLayout(
        operation,
        list.fields,
        list.jsonFields,
        Object.entries(list.jsonColumns ?? {}).map(([field, { field: json, key }]) => ({ field, json, key })),
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
