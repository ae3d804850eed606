/**
 * How archived records are read (a page's rows, an export's every row): the engine hands a
 * row's texts over as one JSON array of strings and its numbers as typed columns. Building
 * a JSON object per row in the engine (keys, nested objects) for JavaScript to parse costs
 * several times more, and reading each text cell by itself more still (one call into the
 * engine per cell). A missing number comes as NaN, which the archive never stores.
 */
import type { DuckDBDataChunk, DuckDBValue } from '@duckdb/node-api';
import { fieldColumn, fieldSortColumn, joinSql, sql, type SqlQuery } from './sql-query';
import type { FieldLayout, TableLayout } from './table-layout';

/** Where each field's parts are: its text's place in the row's array, its number's column. */
interface FieldSlots {
  field: FieldLayout;
  text: number;
  number: number;
}

export interface RecordColumns {
  /** The select list (from the table's own columns; the table's name is not part of it). */
  select: SqlQuery;
  /** The records of a chunk of that select list's rows. */
  decode<R>(chunk: DuckDBDataChunk): R[];
}

const known = new WeakMap<TableLayout, RecordColumns>();

/** How a layout's records are read, made once per layout. */
export function recordColumnsOf(layout: TableLayout): RecordColumns {
  let columns = known.get(layout);
  if (!columns) known.set(layout, (columns = recordColumns(layout)));
  return columns;
}

/** How a layout's records are read as an array of texts and typed numbers. */
export function recordColumns(layout: TableLayout): RecordColumns {
  const texts: SqlQuery[] = [];
  const numbers: SqlQuery[] = [];
  const slots: FieldSlots[] = layout.fields.map((field) => {
    const column = fieldColumn(layout, field.field);
    const slot = { field, text: -1, number: -1 };
    if (field.kind === 'number') {
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
      const textArrays = chunk.getColumnValues(0);
      const numberValues = numbers.map((_, index) => numbersOf(chunk, 1 + index));
      const records: R[] = [];
      const rows = textArrays.length;
      for (let row = 0; row < rows; row++) {
        const rowTexts = JSON.parse(String(textArrays[row])) as (string | null)[];
        // A copy of one object with every key in place: each record gets the same shape at once.
        const record: Record<string, unknown> = { ...template };
        for (const slot of slots) {
          const text = slot.text < 0 ? null : rowTexts[slot.text];
          const number = slot.number < 0 ? null : numberOf(numberValues[slot.number][row]);
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
