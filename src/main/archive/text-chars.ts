/**
 * Which kinds of character each stored text column holds, in any of its rows: a word
 * searched for (`answered`) cannot be in a column of phone numbers, times or amounts, so
 * the search never lower-cases and scans those columns for it (each costs 30-80 ms over a
 * million rows). Worked out from the rows as they are staged, kept in `_meta` with the
 * rows' merge, and only ever widened: removing rows leaves a column's kinds as they were.
 *
 * 32 kinds, one bit each: the 26 ASCII letters (either case), a digit, `.`, `:`, `-`, any
 * other ASCII character, anything beyond ASCII. The engine lower-cases a text before
 * searching it; beyond ASCII that may make an ASCII letter (the Kelvin sign), so a column
 * with such a character may hold every kind.
 */
import { ColumnFacts, parseKeptFacts } from './column-facts';
import { fieldColumn, joinSql, sql, type SqlQuery } from './sql-query';
import type { FieldLayout, TableLayout } from './table-layout';

const DIGIT = 1 << 26;
const DOT = 1 << 27;
const COLON = 1 << 28;
const DASH = 1 << 29;
const OTHER_ASCII = 1 << 30;
const BEYOND_ASCII = 1 << 31;
/** Every kind: what a column holds that was not worked out. */
export const ANY_CHARS = 0xffffffff;

/** The kind of each ASCII character. */
const KIND = Array.from({ length: 128 }, (_, code) => {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 65 && code <= 90) return 1 << (code - 65);
  if (code >= 48 && code <= 57) return DIGIT;
  if (code === 46) return DOT;
  if (code === 58) return COLON;
  if (code === 45) return DASH;
  return OTHER_ASCII;
});

/** The kinds a stored text holds (any beyond ASCII: every kind). */
export function storedChars(text: string): number {
  let kinds = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 128) return ANY_CHARS;
    kinds |= KIND[code];
  }
  return kinds >>> 0;
}

/** The kinds a (lower-cased) needle needs a text to hold. */
export function neededChars(needle: string): number {
  let kinds = 0;
  for (let at = 0; at < needle.length; at++) {
    const code = needle.charCodeAt(at);
    kinds |= code >= 128 ? BEYOND_ASCII : KIND[code];
  }
  return kinds >>> 0;
}

/** Whether a column holding `held` may hold a needle that needs `needed`. */
export function mayHold(held: number, needed: number): boolean {
  return ((needed & ~held) >>> 0) === 0;
}

/** The stored fields searched by their own text: their kinds are kept (a field read out of JSON is not). */
function charFields(layout: TableLayout): FieldLayout[] {
  return layout.fields.filter((field) => field.kind === 'text' || field.kind === 'textList' || field.kind === 'timestamp' || field.kind === 'amount');
}

/** The kinds of one field's stored text in a record (a list as the search joins it, with ", "). */
function recordFieldChars(field: FieldLayout, value: unknown): number {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? storedChars(value) : 0;
    case 'textList': {
      if (!Array.isArray(value)) return 0;
      let kinds = value.length > 1 ? storedChars(', ') : 0;
      for (const item of value) if (typeof item === 'string') kinds |= storedChars(item);
      return kinds >>> 0;
    }
    case 'timestamp':
    case 'amount': {
      const text: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'text') : null;
      return typeof text === 'string' ? storedChars(text) : 0;
    }
    default:
      return ANY_CHARS;
  }
}

/** The kinds of character a layout's text columns hold over the records added to it (staged, or read back from the table). */
export class CharsTally {
  private readonly fields: FieldLayout[];
  private readonly kinds: number[];

  /** `from`: kinds already held, which the records' are added to. */
  constructor(layout: TableLayout, from?: ReadonlyMap<string, number>) {
    this.fields = charFields(layout);
    this.kinds = this.fields.map((field) => from?.get(field.column) ?? 0);
  }

  add(record: unknown): void {
    this.fields.forEach((field, at) => {
      const value: unknown = typeof record === 'object' && record !== null ? Reflect.get(record, field.field) : undefined;
      this.kinds[at] = ((this.kinds[at] ?? 0) | recordFieldChars(field, value)) >>> 0;
    });
  }

  /** Adds one row's texts as storedTextsSql reads them, in charFields order. */
  addTexts(texts: readonly unknown[]): void {
    texts.forEach((text, at) => {
      if (typeof text === 'string') this.kinds[at] = ((this.kinds[at] ?? 0) | storedChars(text)) >>> 0;
    });
  }

  /** The kinds by column name. */
  byColumn(): Map<string, number> {
    return new Map(this.fields.map((field, at) => [field.column, this.kinds[at] ?? 0]));
  }
}

/** A stored field's own text as the search reads it: a list joined with ", " as the table shows it. */
export function searchedText(layout: TableLayout, field: FieldLayout): SqlQuery {
  const value = fieldColumn(layout, field.field);
  return field.kind === 'textList' ? sql`array_to_string(${value}, ', ')` : value;
}

/** A row's searched texts of the kept fields as one JSON array, in charFields order. */
export function storedTextsSql(layout: TableLayout): SqlQuery {
  const texts = charFields(layout).map((field) => searchedText(layout, field));
  return texts.length === 0 ? sql`'[]'` : sql`to_json([${joinSql(texts)}])::VARCHAR`;
}

/** The `_meta` key a table's kinds are kept under. */
export const textCharsKey = (layout: TableLayout): string => `text-chars:${layout.table}`;

/** Reads what `_meta` kept; null when it is not the kinds of every one of the layout's fields (a newer layout, a damaged value). */
export function parseColumnChars(layout: TableLayout, stored: string | null): Map<string, number> | null {
  const isKinds = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= ANY_CHARS;
  return parseKeptFacts(stored, charFields(layout).map((field) => field.column), isKinds);
}

/** The kinds of every table's columns (see ColumnFacts): a table or column not known holds every kind. */
export class TextChars extends ColumnFacts<number> {
  constructor() {
    super((held, more) => (held | more) >>> 0);
  }

  /** The kinds held by a column of a table, or ANY_CHARS when they are not known. */
  heldBy(table: string, column: string): number {
    return this.of(table, column) ?? ANY_CHARS;
  }
}
