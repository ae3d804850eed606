/**
 * Each list operation's archive table, read from its descriptor: the layout from the
 * record's field table, the row identity (its id, or its place in a snapshot when it
 * has none), the row time of windowed lists and the snapshot scope.
 */
import { listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { tableLayout, type ArchiveTable } from './table-layout';

const tables = new Map<ListOperation, ArchiveTable<unknown>>();

export function archiveTableFor<O extends ListOperation>(operation: O): ArchiveTable<ListRows[O]> {
  const known = tables.get(operation) as ArchiveTable<ListRows[O]> | undefined;
  if (known) return known;
  const list = listOf(operation);
  const table: ArchiveTable<ListRows[O]> = {
    layout: tableLayout(
      operation,
      list.fields,
      list.jsonFields,
      Object.entries(list.jsonColumns ?? {}).map(([field, { field: json, key }]) => ({ field, json, key })),
    ),
    keyOf: (row, position) => list.rowId(row) ?? `${list.snapshotScope(row)}#${position}`,
    timeOf: (row) => list.rowTime?.of(row) ?? null,
    scopeOf: (row) => list.snapshotScope(row),
  };
  tables.set(operation, table as ArchiveTable<unknown>);
  return table;
}
