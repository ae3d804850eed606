/**
 * The form of each stored time column's texts: when every text in a column is its own
 * instant written one way (`2026-11-22T07:59:56+08:00`: the wall time at one offset, a
 * separator, a suffix), the search reads a time needle in that text from the instant's
 * numbers (shown-sql.ts), as it reads the shown time, and never scans the text (20-30 ms a
 * column over a million rows). Worked out from the rows as they are staged, kept in `_meta`
 * with the rows' merge, and only ever widened: a column with texts of two forms, or one text
 * of none (`1732240800`, `N/A`, a fraction of a second), is searched by its text as before.
 *
 * An amount column's texts have a form too (`fixed:6`: every text is its value written with
 * six decimals, `0.057200`). A page reads neither kind of column's texts while it has one
 * form: each is written again from its number (record-columns.ts).
 */
import { leadingWallTime, wallTimeAsUtcMs } from '../../shared/time-zone';
import { ColumnFacts, parseKeptFacts } from './column-facts';
import { fieldColumn, fieldSortColumn, joinSql, sql, type SqlQuery } from './sql-query';
import type { FieldLayout, TableLayout } from './table-layout';

/** The form of a text that is its instant written one way, e.g. `T+08:00@480`. */
export interface TimeForm {
  /** Between the date and the time of day: `T` or a space. */
  separator: string;
  /** After the time of day: `Z`, `+08:00`, or nothing. */
  suffix: string;
  /** The offset of the wall time written, in minutes east of UTC. */
  offsetMinutes: number;
}

/** What a column's texts are: none yet, all of one form (its key), or not all of one. */
export type ColumnForm = typeof NO_TEXTS | typeof IRREGULAR | string;
const NO_TEXTS = '';
const IRREGULAR = '?';

const SUFFIX_OFFSET = /^([+-])(\d\d):(\d\d)$/;
const MINUTE_MS = 60_000;
/** The widest offset a wall time is written at (ISO 8601's ±18:00); a text further from its instant has no form. */
const MAX_OFFSET_MINUTES = 18 * 60;

/** A form's key, as `_meta` keeps it: `T+08:00@480`. */
const timeFormKey = (form: TimeForm): string => `${form.separator}${form.suffix}@${form.offsetMinutes}`;

/**
 * The form a stored time's text has, or null when it is not its instant written so: a date
 * `YYYY-MM-DD`, `T` or a space, `HH:MM:SS` (read as the normaliser reads them), then `Z`, an
 * offset or nothing (the wall time's offset is then the one the instant gives it).
 */
export function timeFormOf(text: string, epochMs: number | null): TimeForm | null {
  if (epochMs === null || !Number.isSafeInteger(epochMs)) return null;
  const separator = text[10] ?? '';
  const wall = separator === 'T' || separator === ' ' ? leadingWallTime(text) : null;
  if (!wall) return null;
  const wallMs = wallTimeAsUtcMs(wall);
  const suffix = text.slice(19);
  const signed = SUFFIX_OFFSET.exec(suffix);
  if (suffix !== '' && suffix !== 'Z' && !signed) return null;
  const offsetMinutes = suffix === 'Z' ? 0 : signed ? (signed[1] === '-' ? -1 : 1) * (Number(signed[2]) * 60 + Number(signed[3])) : (wallMs - epochMs) / MINUTE_MS;
  if (!isOffset(offsetMinutes) || wallMs - offsetMinutes * MINUTE_MS !== epochMs) return null;
  return { separator, suffix, offsetMinutes };
}

/** The text an instant is written as in a form: what timeFormOf reads back as that form and instant. */
export function textOfTimeForm(epochMs: number, form: TimeForm): string {
  // Date's own ISO text serves the four-digit years a form has.
  const wall = new Date(epochMs + form.offsetMinutes * MINUTE_MS).toISOString();
  return `${wall.slice(0, 10)}${form.separator}${wall.slice(11, 19)}${form.suffix}`;
}

function isOffset(minutes: number): boolean {
  return Number.isSafeInteger(minutes) && Math.abs(minutes) <= MAX_OFFSET_MINUTES;
}

/** A form from its key, or null for no texts, texts of several forms, or a damaged key. */
export function formOfKey(key: ColumnForm): TimeForm | null {
  const at = key.lastIndexOf('@');
  if (at < 1) return null;
  const separator = key.slice(0, 1);
  const suffix = key.slice(1, at);
  const offsetMinutes = Number(key.slice(at + 1));
  if ((separator !== 'T' && separator !== ' ') || !isOffset(offsetMinutes) || key.slice(at + 1) === '') return null;
  return { separator, suffix, offsetMinutes };
}

/** What a column's texts are with more texts added: one form stays one only if they all have it. */
export function widenedForm(held: ColumnForm, more: ColumnForm): ColumnForm {
  if (held === more || more === NO_TEXTS) return held;
  return held === NO_TEXTS ? more : IRREGULAR;
}

/** The decimals of an amount's form key (`fixed:6`), or null when the key is not one. */
export function amountDecimalsOfKey(key: ColumnForm): number | null {
  const decimals = AMOUNT_FORM.exec(key)?.[1];
  return decimals === undefined ? null : Number(decimals);
}

const AMOUNT_FORM = /^fixed:(\d{1,2})$/;

/** The form of an amount's text: its value written with as many decimals as the text has; null when it is not so written (`1e-7`, `+5`, `.5`, `-0.00`). */
export function amountFormOf(text: string, value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const point = text.indexOf('.');
  const decimals = point < 0 ? 0 : text.length - point - 1;
  if (decimals > 99 || (point >= 0 && decimals === 0)) return null;
  return value.toFixed(decimals) === text ? `fixed:${decimals}` : null;
}

/** The stored time and amount fields (a field read out of JSON is neither). */
function formFields(layout: TableLayout): FieldLayout[] {
  return layout.fields.filter((field) => field.kind === 'timestamp' || field.kind === 'amount');
}

/** The form of one stored text and its number (a time's instant, an amount's value), as a column's form. */
function formOfStored(field: FieldLayout, text: unknown, stored: unknown): ColumnForm {
  if (typeof text !== 'string') return NO_TEXTS;
  const number = typeof stored === 'bigint' ? Number(stored) : typeof stored === 'number' ? stored : null;
  if (field.kind === 'amount') return amountFormOf(text, number) ?? IRREGULAR;
  const form = timeFormOf(text, number);
  return form ? timeFormKey(form) : IRREGULAR;
}

/** The forms of a layout's time and amount columns over the records added to it (staged, or read back from the table). */
export class FormsTally {
  private readonly fields: FieldLayout[];
  private readonly forms: ColumnForm[];

  /** `from`: the forms already held, which the records' are added to. */
  constructor(layout: TableLayout, from?: ReadonlyMap<string, ColumnForm>) {
    this.fields = formFields(layout);
    this.forms = this.fields.map((field) => from?.get(field.column) ?? NO_TEXTS);
  }

  add(record: unknown): void {
    this.fields.forEach((field, at) => {
      const stored: unknown = typeof record === 'object' && record !== null ? Reflect.get(record, field.field) : null;
      if (typeof stored !== 'object' || stored === null) return;
      this.widenAt(at, formOfStored(field, Reflect.get(stored, 'text'), Reflect.get(stored, field.kind === 'amount' ? 'value' : 'epochMs')));
    });
  }

  /** Adds one row's texts and numbers as storedTimesSql reads them: each field's text, then its instant or value. */
  addTimes(values: readonly unknown[]): void {
    this.fields.forEach((field, at) => this.widenAt(at, formOfStored(field, values[2 * at], values[2 * at + 1])));
  }

  private widenAt(at: number, form: ColumnForm): void {
    const held = this.forms[at] ?? NO_TEXTS;
    // Most rows bring the form already held: the common case costs one comparison.
    if (held !== form) this.forms[at] = widenedForm(held, form);
  }

  /** The forms by column name. */
  byColumn(): Map<string, ColumnForm> {
    return new Map(this.fields.map((field, at) => [field.column, this.forms[at] ?? NO_TEXTS]));
  }
}

/** Each time and amount field's text and number, in formFields order, as one JSON array (what FormsTally.addTimes takes); null when the layout has none. */
export function storedTimesSql(layout: TableLayout): SqlQuery | null {
  const fields = formFields(layout);
  if (fields.length === 0) return null;
  return sql`json_array(${joinSql(fields.flatMap((field) => [fieldColumn(layout, field.field), fieldSortColumn(layout, field.field)]))})::VARCHAR`;
}

/** The `_meta` key a table's forms are kept under. */
export const timeFormsKey = (layout: TableLayout): string => `time-forms:${layout.table}`;

/** Reads what `_meta` kept; null when it is not a form for every one of the layout's time and amount fields. */
export function parseTimeForms(layout: TableLayout, stored: string | null): Map<string, ColumnForm> | null {
  const isForm = (value: unknown): value is ColumnForm =>
    typeof value === 'string' && (value === NO_TEXTS || value === IRREGULAR || formOfKey(value) !== null || amountDecimalsOfKey(value) !== null);
  return parseKeptFacts(stored, formFields(layout).map((field) => field.column), isForm);
}

/** The forms of every table's time columns (see ColumnFacts). */
export class TimeForms extends ColumnFacts<ColumnForm> {
  constructor() {
    super(widenedForm);
  }

  /** The one form of a time column's texts; null when they have several, none, or are not known. */
  formOf(table: string, column: string): TimeForm | null {
    return formOfKey(this.of(table, column) ?? IRREGULAR);
  }

  /**
   * The layout's time and amount fields (by field name) whose every stored text is its number
   * written in one form, with that form's key (`T+08:00@480`, `fixed:6`); none while the table's
   * forms are not known.
   */
  oneFormsOf(layout: TableLayout): Map<string, ColumnForm> {
    const found = new Map<string, ColumnForm>();
    for (const field of formFields(layout)) {
      const key = this.of(layout.table, field.column);
      if (key !== undefined && key !== NO_TEXTS && key !== IRREGULAR) found.set(field.field, key);
    }
    return found;
  }
}
