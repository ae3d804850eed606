/**
 * What the Overview's SQL needs of an archive table, read from its layout (so from the
 * operation's descriptor): typed fragments for the table and a field's columns, and reading
 * the engine's numbers (counts come back as bigint) and texts.
 */
import { archiveTableFor } from '../archive/tables';
import { fieldColumn, fieldSortColumn, tableName, type SqlQuery } from '../archive/sql-query';
import type { TableLayout } from '../archive/table-layout';
import type { ListOperation } from '../../shared/operations';

export interface TableSql {
  layout: TableLayout;
  name: SqlQuery;
  /** The value column of a field: text, number, or an amount's / timestamp's text. */
  column(field: string): SqlQuery;
  /** An amount's number or a timestamp's epoch ms. */
  numeric(field: string): SqlQuery;
}

export function tableSql(operation: ListOperation): TableSql {
  const layout = archiveTableFor(operation).layout;
  return {
    layout,
    name: tableName(layout),
    column: (field) => fieldColumn(layout, field),
    numeric: (field) => fieldSortColumn(layout, field),
  };
}

/** A number cell (bigint, hugeint, double or null) as a number; null as 0. */
export function numberOf(cell: unknown): number {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'bigint') return Number(cell);
  return 0;
}

/** A text cell; null (missing) stays null. */
export function textOf(cell: unknown): string | null {
  if (cell === null || cell === undefined) return null;
  return String(cell);
}
