/**
 * The kinds of column a list shows and exports, and builders for them. Each list's
 * columns are in its descriptor (./operations); the renderer's table displays them
 * and main's exporters turn them into typed spreadsheet cells. Passwords have no column.
 */
import type { Label } from './i18n/locale';
import type { DecimalAmount, Timestamp } from './records';

interface ColumnBase {
  /** Stable id: preferences and exports refer to it. */
  key: string;
  /** Human label, for the table header and the export's header row: read as `header()` when shown. */
  header: Label;
  /** Shown when the user has not chosen columns yet. */
  visible: boolean;
  /** Why the value can be missing, for the detail panel (a missing call status is "not recorded before …"). */
  missing?: Label;
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
/**
 * Which currency an amount is in, said so the archive's SQL can show it too: one of the
 * record's text fields (with the currency meant when it is empty), always the same one,
 * or none known.
 */
export type CurrencyOf = { field: string; otherwise: string } | { fixed: string } | null;

export interface AmountColumn<R> extends ColumnBase {
  kind: 'amount';
  get(row: R): DecimalAmount | null;
  /** The currency the amount is in, when known (read as `currencyOf` says). */
  currency(row: R): string | null;
  currencyOf: CurrencyOf;
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
/**
 * The labels of a coded column, as data (the archive turns a label typed into a filter
 * into the codes that carry it): a table of known codes, and for an open set of codes
 * (keys pressed) a prefix that makes the label of any other code ("key " + "5").
 */
export interface CodeLabels {
  table: Readonly<Record<string, string>>;
  otherwise?: { prefix: string };
}

/** A coded value with a human label beside it (callStatus 50 → connected). */
export interface CodeColumn<R> extends ColumnBase {
  kind: 'code';
  get(row: R): number | string | null;
  /** The label of a code, read from `labels`; null when it has none. */
  label(value: number | string): string | null;
  labels: CodeLabels;
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

/**
 * A label table of known codes (no label for any other code). The table is kept as given, not
 * copied: a table of getters (platform's labelTable) is read in the language of the moment.
 */
export function labelsOf(table: Readonly<Record<number | string, string>>): CodeLabels {
  return { table: table as Readonly<Record<string, string>> };
}

/** The label of a code as `labels` gives it. */
export function labelOf(labels: CodeLabels, value: number | string): string | null {
  const code = codeText(value);
  if (Object.hasOwn(labels.table, code)) return labels.table[code];
  return labels.otherwise ? `${labels.otherwise.prefix}${code}` : null;
}

/** A code as the label tables key it: 50 and 50.0 are "50". */
export function codeText(value: number | string): string {
  return typeof value === 'number' ? String(value) : value;
}

/** The currency of a row as `currencyOf` says. */
export function currencyIn(currencyOf: CurrencyOf, row: unknown): string | null {
  if (currencyOf === null) return null;
  if ('fixed' in currencyOf) return currencyOf.fixed;
  const value: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, currencyOf.field) : null;
  return typeof value === 'string' && value !== '' ? value : currencyOf.otherwise;
}

export const text = <R>(key: string, header: Label, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'text',
  get,
  visible,
});
export const id = <R>(key: string, header: Label, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'id',
  get,
  visible,
});
export const phone = <R>(key: string, header: Label, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'phone',
  get,
  visible,
});
export const integer = <R>(key: string, header: Label, get: (row: R) => number | null, visible = true): NumberColumn<R> => ({
  key,
  header,
  kind: 'integer',
  get,
  visible,
});
export const duration = <R>(key: string, header: Label, get: (row: R) => number | null, visible = true): DurationColumn<R> => ({
  key,
  header,
  kind: 'duration',
  get,
  visible,
});
export const time = <R>(key: string, header: Label, get: (row: R) => Timestamp | null, visible = true): TimeColumn<R> => ({
  key,
  header,
  kind: 'time',
  get,
  visible,
});
export const code = <R>(
  key: string,
  header: Label,
  get: (row: R) => number | string | null,
  labels: CodeLabels,
  visible = true,
): CodeColumn<R> => ({ key, header, kind: 'code', get, label: (value) => labelOf(labels, value), labels, visible });
export const amount = <R>(
  key: string,
  header: Label,
  get: (row: R) => DecimalAmount | null,
  currencyOf: CurrencyOf,
  visible = true,
): AmountColumn<R> => ({ key, header, kind: 'amount', get, currency: (row) => currencyIn(currencyOf, row), currencyOf, visible });

/** The quote currency: the platform fills `currency` only when it is not USD. */
export const quoteCurrency: CurrencyOf = { field: 'currency', otherwise: 'USD' };
export const noCurrency: CurrencyOf = null;
export const date = <R>(key: string, header: Label, get: (row: R) => string | null, visible = true): DateColumn<R> => ({
  key,
  header,
  kind: 'date',
  get,
  visible,
});
export const list = <R>(key: string, header: Label, get: (row: R) => string[], visible = true): ListColumn<R> => ({
  key,
  header,
  kind: 'list',
  get,
  visible,
});
export const decimal = <R>(key: string, header: Label, get: (row: R) => number | null, visible = true): NumberColumn<R> => ({
  key,
  header,
  kind: 'number',
  get,
  visible,
});
