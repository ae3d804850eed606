/**
 * A list's search and column filters as SQL over its archive table, matching what the
 * table shows (shared/column-filter.ts decides what a filter means; this writes the same
 * decision in SQL): labels of codes, amounts with their currency, times in the profile's
 * zone, m:ss durations, numbers compared as numbers. Values are bound; names come from
 * the table's layout.
 */
import type { Column, CurrencyOf } from '../../shared/columns';
import { type ColumnFilterPlan, codeSearchText } from '../../shared/column-filter';
import type { NumberTest } from '../../shared/number-filter';
import type { TimeZone } from '../../shared/time-zone';
import { fieldColumn, fieldSortColumn, joinSql, literal, param, sql, type SqlQuery } from './sql-query';
import type { FieldLayout, TableLayout } from './table-layout';

const TIME_FORMAT = '%Y-%m-%d %H:%M:%S';
/** What a shown time, a duration and a number are made of: a needle with anything else cannot be in them. */
const TIME_CHARS = /^[\d\- :]+$/;
const DURATION_CHARS = /^[\d:-]+$/;
const NUMBER_CHARS = /^[\d.e+-]+$/;

function fieldIn(layout: TableLayout, key: string): FieldLayout | undefined {
  return layout.fields.find((field) => field.field === key);
}

/** Whether the archive keeps a column as a field of its own (only those are filtered, sorted and searched there). */
export function isArchivedColumn(layout: TableLayout, key: string): boolean {
  const field = fieldIn(layout, key);
  return field !== undefined && field.kind !== 'json';
}

/** A number as JavaScript's String() writes it (30, not DuckDB's 30.0). */
function numberText(column: SqlQuery): SqlQuery {
  return sql`(CASE WHEN ${column} = trunc(${column}) AND abs(${column}) < 1e15 THEN CAST(CAST(${column} AS BIGINT) AS VARCHAR) ELSE CAST(${column} AS VARCHAR) END)`;
}

/** Seconds as the table's m:ss. */
function durationText(column: SqlQuery): SqlQuery {
  const whole = sql`CAST(round(abs(${column})) AS BIGINT)`;
  return sql`((CASE WHEN ${column} < 0 THEN '-' ELSE '' END) || CAST(${whole} // 60 AS VARCHAR) || ':' || lpad(CAST(${whole} % 60 AS VARCHAR), 2, '0'))`;
}

/** An instant (ms) as the table writes it in the zone: `2026-11-24 10:42:07`. */
function timeText(instantMs: SqlQuery, zone: TimeZone): SqlQuery {
  if (zone.kind === 'fixed') {
    return sql`strftime(make_timestamp((${instantMs} + ${zone.offsetMinutes * 60_000}) * 1000), ${literal(TIME_FORMAT)})`;
  }
  return sql`strftime(timezone(${param(zone.name)}, to_timestamp(${instantMs} / 1000.0)), ${literal(TIME_FORMAT)})`;
}

function currencySql(layout: TableLayout, currencyOf: CurrencyOf): SqlQuery | null {
  if (currencyOf === null) return null;
  if ('fixed' in currencyOf) return param(currencyOf.fixed);
  const field = fieldIn(layout, currencyOf.field);
  return field ? sql`coalesce(nullif(${fieldColumn(layout, field.field)}, ''), ${param(currencyOf.otherwise)})` : param(currencyOf.otherwise);
}

/** A code's text as the label tables key it (50, not 50.0). */
function codeTextSql(layout: TableLayout, field: FieldLayout): SqlQuery {
  const column = fieldColumn(layout, field.field);
  return field.kind === 'number' ? numberText(column) : column;
}

function contains(text: SqlQuery, needle: string): SqlQuery {
  // A needle with no cased letter needs no lower() of every cell (a number, an id, a time).
  const caseless = needle === needle.toUpperCase();
  return sql`contains(${caseless ? text : sql`lower(${text})`}, ${param(needle)})`;
}

function anyOf(conditions: readonly SqlQuery[]): SqlQuery {
  return conditions.length === 0 ? sql`FALSE` : conditions.length === 1 ? conditions[0] : sql`(${joinSql(conditions, sql` OR `)})`;
}

/** The texts of a column that a text filter or a search looks in, as SQL; none when the needle cannot be in them. */
function textsOf<R>(layout: TableLayout, column: Column<R>, field: FieldLayout, needle: string, zone: TimeZone): SqlQuery[] {
  const value = fieldColumn(layout, field.field);
  switch (column.kind) {
    case 'text':
    case 'id':
    case 'phone':
    case 'date':
      return [field.kind === 'textList' ? sql`array_to_string(${value}, ', ')` : value];
    case 'list':
      return [field.kind === 'textList' ? sql`array_to_string(${value}, ', ')` : value];
    case 'integer':
    case 'number':
      return NUMBER_CHARS.test(needle) ? [numberText(value)] : [];
    case 'duration':
      return DURATION_CHARS.test(needle) ? [durationText(value), numberText(value)] : [];
    case 'amount': {
      const currency = currencySql(layout, column.currencyOf);
      return [currency === null ? value : sql`(${value} || ' ' || ${currency})`];
    }
    case 'time':
      return TIME_CHARS.test(needle) && field.kind === 'timestamp' ? [value, timeText(fieldSortColumn(layout, field.field), zone)] : [value];
    case 'code':
      return [];
  }
}

/** Codes of a column whose label and code, as shown, hold the needle: the table's by list, an open set's by its prefix. */
function codeSearch<R>(layout: TableLayout, column: Column<R>, field: FieldLayout, needle: string): SqlQuery {
  if (column.kind !== 'code') return sql`FALSE`;
  const code = codeTextSql(layout, field);
  const table = Object.keys(column.labels.table);
  const found = table.filter((entry) => codeSearchText(column.labels, entry).includes(needle));
  const conditions = found.length > 0 ? [sql`${code} IN (${joinSql(found.map((entry) => param(entry)))})`] : [];
  const outside = table.length > 0 ? sql`${code} NOT IN (${joinSql(table.map((entry) => param(entry)))}) AND ` : sql``;
  const prefix = column.labels.otherwise?.prefix;
  const shown = prefix === undefined ? code : sql`(${param(prefix)} || ${code} || ' (' || ${code} || ')')`;
  conditions.push(sql`(${outside}${code} <> '' AND ${contains(shown, needle)})`);
  return anyOf(conditions);
}

/** The search over a list's archived rows: the needle (lower-cased) in any column's shown text or raw value. */
export function searchSql<R>(layout: TableLayout, columns: readonly Column<R>[], search: string, zone: TimeZone): SqlQuery | null {
  const needle = search.trim().toLowerCase();
  if (needle === '') return null;
  const conditions: SqlQuery[] = [];
  for (const column of columns) {
    const field = fieldIn(layout, column.key);
    if (!field || field.kind === 'json') continue;
    if (column.kind === 'code') conditions.push(codeSearch(layout, column, field, needle));
    else conditions.push(...textsOf(layout, column, field, needle, zone).map((text) => contains(text, needle)));
  }
  return anyOf(conditions);
}

function numberTestSql(value: SqlQuery, test: NumberTest): SqlQuery {
  switch (test.op) {
    case '=':
      return sql`${value} = ${param(test.value)}`;
    case '!=':
      return sql`${value} <> ${param(test.value)}`;
    case '<':
      return sql`${value} < ${param(test.value)}`;
    case '<=':
      return sql`${value} <= ${param(test.value)}`;
    case '>':
      return sql`${value} > ${param(test.value)}`;
    case '>=':
      return sql`${value} >= ${param(test.value)}`;
    case 'between':
      return sql`${value} BETWEEN ${param(test.low)} AND ${param(test.high)}`;
  }
}

/** The number a number test reads from a column, as SQL: an amount's value, a text code read as a number. */
function numberSql<R>(layout: TableLayout, column: Column<R>, field: FieldLayout): SqlQuery {
  if (column.kind === 'amount' && field.kind === 'amount') return fieldSortColumn(layout, field.field);
  const value = fieldColumn(layout, field.field);
  return field.kind === 'number' ? value : sql`TRY_CAST(${value} AS DOUBLE)`;
}

/** One column filter's plan as SQL (the column must be one of the archive's fields). */
export function columnFilterSql<R>(layout: TableLayout, column: Column<R>, plan: ColumnFilterPlan, zone: TimeZone): SqlQuery {
  const field = fieldIn(layout, column.key);
  if (!field || field.kind === 'json') throw new TypeError(`The archive keeps no field "${column.key}" to filter.`);
  switch (plan.kind) {
    case 'number':
      return numberTestSql(numberSql(layout, column, field), plan.test);
    case 'codes': {
      if (column.kind !== 'code') return sql`FALSE`;
      const code = codeTextSql(layout, field);
      const conditions = plan.codes.length > 0 ? [sql`${code} IN (${joinSql(plan.codes.map((entry) => param(entry)))})`] : [];
      if (plan.otherwise !== null) {
        conditions.push(sql`(${code} <> '' AND lower(${code}) = ${param(plan.otherwise)})`);
        const prefix = column.labels.otherwise?.prefix;
        const table = Object.keys(column.labels.table);
        if (prefix !== undefined) {
          const outside = table.length > 0 ? sql`${code} NOT IN (${joinSql(table.map((entry) => param(entry)))}) AND ` : sql``;
          conditions.push(sql`(${outside}${code} <> '' AND ${contains(sql`(${param(prefix)} || ${code})`, plan.otherwise)})`);
        }
      }
      return anyOf(conditions);
    }
    case 'text':
      return anyOf(textsOf(layout, column, field, plan.needle, zone).map((text) => contains(text, plan.needle)));
  }
}
