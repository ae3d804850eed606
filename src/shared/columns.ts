/**
 * The kinds of column a list shows and exports, and builders for them. Each list's
 * columns are in its descriptor (./operations); the renderer's table displays them
 * and main's exporters turn them into typed spreadsheet cells. Passwords have no column.
 */
import type { DecimalAmount, Timestamp } from './records';

interface ColumnBase {
  /** Stable id: preferences and exports refer to it. */
  key: string;
  /** Human label, for the table header and the export's header row. */
  header: string;
  /** Shown when the user has not chosen columns yet. */
  visible: boolean;
  /** Why the value can be missing, for the detail panel (a missing call status is "not recorded before …"). */
  missing?: string;
  /** The table's starting width in px (the user's own width wins); DEFAULT_COLUMN_WIDTH when absent. */
  width?: number;
}

/** Text that must stay text: ids and phone numbers keep their leading `+` and `0`. */
export interface TextColumn<R> extends ColumnBase {
  kind: 'text' | 'id' | 'phone';
  get(row: R): string | null;
}
export interface NumberColumn<R> extends ColumnBase {
  kind: 'integer' | 'number';
  get(row: R): number | null;
}
/** Seconds, shown as m:ss. */
export interface DurationColumn<R> extends ColumnBase {
  kind: 'duration';
  get(row: R): number | null;
}
export interface AmountColumn<R> extends ColumnBase {
  kind: 'amount';
  get(row: R): DecimalAmount | null;
  /** The currency the amount is in, when known. */
  currency(row: R): string | null;
}
export interface TimeColumn<R> extends ColumnBase {
  kind: 'time';
  get(row: R): Timestamp | null;
}
/** A calendar date (YYYY-MM-DD) with no time and no zone. */
export interface DateColumn<R> extends ColumnBase {
  kind: 'date';
  get(row: R): string | null;
}
/** A coded value with a human label beside it (callStatus 50 → connected). */
export interface CodeColumn<R> extends ColumnBase {
  kind: 'code';
  get(row: R): number | string | null;
  label(value: number | string): string | null;
}
export interface ListColumn<R> extends ColumnBase {
  kind: 'list';
  get(row: R): string[];
}

export type Column<R> =
  | TextColumn<R>
  | NumberColumn<R>
  | DurationColumn<R>
  | AmountColumn<R>
  | TimeColumn<R>
  | DateColumn<R>
  | CodeColumn<R>
  | ListColumn<R>;

export type ColumnKind = Column<unknown>['kind'];

export const DEFAULT_COLUMN_WIDTH = 150;

export function columnWidth(column: { width?: number }): number {
  return column.width ?? DEFAULT_COLUMN_WIDTH;
}

/** A column that starts wider or narrower than the default (long free text). */
export function sized<C extends ColumnBase>(column: C, width: number): C {
  return { ...column, width };
}

export function labelsOf(table: Readonly<Record<number, string>>): (value: number | string) => string | null {
  return (value) => table[Number(value)] ?? null;
}

export const text = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'text',
  get,
  visible,
});
export const id = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'id',
  get,
  visible,
});
export const phone = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'phone',
  get,
  visible,
});
export const integer = <R>(key: string, header: string, get: (row: R) => number | null, visible = true): NumberColumn<R> => ({
  key,
  header,
  kind: 'integer',
  get,
  visible,
});
export const duration = <R>(key: string, header: string, get: (row: R) => number | null, visible = true): DurationColumn<R> => ({
  key,
  header,
  kind: 'duration',
  get,
  visible,
});
export const time = <R>(key: string, header: string, get: (row: R) => Timestamp | null, visible = true): TimeColumn<R> => ({
  key,
  header,
  kind: 'time',
  get,
  visible,
});
export const code = <R>(
  key: string,
  header: string,
  get: (row: R) => number | string | null,
  label: (value: number | string) => string | null,
  visible = true,
): CodeColumn<R> => ({ key, header, kind: 'code', get, label, visible });
export const amount = <R>(
  key: string,
  header: string,
  get: (row: R) => DecimalAmount | null,
  currency: (row: R) => string | null,
  visible = true,
): AmountColumn<R> => ({ key, header, kind: 'amount', get, currency, visible });

/** The quote currency: the platform fills `currency` only when it is not USD. */
export const quoteCurrency = (row: { currency: string | null }): string => row.currency || 'USD';
export const noCurrency = (): null => null;
export const date = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): DateColumn<R> => ({
  key,
  header,
  kind: 'date',
  get,
  visible,
});
export const list = <R>(key: string, header: string, get: (row: R) => string[], visible = true): ListColumn<R> => ({
  key,
  header,
  kind: 'list',
  get,
  visible,
});
export const decimal = <R>(key: string, header: string, get: (row: R) => number | null, visible = true): NumberColumn<R> => ({
  key,
  header,
  kind: 'number',
  get,
  visible,
});
