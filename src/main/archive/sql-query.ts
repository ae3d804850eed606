/**
 * SQL for the archive, built from typed parts only: the text written in a `sql` template
 * by the code, names taken from a table layout, whole numbers, literal and bound values,
 * and other fragments made here. There is no way to turn an arbitrary string into SQL
 * text, so no caller (and no value a user typed) can add to a statement's text.
 *
 * Whole numbers go into the text as literals: the engine plans a statement's literals
 * (zone maps skip row groups, expressions fold) but not its bound parameters.
 */
import type { DuckDBConnection, DuckDBMaterializedResult, DuckDBValue } from '@duckdb/node-api';
import { icuCollationOf } from '../../shared/cell-text';
import type { FieldLayout, SqlColumn, SqlType, TableLayout } from './table-layout';
import type { TimeForm } from './time-forms';

/** A gate: SQL that may hold only where a text column holds some kinds of character (see gatedOnChars). */
type Gate = { column: string; needs: number; parts: readonly Part[] };
/** SQL chosen by the form of a time column's texts (see onTimeForm); `unknown` is its choice for no one form. */
type FormChoice = { column: string; choose: (form: TimeForm) => SqlQuery; unknown: readonly Part[] };
type Part = { text: string } | { param: DuckDBValue } | { gate: Gate } | { form: FormChoice };

declare const brand: unique symbol;

/** A piece of SQL made by this module: `sql` templates, layout names, values. Nothing else is one. */
export interface SqlQuery {
  readonly [brand]: 'SqlQuery';
}

/** The parts of every fragment made here; an object not in it was not made here and is refused. */
const partsOf = new WeakMap<SqlQuery, readonly Part[]>();

function made(parts: readonly Part[]): SqlQuery {
  const fragment = Object.freeze({}) as SqlQuery;
  partsOf.set(fragment, Object.freeze([...parts]));
  return fragment;
}

function partsOfFragment(value: unknown): readonly Part[] | undefined {
  return typeof value === 'object' && value !== null ? partsOf.get(value as SqlQuery) : undefined;
}

export function isSqlQuery(value: unknown): value is SqlQuery {
  return partsOfFragment(value) !== undefined;
}

/** What a `sql` template takes between its texts. */
export type SqlPart = SqlQuery | number | bigint;

/**
 * The statement as the engine takes it: text with `$p0`, `$p1`... and their values.
 * Fragments bound at different places never share a name.
 */
export function renderSql(query: SqlQuery): { text: string; params: Record<string, DuckDBValue> } {
  let text = '';
  const params: Record<string, DuckDBValue> = {};
  let count = 0;
  const parts = partsOfFragment(query);
  if (!parts) throw new TypeError('Not a statement made with sql`...`.');
  const render = (list: readonly Part[]): void => {
    for (const part of list) {
      if ('text' in part) {
        text += part.text;
      } else if ('gate' in part) {
        render(part.gate.parts);
      } else if ('form' in part) {
        render(part.form.unknown);
      } else {
        const name = `p${count++}`;
        params[name] = part.param;
        text += `$${name}`;
      }
    }
  };
  render(parts);
  return { text, params };
}

/**
 * A condition on a text column's text that can hold only where the column holds the kinds of
 * character `needs` names (text-chars.ts): as it is, unless withKnownChars finds the column
 * never held them, when it is FALSE and the engine never reads the column for it.
 */
export function gatedOnChars(column: string, needs: number, condition: SqlQuery): SqlQuery {
  const parts = partsOfFragment(condition);
  if (!parts) throw new TypeError('gatedOnChars takes a fragment made with sql`...` only.');
  return made([{ gate: { column, needs, parts } }]);
}

/**
 * SQL that depends on the form of a time column's texts (time-forms.ts): `choose(form)` when
 * withKnownTexts finds every text of the column has one, `choose(null)` otherwise.
 */
export function onTimeForm(column: string, choose: (form: TimeForm | null) => SqlQuery): SqlQuery {
  const unknown = partsOfFragment(choose(null));
  if (!unknown) throw new TypeError('onTimeForm takes fragments made with sql`...` only.');
  return made([{ form: { column, choose, unknown } }]);
}

/** What is known of a table's stored texts (text-chars.ts, time-forms.ts). */
export interface KnownTexts {
  /** Whether a text column may hold the kinds of character `needs` names. */
  mayHold(column: string, needs: number): boolean;
  /** The one form of a time column's texts, or null. */
  formOf(column: string): TimeForm | null;
}

/** A fragment with each gate and form decided: FALSE where a gate's column cannot hold what it needs. */
export function withKnownTexts(query: SqlQuery, known: KnownTexts): SqlQuery {
  const decide = (list: readonly Part[]): Part[] =>
    list.flatMap((part): Part[] => {
      if ('gate' in part) return known.mayHold(part.gate.column, part.gate.needs) ? decide(part.gate.parts) : [{ text: 'FALSE' }];
      if (!('form' in part)) return [part];
      const form = known.formOf(part.form.column);
      return decide(form ? (partsOfFragment(part.form.choose(form)) ?? []) : part.form.unknown);
    });
  const parts = partsOfFragment(query);
  if (!parts) throw new TypeError('withKnownTexts takes a fragment made with sql`...` only.');
  return made(decide(parts));
}

/** A whole number written into the text; anything else is refused. */
function integerText(value: number | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isSafeInteger(value)) throw new TypeError(`Not a whole number for SQL: ${value}`);
  return String(value);
}

function isTemplate(strings: unknown): strings is TemplateStringsArray {
  // A template literal's strings are a frozen array with a frozen `raw` beside them.
  if (!Array.isArray(strings) || !Object.isFrozen(strings)) return false;
  const raw: unknown = Reflect.get(strings, 'raw');
  return Array.isArray(raw) && Object.isFrozen(raw);
}

/**
 * A SQL fragment written in code: sql`SELECT count(*) FROM ${table(layout)} WHERE _time >= ${fromMs}`.
 * Between its texts: fragments, and whole numbers (checked, written as literals). A string
 * there is a type error, and refused at run time too.
 */
export function sql(strings: TemplateStringsArray, ...values: readonly SqlPart[]): SqlQuery {
  if (!isTemplate(strings)) throw new TypeError('sql`...` takes a template literal written in code.');
  const parts: Part[] = [];
  strings.forEach((text, index) => {
    if (text !== '') parts.push({ text });
    if (index >= values.length) return;
    const value: unknown = values[index];
    const fragment = partsOfFragment(value);
    if (fragment) parts.push(...fragment);
    else if (typeof value === 'number' || typeof value === 'bigint') parts.push({ text: integerText(value) });
    else throw new TypeError(`sql\`...\` takes fragments and whole numbers only, not ${typeof value}.`);
  });
  return made(parts);
}

/** Fragments one after another, with a separator fragment between them (default ", "). */
export function joinSql(fragments: readonly SqlQuery[], separator: SqlQuery = sql`, `): SqlQuery {
  const between = partsOfFragment(separator) ?? [];
  const parts: Part[] = [];
  fragments.forEach((fragment, index) => {
    const own = partsOfFragment(fragment);
    if (!own) throw new TypeError('joinSql takes fragments made with sql`...` only.');
    if (index > 0) parts.push(...between);
    parts.push(...own);
  });
  return made(parts);
}

/** A text column with blank text (empty, or spaces only: what the platform sends for none) as NULL; other text as it is. */
export function blankAsNull(column: SqlQuery): SqlQuery {
  return sql`CASE WHEN trim(CAST(${column} AS VARCHAR)) = '' THEN NULL ELSE ${column} END`;
}

/** A value bound as a parameter (what a user typed goes in this way). */
export function param(value: DuckDBValue): SqlQuery {
  return made([{ param: value }]);
}

/**
 * A value written into the text as a literal: text quoted (quotes doubled), whole numbers
 * checked, finite numbers, true, false and NULL. For what the engine takes only as a literal
 * (a COPY's file name) and for labels the code chooses.
 */
export function literal(value: string | number | boolean | null): SqlQuery {
  if (value === null) return made([{ text: 'NULL' }]);
  if (typeof value === 'boolean') return made([{ text: value ? 'TRUE' : 'FALSE' }]);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Not a finite number for SQL: ${value}`);
    return made([{ text: Number.isInteger(value) ? integerText(value) : String(value) }]);
  }
  if (value.includes('\u0000')) throw new TypeError('Text for SQL cannot hold a NUL character.');
  return made([{ text: `'${value.replaceAll("'", "''")}'` }]);
}

const quoted = (name: string): SqlQuery => made([{ text: `"${name.replaceAll('"', '""')}"` }]);

/** The table of a layout. */
export function tableName(layout: TableLayout): SqlQuery {
  return quoted(layout.table);
}

/** The staging table of a layout (a temporary table beside it). */
export function stageTableName(layout: TableLayout): SqlQuery {
  return quoted(stageNameOf(layout));
}

export function stageNameOf(layout: TableLayout): string {
  return `_stage_${layout.table}`;
}

/** One of the layout's columns, by its SQL name (system columns included). */
export function columnName(layout: TableLayout, name: string): SqlQuery {
  if (!layout.columns.some((column) => column.name === name)) {
    throw new TypeError(`The archive table ${layout.table} has no column "${name}".`);
  }
  return quoted(name);
}

/** The stored search text (a row's digit runs, shown-sql.ts): in the table only, never staged nor read back as part of a record. */
export const SEARCH_COLUMN = '_search_digits';

/** Beside it, the digit runs' mask (digit-mask.ts). */
export const SEARCH_MASK_COLUMN = '_search_mask';

/** The table's stored search text (see table-layout.ts); only a layout that keeps one has it. */
export function searchTextColumn(layout: TableLayout): SqlQuery {
  if (!layout.search) throw new TypeError(`The archive table ${layout.table} keeps no search text.`);
  return quoted(SEARCH_COLUMN);
}

/** The mask of the table's stored search text. */
export function searchMaskColumn(layout: TableLayout): SqlQuery {
  if (!layout.search) throw new TypeError(`The archive table ${layout.table} keeps no search text.`);
  return quoted(SEARCH_MASK_COLUMN);
}

/** Whether a row's kinds of character are in the table's (text-chars.ts): empty for rows merged by a version that kept none. */
export const CHARS_KEPT_COLUMN = '_chars_kept';

export function charsKeptColumn(): SqlQuery {
  return quoted(CHARS_KEPT_COLUMN);
}

/** Whether a row's time forms are in the table's (time-forms.ts): empty for rows merged by a version that kept none. */
export const FORMS_KEPT_COLUMN = '_forms_kept';

export function formsKeptColumn(): SqlQuery {
  return quoted(FORMS_KEPT_COLUMN);
}

/** A field of the layout, stored or derived (read from a JSON field by key). */
export function fieldOf(layout: TableLayout, name: string): FieldLayout {
  const field = layout.fields.find((candidate) => candidate.field === name) ?? layout.derived?.find((candidate) => candidate.field === name);
  if (!field) throw new TypeError(`The archive has no field "${name}" in ${layout.table}.`);
  return field;
}

/** A derived field's text: its key of the JSON column (NULL where the key is missing or null). */
function jsonKeyText(column: string, key: string): SqlQuery {
  return sql`json_extract_string(${quoted(column)}, ${literal(`$.${key}`)})`;
}

/** A field's value column: its text, number or list (a derived field's text from its JSON column). */
export function fieldColumn(layout: TableLayout, field: string): SqlQuery {
  const found = fieldOf(layout, field);
  return found.jsonKey === undefined ? quoted(found.column) : jsonKeyText(found.column, found.jsonKey);
}

/**
 * What a list sorted by a field orders by, as the list sorts its loaded cells (cell-text.ts
 * sortValueOf): a number, a code's text read as a number, or text by its collation key in the
 * interface language (digit runs as numbers, case and accents not counted). Blank text is no
 * value, sorted last as an empty cell is.
 */
export function fieldOrderColumn(layout: TableLayout, field: string): SqlQuery {
  const found = fieldOf(layout, field);
  const value = fieldSortColumn(layout, field);
  if (found.kind === 'number' || found.kind === 'timestamp' || found.kind === 'amount') return value;
  if (found.sortsAsNumber === true) return sql`TRY_CAST(NULLIF(trim(${value}), '') AS DOUBLE)`;
  const text = found.kind === 'textList' ? sql`array_to_string(${value}, ', ')` : value;
  return sql`icu_sort_key(NULLIF(${text}, ''), ${literal(icuCollationOf())})`;
}

/** A field's sortable column: a timestamp's instant (ms), an amount's number, or the value itself. */
export function fieldSortColumn(layout: TableLayout, field: string): SqlQuery {
  const found = fieldOf(layout, field);
  return found.jsonKey === undefined ? quoted(found.sortColumn) : jsonKeyText(found.sortColumn, found.jsonKey);
}

const TYPES: Readonly<Record<SqlType, string>> = {
  VARCHAR: 'VARCHAR',
  DOUBLE: 'DOUBLE',
  BIGINT: 'BIGINT',
  'VARCHAR[]': 'VARCHAR[]',
};

/** A column's name and type, as CREATE TABLE and ADD COLUMN take them. */
export function columnDefinition(layout: TableLayout, column: SqlColumn): SqlQuery {
  return sql`${columnName(layout, column.name)} ${made([{ text: TYPES[column.type] }])}`;
}

/** The name a field's column is given in a result (a Parquet column). */
export function fieldAlias(layout: TableLayout, field: string): SqlQuery {
  return quoted(fieldOf(layout, field).field);
}

/** Runs a statement made here. */
export function runSql(connection: DuckDBConnection, query: SqlQuery): Promise<DuckDBMaterializedResult> {
  const { text, params } = renderSql(query);
  return connection.run(text, params);
}

/** Runs `work` in one transaction on `connection`: committed when it resolves, rolled back when it throws (and the error passed on). */
export async function inTransaction<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await runSql(connection, sql`BEGIN TRANSACTION`);
  try {
    const result = await work();
    await runSql(connection, sql`COMMIT`);
    return result;
  } catch (error) {
    await runSql(connection, sql`ROLLBACK`).catch(() => undefined);
    throw error;
  }
}

/**
 * Reads of several statements as one snapshot of the archive (a read-only transaction,
 * always rolled back): a merge committed meanwhile is seen by none of them, so rows a
 * first statement picked, or the slices it cut, are all there, and no more, for the next.
 */
export async function inOneSnapshot<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await runSql(connection, sql`BEGIN TRANSACTION`);
  try {
    return await work();
  } finally {
    await runSql(connection, sql`ROLLBACK`).catch(() => undefined);
  }
}

/** Runs a statement made here and reads every row (as JavaScript values). */
export async function readSql(connection: DuckDBConnection, query: SqlQuery): Promise<unknown[][]> {
  const { text, params } = renderSql(query);
  return (await connection.runAndReadAll(text, params)).getRowsJS();
}
