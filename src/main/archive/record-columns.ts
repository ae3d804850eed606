/**
 * How archived records are read (a page's rows, an export's every row): the engine hands a
 * row's texts over as one JSON array of strings and its numbers as typed columns. Building
 * a JSON object per row in the engine (keys, nested objects) for JavaScript to parse costs
 * several times more, and reading each text cell by itself more still (one call into the
 * engine per cell). A missing number comes as NaN, which the archive never stores.
 *
 * A time or amount column whose every text is its number written one way (time-forms.ts)
 * can be read without its text: the text is written again from the number. Fetching a page's
 * scattered rows, each such text costs about 1 ms of a page's 20 (the engine decompresses its
 * block up to the row), its number a fifth of that. An export's scan reads texts faster than
 * JavaScript writes them again (1.3 against 1.6 s for 100,000 rows), so it reads them.
 */
import type { DuckDBDataChunk, DuckDBValue } from '@duckdb/node-api';
import { fieldColumn, fieldSortColumn, joinSql, sql, type SqlQuery } from './sql-query';
import type { FieldLayout, TableLayout } from './table-layout';
import { amountDecimalsOfKey, formOfKey, textOfTimeForm } from './time-forms';

/** The time and amount fields (by field name) whose texts are written from their numbers, each with its column's one form (its key). */
export type TextsFromNumbers = ReadonlyMap<string, string>;

const NO_TEXTS_FROM_NUMBERS: TextsFromNumbers = new Map();

/** Where each field's parts are: its text's place in the row's array, its number's column. */
interface FieldSlots {
  field: FieldLayout;
  text: number;
  number: number;
  /** Writes the text from the number, when it is not read. */
  written: ((number: number) => string) | null;
}

export interface RecordColumns {
  /** The select list (from the table's own columns; the table's name is not part of it). */
  select: SqlQuery;
  /** The records of a chunk of that select list's rows. */
  decode<R>(chunk: DuckDBDataChunk): R[];
  /** A chunk's row texts (one JSON array each) and number columns, as plain values. */
  raw(chunk: DuckDBDataChunk): RawRecords;
  /** The records of those values. */
  records<R>(raw: RawRecords): R[];
}

export interface RawRecords {
  texts: ArrayLike<DuckDBValue>;
  numbers: ArrayLike<DuckDBValue>[];
}

/** A chunk of rows as the engine handed them (for a worker to decode) and as records, made when first asked. */
export interface RecordChunk<R> {
  readonly raw: RawRecords;
  records(): R[];
}

/** A chunk's raw values with its records made from them once, when asked. */
export function recordChunk<R>(columns: RecordColumns, chunk: DuckDBDataChunk): RecordChunk<R> {
  const raw = columns.raw(chunk);
  let records: R[] | null = null;
  return { raw, records: () => (records ??= columns.records<R>(raw)) };
}

const known = new WeakMap<TableLayout, Map<string, RecordColumns>>();

/** How a layout's records are read (with `fromNumbers`' texts written from their numbers), made once per layout and forms. */
export function recordColumnsOf(layout: TableLayout, fromNumbers: TextsFromNumbers = NO_TEXTS_FROM_NUMBERS): RecordColumns {
  let byForms = known.get(layout);
  if (!byForms) known.set(layout, (byForms = new Map()));
  const key = formsKey(fromNumbers);
  let columns = byForms.get(key);
  if (!columns) byForms.set(key, (columns = recordColumns(layout, fromNumbers)));
  return columns;
}

/** The same key for the same fields in the same forms. */
export function formsKey(fromNumbers: TextsFromNumbers): string {
  return [...fromNumbers].map(([field, form]) => `${field}=${form}`).join(';');
}

/** How a field's text is written from its number in a form; null when the form is not one for its kind. */
function writerOf(field: FieldLayout, form: string | undefined): ((number: number) => string) | null {
  if (form === undefined) return null;
  if (field.kind === 'amount') {
    const decimals = amountDecimalsOfKey(form);
    return decimals === null ? null : (value) => value.toFixed(decimals);
  }
  const time = field.kind === 'timestamp' ? formOfKey(form) : null;
  return time ? (epochMs) => textOfTimeForm(epochMs, time) : null;
}

/** How a layout's records are read as an array of texts and typed numbers. */
export function recordColumns(layout: TableLayout, fromNumbers: TextsFromNumbers = NO_TEXTS_FROM_NUMBERS): RecordColumns {
  const texts: SqlQuery[] = [];
  const numbers: SqlQuery[] = [];
  const slots: FieldSlots[] = layout.fields.map((field) => {
    const column = fieldColumn(layout, field.field);
    const written = writerOf(field, fromNumbers.get(field.field));
    const slot: FieldSlots = { field, text: -1, number: -1, written };
    if (written) {
      slot.number = numbers.push(sql`CAST(${fieldSortColumn(layout, field.field)} AS DOUBLE)`) - 1;
    } else if (field.kind === 'number') {
      slot.number = numbers.push(column) - 1;
    } else if (field.kind === 'textList') {
      slot.text = texts.push(sql`to_json(coalesce(${column}, []::VARCHAR[]))::VARCHAR`) - 1;
    } else {
      slot.text = texts.push(column) - 1;
      if (field.kind === 'timestamp' || field.kind === 'amount') {
        slot.number = numbers.push(sql`CAST(${fieldSortColumn(layout, field.field)} AS DOUBLE)`) - 1;
      }
    }
    return slot;
  });
  const textArray = texts.length === 0 ? sql`'[]'` : sql`to_json([${joinSql(texts)}])::VARCHAR`;
  const select = joinSql([textArray, ...numbers.map((number) => sql`coalesce(${number}, 'nan'::DOUBLE)`)]);
  const template: Record<string, null> = Object.fromEntries(layout.fields.map((field) => [field.field, null]));

  return {
    select,
    decode<R>(chunk: DuckDBDataChunk): R[] {
      return this.records<R>(this.raw(chunk));
    },
    raw(chunk: DuckDBDataChunk): RawRecords {
      return { texts: chunk.getColumnValues(0), numbers: numbers.map((_, index) => numbersOf(chunk, 1 + index)) };
    },
    records<R>({ texts: textArrays, numbers: numberValues }: RawRecords): R[] {
      const records: R[] = [];
      const rows = textArrays.length;
      for (let row = 0; row < rows; row++) {
        const rowTexts = JSON.parse(String(textArrays[row])) as (string | null)[];
        // A copy of one object with every key in place: each record gets the same shape at once.
        const record: Record<string, unknown> = { ...template };
        for (const slot of slots) {
          const number = slot.number < 0 ? null : numberOf(numberValues[slot.number][row]);
          const text = slot.written ? (number === null ? null : slot.written(number)) : slot.text < 0 ? null : rowTexts[slot.text];
          record[slot.field.field] = valueOf(slot.field, text, number);
        }
        records.push(record as R);
      }
      return records;
    },
  };
}

/**
 * A DOUBLE column's values. The engine's vector is read as the Float64Array the client
 * keeps over it when it has one (the select list never leaves a number empty, so no
 * validity is needed): building a value per cell cost a tenth of an export.
 */
function numbersOf(chunk: DuckDBDataChunk, column: number): ArrayLike<DuckDBValue> {
  const items: unknown = Reflect.get(chunk.getColumnVector(column), 'items');
  return items instanceof Float64Array ? items : chunk.getColumnValues(column);
}

function numberOf(value: DuckDBValue): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? null : number;
}

/** A field's value as the record holds it (as the JSON form has it: a missing list empty, a missing JSON field `{}`). */
function valueOf(field: FieldLayout, text: string | null, number: number | null): unknown {
  switch (field.kind) {
    case 'text':
      return text;
    case 'number':
      return number;
    case 'timestamp':
      return text === null ? null : { text, epochMs: number };
    case 'amount':
      return text === null ? null : { text, value: number };
    case 'textList':
      return JSON.parse(text ?? '[]') as unknown;
    case 'json':
      return JSON.parse(text ?? '{}') as unknown;
  }
}
