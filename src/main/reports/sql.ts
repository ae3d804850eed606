/**
 * What the Overview's SQL needs of an archive table, read from its layout (so from the
 * operation's descriptor): the quoted column of a field, the window condition, and
 * reading the engine's numbers (counts come back as bigint) and texts.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import { archiveTableFor } from '../archive/tables';
import { quoteIdent, type TableLayout } from '../archive/table-layout';
import type { ListOperation } from '../../shared/operations';
import type { Window } from './calendar';

export interface TableSql {
  layout: TableLayout;
  name: string;
  /** The value column of a field: text, number, or an amount's / timestamp's text. */
  column(field: string): string;
  /** An amount's number or a timestamp's epoch ms. */
  numeric(field: string): string;
}

export function tableSql(operation: ListOperation): TableSql {
  const layout = archiveTableFor(operation).layout;
  const fieldOf = (name: string) => {
    const field = layout.fields.find((candidate) => candidate.field === name);
    if (!field) throw new Error(`The ${operation} archive has no field "${name}".`);
    return field;
  };
  return {
    layout,
    name: quoteIdent(layout.table),
    column: (field) => quoteIdent(fieldOf(field).column),
    numeric: (field) => quoteIdent(fieldOf(field).sortColumn),
  };
}

/** `_time` in [from, to), with its parameters. */
export function windowCondition(window: Window): { sql: string; params: Record<string, DuckDBValue> } {
  return {
    sql: '_time >= $from AND _time < $to',
    params: { from: BigInt(Math.trunc(window.fromMs)), to: BigInt(Math.trunc(window.toMs)) },
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
