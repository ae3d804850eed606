/**
 * An archive query (window, scope, filters, search, sort) as SQL: the conditions that
 * select its rows and the order they are listed in. Every value the user gave is bound as
 * a parameter; every name comes from the table's layout.
 */
import type { Via } from '../../shared/reports/via';
import type { TimeZone } from '../../shared/time-zone';
import { hourOfDaySql } from './hour-of-day-sql';
import { blankAsNull, fieldColumn, fieldOf, fieldOrderColumn, joinSql, param, sql, type SqlQuery } from './sql-query';
import type { TableLayout } from './table-layout';
import { viaConditionSql } from './via-sql';

export interface QueryFilter {
  field: string;
  /** eq: equal to one value; in: any of the values; contains: text contains (case-insensitive). */
  op: 'eq' | 'in' | 'contains';
  values: readonly (string | number)[];
}

export interface ArchiveQuery {
  /** Rows whose `_time` lies in [fromMs, toMs]. */
  window?: { fromMs: number; toMs: number };
  /** Only rows of this snapshot scope. */
  scope?: string;
  filters?: readonly QueryFilter[];
  /** Text anywhere in the row's text fields, case-insensitive. */
  search?: string;
  sort?: { field: string; descending: boolean };
  /** Fields equal to a value; null matches a missing value (no value, or blank text). */
  equals?: readonly { field: string; value: string | number | null }[];
  /** Only rows whose `_time` falls in this hour of the day (0-23) in the zone; needs `window`. */
  hourOfDay?: { hour: number; zone: TimeZone };
  /** Conditions on what the rows show: a screen's search and column filters, made by shown-sql.ts. */
  shown?: readonly SqlQuery[];
  /** Only the rows of one seat or team leader (null: those without one), found through the via's lists. */
  via?: { via: Via; value: string | null };
}

export { ArchiveQueryRefused } from './archive-query-refused';

/**
 * A window cut to the time the table's rows cover (`span`, both ends included): rows
 * outside it do not exist, so the answer is the same and the work is bounded by what the
 * archive holds, not by what was asked (year 1 to 9999). Empty when the table has no rows.
 */
export function boundedWindow(window: { fromMs: number; toMs: number }, span: { fromMs: number; toMs: number } | null): { fromMs: number; toMs: number } {
  if (span === null) return { fromMs: 0, toMs: -1 };
  return { fromMs: Math.max(window.fromMs, span.fromMs), toMs: Math.min(window.toMs, span.toMs) };
}

/** The column a query sorts by first and its direction. */
export interface SortKey {
  column: SqlQuery;
  descending: boolean;
}

export const directionOf = (sort: SortKey): SqlQuery => (sort.descending ? sql`DESC` : sql`ASC`);

/** A value a sort column holds (an empty one is null): a number, a bigint (times) or text. */
export function isSortValue(value: unknown): value is number | bigint | string {
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string';
}

export function sortKeyOf(layout: TableLayout, query: ArchiveQuery): SortKey {
  if (!query.sort) return { column: sql`_time`, descending: true };
  return { column: fieldOrderColumn(layout, query.sort.field), descending: query.sort.descending };
}

export function orderBy(layout: TableLayout, query: ArchiveQuery): SqlQuery {
  const sort = sortKeyOf(layout, query);
  return sql`ORDER BY ${sort.column} ${directionOf(sort)} NULLS LAST, ${tieBreakOf(query)}`;
}

/**
 * The order of rows with equal sort values: by default the place in the platform's listing
 * (newest first by sortKeyOf), a user's sort by nothing more; the key keeps it stable, so
 * pages never overlap.
 */
export function tieBreakOf(query: ArchiveQuery): SqlQuery {
  return query.sort ? sql`_key` : sql`_pos NULLS LAST, _key`;
}

/** `WHERE` and the conditions joined by AND; nothing when there are none. */
export function whereOf(conditions: readonly SqlQuery[]): SqlQuery {
  return conditions.length === 0 ? sql`` : sql`WHERE ${joinSql(conditions, sql` AND `)}`;
}

/** The conditions that select the query's rows. */
export function conditionsOf(layout: TableLayout, query: ArchiveQuery): SqlQuery[] {
  const conditions: SqlQuery[] = [];
  if (query.window) {
    conditions.push(
      sql`_time BETWEEN ${param(BigInt(Math.trunc(query.window.fromMs)))} AND ${param(BigInt(Math.trunc(query.window.toMs)))}`,
    );
  }
  if (query.scope !== undefined) conditions.push(sql`_scope = ${param(query.scope)}`);
  for (const filter of query.filters ?? []) conditions.push(filterCondition(layout, filter));
  for (const { field: name, value } of query.equals ?? []) {
    const field = fieldOf(layout, name);
    const column = fieldColumn(layout, name);
    if (value === null) {
      conditions.push(field.kind === 'number' ? sql`${column} IS NULL` : sql`${blankAsNull(column)} IS NULL`);
    } else {
      conditions.push(sql`${column} = ${param(field.kind === 'number' ? Number(value) : String(value))}`);
    }
  }
  if (query.hourOfDay) {
    if (!query.window) throw new Error('An hour-of-day filter needs a time window.');
    // The calendar's windows are half-open; this one includes its last millisecond.
    const within = { fromMs: query.window.fromMs, toMs: query.window.toMs + 1 };
    conditions.push(hourOfDaySql(within, query.hourOfDay.hour, query.hourOfDay.zone));
  }
  if (query.via) conditions.push(viaConditionSql(layout, query.via.via, query.via.value));
  conditions.push(...(query.shown ?? []));
  const search = query.search?.trim().toLowerCase();
  if (search) {
    // contains() is a plain substring scan, several times faster than ILIKE; a needle with
    // no cased letter (a phone number, an id, an amount) needs no lower() of every cell either.
    const needle = param(search);
    const caseless = search === search.toUpperCase();
    const matches = layout.fields
      .filter((field) => field.kind === 'text' || field.kind === 'timestamp' || field.kind === 'amount')
      .map((field) => fieldColumn(layout, field.field))
      .map((column) => sql`contains(${caseless ? column : sql`lower(${column})`}, ${needle})`);
    conditions.push(matches.length > 0 ? sql`(${joinSql(matches, sql` OR `)})` : sql`FALSE`);
  }
  return conditions;
}

function filterCondition(layout: TableLayout, filter: QueryFilter): SqlQuery {
  const field = fieldOf(layout, filter.field);
  const column = fieldColumn(layout, filter.field);
  if (filter.op === 'contains') {
    const needle = param(String(filter.values[0] ?? '').toLowerCase());
    // A list matches when one of its items holds the text (not the list's printed form, "[a, b]").
    if (field.kind === 'textList') return sql`len(list_filter(${column}, lambda item: contains(lower(item), ${needle}))) > 0`;
    return sql`contains(lower(CAST(${column} AS VARCHAR)), ${needle})`;
  }
  if (field.kind === 'textList') {
    return sql`list_has_any(${column}, [${joinSql(filter.values.map((value) => param(String(value))))}])`;
  }
  if (filter.values.length === 0) return sql`FALSE`;
  const cast = (value: string | number) => param(field.kind === 'number' ? Number(value) : String(value));
  return sql`${column} IN (${joinSql(filter.values.map(cast))})`;
}
