/**
 * How a normalised record is laid out in an archive table, derived from the record's
 * field table (the same one the normaliser reads), so a record goes in and comes back
 * out exactly as the API client produced it:
 *   text → VARCHAR, number → DOUBLE, textList → VARCHAR[],
 *   timestamp → its text (VARCHAR) and its instant (BIGINT ms, sortable),
 *   amount → its decimal text (VARCHAR) and its value (DOUBLE, summable),
 *   extra / task variables → JSON text.
 * A column whose value is one key of a JSON field (a task's var01) is a derived field: read
 * by that key (json_extract_string) wherever a field is filtered, searched or sorted, never
 * stored as a column of its own nor part of the record read back.
 * Every table also has `_key` (the row's identity), `_time` (the row time, ms),
 * `_scope` (what a snapshot replaces, e.g. one task's rows), `_seen` (fetched at, ms) and,
 * after the fields, `_pos` (its place in the listing it came from).
 */
import type { FieldKind, RecordSchema } from '../../shared/normalise/schema';
import type { DecimalAmount, Timestamp } from '../../shared/records';
import { isSecretFieldName, withoutSecretFields } from '../../shared/secret-fields';

export type SqlType = 'VARCHAR' | 'DOUBLE' | 'BIGINT' | 'VARCHAR[]';

/** One SQL column of an archive table. */
export interface SqlColumn {
  name: string;
  type: SqlType;
}

/** One record field and the SQL columns it occupies. */
export interface FieldLayout {
  field: string;
  kind: FieldKind | 'json';
  /** The text/value column: what equality filters, search and export read. */
  column: string;
  /** The instant (timestamp) or number (amount) beside the text; what sorting reads. */
  sortColumn: string;
  /** A derived field: its text is this key of that JSON column (`column` and `sortColumn` name the JSON column). */
  jsonKey?: string;
  /** Whether a text field's list column sorts its cells as numbers (a code); by default text sorts as text. */
  sortsAsNumber?: boolean;
}

export interface TableLayout {
  table: string;
  /** The stored fields, in column order: what a record is written from and read back as. */
  fields: readonly FieldLayout[];
  columns: readonly SqlColumn[];
  /** Text fields read out of a JSON field by key (see above); none when absent. */
  derived?: readonly FieldLayout[];
  /** The stored search text (stored-digits.ts), kept in its column (sql-query.ts SEARCH_COLUMN) after `columns`; none when absent. */
  search?: StoredSearch;
}

/**
 * A row's search text, worked out when the row is staged. `version` names how: an archive
 * whose column was filled another way is filled again when opened (schema.ts).
 */
export interface StoredSearch {
  /** The digit runs of a record of the table (a row of its list). */
  runsOf(record: unknown): string;
  version: string;
}

/** A derived field's place: the JSON field it is read from and its key there. */
export interface DerivedField {
  field: string;
  json: string;
  key: string;
}

export const SYSTEM_COLUMNS: readonly SqlColumn[] = [
  { name: '_key', type: 'VARCHAR' },
  { name: '_time', type: 'BIGINT' },
  { name: '_scope', type: 'VARCHAR' },
  { name: '_seen', type: 'BIGINT' },
];

/** The row's place in the listing it was fetched from: the platform's own order, where no field gives it. */
export const POSITION_COLUMN: SqlColumn = { name: '_pos', type: 'BIGINT' };

export function tableLayout<R>(
  table: string,
  schema: RecordSchema<R>,
  jsonFields: readonly string[],
  derivedFields: readonly DerivedField[] = [],
): TableLayout {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(table)) throw new Error(`Not an archive table name: ${table}`);
  const fields: FieldLayout[] = [];
  const columns: SqlColumn[] = [...SYSTEM_COLUMNS];
  const kinds = Object.entries(schema) as [string, { kind: FieldKind }][];
  for (const [field, { kind }] of kinds) {
    // No archive stores a secret, whatever a schema says (a seat's password).
    if (isSecretFieldName(field)) continue;
    const layout = fieldLayout(field, kind);
    fields.push(layout);
    columns.push(...sqlColumnsOf(layout));
  }
  for (const field of jsonFields) {
    fields.push({ field, kind: 'json', column: field, sortColumn: field });
    columns.push({ name: field, type: 'VARCHAR' });
  }
  // Last, so an archive made before it gains it in the same place (ALTER TABLE adds at the end).
  columns.push(POSITION_COLUMN);
  const derived = derivedFields.map(({ field, json, key }): FieldLayout => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(field) || !/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) throw new Error(`Not a derived archive field: ${field} (${key})`);
    if (!jsonFields.includes(json)) throw new Error(`${field} is read from ${json}, which is not a JSON field of ${table}.`);
    if (fields.some((stored) => stored.field === field)) throw new Error(`${field} is a stored field of ${table} already.`);
    return { field, kind: 'text', column: json, sortColumn: json, jsonKey: key };
  });
  return derived.length > 0 ? { table, fields, columns, derived } : { table, fields, columns };
}

function fieldLayout(field: string, kind: FieldKind): FieldLayout {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(field)) throw new Error(`Not an archive field name: ${field}`);
  const paired = kind === 'timestamp' || kind === 'amount';
  return { field, kind, column: field, sortColumn: paired ? `${field}__n` : field };
}

function sqlColumnsOf(layout: FieldLayout): SqlColumn[] {
  switch (layout.kind) {
    case 'text':
    case 'json':
      return [{ name: layout.column, type: 'VARCHAR' }];
    case 'number':
      return [{ name: layout.column, type: 'DOUBLE' }];
    case 'textList':
      return [{ name: layout.column, type: 'VARCHAR[]' }];
    case 'timestamp':
      return [
        { name: layout.column, type: 'VARCHAR' },
        { name: layout.sortColumn, type: 'BIGINT' },
      ];
    case 'amount':
      return [
        { name: layout.column, type: 'VARCHAR' },
        { name: layout.sortColumn, type: 'DOUBLE' },
      ];
  }
}

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A cell as it goes to the database: the SQL columns of one field, in layout order. */
export type SqlCell = string | number | bigint | null | string[];

/** The SQL cells of one record's fields (system columns not included), in `columns` order. */
export function encodeFields(layout: TableLayout, record: Record<string, unknown>): SqlCell[] {
  const cells: SqlCell[] = [];
  for (const field of layout.fields) {
    const value = record[field.field];
    switch (field.kind) {
      case 'text':
        cells.push(typeof value === 'string' ? value : null);
        break;
      case 'number':
        cells.push(typeof value === 'number' && Number.isFinite(value) ? value : null);
        break;
      case 'textList':
        cells.push(
          Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
        );
        break;
      case 'json':
        cells.push(value === undefined ? null : JSON.stringify(withoutSecretFields(value)));
        break;
      case 'timestamp': {
        const stamp = value as Timestamp | null | undefined;
        cells.push(
          stamp ? stamp.text : null,
          stamp?.epochMs === null || stamp?.epochMs === undefined ? null : BigInt(Math.trunc(stamp.epochMs)),
        );
        break;
      }
      case 'amount': {
        const amount = value as DecimalAmount | null | undefined;
        cells.push(amount ? amount.text : null, amount?.value ?? null);
        break;
      }
    }
  }
  return cells;
}

/** What the archive needs to know of one operation (read from its descriptor). */
export interface ArchiveTable<R> {
  layout: TableLayout;
  /** The row's identity; `position` is its 0-based place in the listing it came from. */
  keyOf(record: R, position: number): string;
  /** The row's time (ms) for windowed operations; null otherwise. */
  timeOf(record: R): number | null;
  /** What one snapshot of this list replaces (a task id for task details); '' for the whole list. */
  scopeOf(record: R): string;
}
