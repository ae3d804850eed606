/**
 * An export's rows in slices the engine can sort. Sorting whole records, the engine keeps
 * blocks of each thread's sort in memory: past about 200,000 voice records its 192 MB are not
 * enough (and the command line's 96 MB far sooner), and the export failed before its first
 * row. So a large export is read as consecutive ranges of its order, each sorted alone: the
 * sort column cut at its quantiles, a value with more rows than a slice (a duration of 0,
 * rows without a value) cut again by the key, which is unique. Read one after the other, the
 * slices are the rows in exactly the order one statement gives (query-sql.ts orderBy).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { conditionsOf, isSortValue, orderBy, sortKeyOf, whereOf, type ArchiveQuery } from './query-sql';
import { joinSql, literal, param, readSql, sql, tableName, type SqlQuery } from './sql-query';
import type { TableLayout } from './table-layout';

/** Rows an export sorts at once: a slice of whole voice records sorts within the engine's memory (192 MB; 96 MB for the command line). */
export const EXPORT_SLICE_ROWS = 50_000;

/** A statement reading one slice of a query's rows in its order, with `select`, at most `limit` of them. */
export type SliceRead = (select: SqlQuery, limit: number | null) => SqlQuery;

/**
 * Every row a query matches, in its order, as statements over consecutive slices of that
 * order (exportSlices): the engine's sort of many whole rows outgrows its memory, and
 * read one after the other the slices give exactly one statement's rows. A limit of up to
 * two slices is one statement (the engine keeps only its top rows, which fit).
 */
export async function orderedReads(reader: DuckDBConnection, layout: TableLayout, query: ArchiveQuery, sliceRows: number, limit: number | null = null): Promise<SliceRead[]> {
  const conditions = conditionsOf(layout, query);
  const slices = limit !== null && limit <= 2 * sliceRows ? [sql`TRUE`] : await exportSlices(reader, layout, query, conditions, sliceRows);
  return slices.map(
    (slice) => (select, left) =>
      sql`SELECT ${select} FROM ${tableName(layout)} ${whereOf([...conditions, slice])} ${orderBy(layout, query)} ${left === null ? sql`` : sql`LIMIT ${left}`}`,
  );
}

/**
 * The conditions that cut the rows `from` selects into slices in the query's order, each
 * holding about `sliceRows` rows (a value's rows may make one larger unless cut by the key);
 * one condition (TRUE) when they are few enough to sort at once.
 */
async function exportSlices(reader: DuckDBConnection, layout: TableLayout, query: ArchiveQuery, conditions: readonly SqlQuery[], sliceRows = EXPORT_SLICE_ROWS): Promise<SqlQuery[]> {
  const where = (more: readonly SqlQuery[]): SqlQuery => {
    const all = [...conditions, ...more];
    return all.length === 0 ? sql`` : sql`WHERE ${joinSql(all, sql` AND `)}`;
  };
  const from = (more: readonly SqlQuery[] = []): SqlQuery => sql`FROM ${tableName(layout)} ${where(more)}`;
  const [counted] = await readSql(reader, sql`SELECT count(*) ${from()}`);
  const total = Number(counted?.[0] ?? 0);
  if (total <= sliceRows) return [sql`TRUE`];

  const sort = sortKeyOf(layout, query);
  const column = sort.column;
  // The rows of a value (or without one) in the key's order, cut into slices by the key's quantiles when they are many.
  const byKey = async (rowsOf: SqlQuery, rows: number): Promise<SqlQuery[]> => {
    if (rows <= sliceRows) return [rowsOf];
    const cuts = await quantiles(reader, sql`_key`, from([rowsOf]), Math.ceil(rows / sliceRows));
    return rangesOf(sql`_key`, cuts).map((range) => sql`(${rowsOf} AND ${range})`);
  };

  // The sort column cut at its quantiles. A value with more rows than a slice spans a quantile step, so it is among
  // the cuts: those of them with that many rows are slices of their own (cut by the key), the rest cut the other rows.
  const valued = sql`${column} IS NOT NULL`;
  const [withValue] = await readSql(reader, sql`SELECT count(*) ${from([valued])}`);
  const valuedRows = Number(withValue?.[0] ?? 0);
  const cuts = valuedRows === 0 ? [] : await quantiles(reader, column, from([valued]), Math.ceil(valuedRows / sliceRows));
  const atCuts = cuts.length === 0 ? [] : await readSql(reader, sql`SELECT ${column}, count(*) ${from([sql`${column} IN (${joinSql(cuts.map((cut) => param(cut)))})`])} GROUP BY ALL`);
  const heavyRows = new Map(atCuts.filter((row) => isSortValue(row[0]) && Number(row[1]) > sliceRows).map((row) => [row[0] as number | string | bigint, Number(row[1])]));
  // Every value that starts or ends a piece, ascending as the engine orders them.
  const points = await inEngineOrder(reader, cuts);

  // Pieces of the value order, ascending: the light rows between two points, and a heavy value's own rows (its slices in the key's order, whichever the direction).
  const pieces: SqlQuery[][] = [];
  let previous: number | string | bigint | null = null;
  for (const point of points) {
    // The light rows after the previous point, up to this point (this point's own rows apart when it is heavy).
    const isHeavy = heavyRows.has(point);
    const upTo = isHeavy ? sql`${column} < ${param(point)}` : sql`${column} <= ${param(point)}`;
    pieces.push([previous === null ? upTo : sql`(${column} > ${param(previous)} AND ${upTo})`]);
    if (isHeavy) pieces.push(await byKey(sql`${column} = ${param(point)}`, heavyRows.get(point) ?? 0));
    previous = point;
  }
  pieces.push([previous === null ? sql`${column} IS NOT NULL` : sql`${column} > ${param(previous)}`]);
  const ordered = (sort.descending ? pieces.reverse() : pieces).flat();
  // Rows without a value sort last, whichever the direction.
  const [empty] = await readSql(reader, sql`SELECT count(*) ${from([sql`${column} IS NULL`])}`);
  const emptyRows = Number(empty?.[0] ?? 0);
  if (emptyRows > 0) ordered.push(...(await byKey(sql`${column} IS NULL`, emptyRows)));
  return ordered;
}

/** The values at `parts - 1` evenly spaced quantiles of `column` over the rows `from` selects, distinct, ascending. */
async function quantiles(reader: DuckDBConnection, column: SqlQuery, from: SqlQuery, parts: number): Promise<(number | string | bigint)[]> {
  if (parts < 2) return [];
  const fractions = Array.from({ length: parts - 1 }, (_, index) => (index + 1) / parts);
  const [row] = await readSql(reader, sql`SELECT quantile_disc(${column}, [${joinSql(fractions.map((fraction) => literal(fraction)))}]) ${from}`);
  const found: unknown = row?.[0];
  // quantile_disc answers in the fractions' order, which is the values' own: only repeats go.
  return [...new Set(Array.isArray(found) ? found.filter(isSortValue) : [])];
}

/** Values of one column, distinct, in the engine's ascending order (its text order is by bytes, not JavaScript's). */
async function inEngineOrder(reader: DuckDBConnection, values: readonly (number | string | bigint)[]): Promise<(number | string | bigint)[]> {
  if (values.length === 0) return [];
  const [row] = await readSql(reader, sql`SELECT list_sort(list_distinct([${joinSql(values.map((value) => param(value)))}]))`);
  const found: unknown = row?.[0];
  return Array.isArray(found) ? found.filter(isSortValue) : [];
}

/** Ranges of a column's values cut at `cuts` (ascending), in ascending order: `<= c1`, `(c1, c2]`, ..., `> ck`. */
function rangesOf(column: SqlQuery, cuts: readonly (number | string | bigint)[]): SqlQuery[] {
  const ranges: SqlQuery[] = [];
  let previous: number | string | bigint | null = null;
  for (const cut of cuts) {
    ranges.push(previous === null ? sql`${column} <= ${param(cut)}` : sql`(${column} > ${param(previous)} AND ${column} <= ${param(cut)})`);
    previous = cut;
  }
  ranges.push(previous === null ? sql`TRUE` : sql`${column} > ${param(previous)}`);
  return ranges;
}
