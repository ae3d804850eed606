/**
 * What the Overview's SQL needs of an archive table, read from its layout (so from the
 * operation's descriptor): the quoted column of a field, the window condition, and
 * reading the engine's numbers (counts come back as bigint) and texts.
 */
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

/**
 * A whole number written into the SQL: the engine plans a statement's literals (zone maps
 * skip row groups, expressions fold) but not its bound parameters, which made the
 * Overview's queries ten times slower. Only integers made here ever go in this way.
 */
export function integerSql(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number for SQL: ${value}`);
  return String(value);
}

/** `_time` in [from, to). */
export function windowCondition(window: Window): string {
  return `_time >= ${integerSql(window.fromMs)} AND _time < ${integerSql(window.toMs)}`;
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
