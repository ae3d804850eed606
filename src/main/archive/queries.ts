/**
 * Reading the archive: pages of a list (filtered, searched and sorted in the database),
 * every matching row in order for an export, Parquet written by the engine, and the
 * Overview's grouped statements. Each runs on a connection of the read pool, side by side
 * with the others and with the writer; a page reads one snapshot (a transaction), so a
 * merge meanwhile never mixes two states of the table into it. Requests alike at once
 * (two hundred pages of one listing) count the rows and list the sort values once.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { boundedWindow, conditionsOf, directionOf, orderBy, sortKeyOf, whereOf, type ArchiveQuery, type SortKey } from './query-sql';
import type { ReadPool } from './read-pool';
import {
  fieldAlias,
  fieldColumn,
  fieldSortColumn,
  joinSql,
  literal,
  param,
  readSql,
  renderSql,
  runSql,
  sql,
  tableName,
  type SqlQuery,
} from './sql-query';
import { decodeRecordJson, recordJsonSql, type ArchiveTable, type TableLayout } from './table-layout';

/** Below this many matching rows the page's sort is cheap and narrowing it first costs more than it saves (a search). */
const NARROW_PICK_FROM_ROWS = 50_000;
/** Pages ending further in than this are picked by sorting (the top values of the sort column would be a long list). */
const TOP_VALUES_MAX = 50_000;
/** The top values are listed this far beyond the page asked for, so paging on reads them once. */
const TOP_VALUES_AHEAD = 2_500;
/** Pages are read ten of 25 at a time (see rowsOf). */
const CHUNK_ROWS = 250;

export interface ArchivePage<R> {
  total: number;
  records: R[];
}

type TopValues = { values: unknown[]; all: boolean };

export class ArchiveQueries {
  /** Row counts of recent queries (and those being counted), dropped by every merge or prune. */
  private readonly counts = new Memo<number>(64);
  /** The top sort values of recent sorted queries (see pageBetweenSortValues), dropped with the counts. */
  private readonly topValues = new Memo<TopValues>(8);
  /** The time span each table's rows cover, dropped with the counts. */
  private readonly spans = new Memo<{ fromMs: number; toMs: number } | null>(16);
  /** Chunks of rows of recent listings (see rowsOf), dropped with the counts: at most 64 × 250 records. */
  private readonly chunks = new Memo<unknown[]>(64);

  constructor(private readonly pool: ReadPool) {}

  /** Forgets counts and sort values: the rows changed. */
  forget(): void {
    this.counts.clear();
    this.topValues.clear();
    this.spans.clear();
    this.chunks.clear();
  }

  /** One page of archived rows, read in one snapshot; `signal` gives it up (a newer page from the same screen). */
  page<R>(table: ArchiveTable<R>, query: ArchiveQuery, offset: number, limit: number, signal?: AbortSignal): Promise<ArchivePage<R>> {
    return this.pool.run(async (reader) => {
      await runSql(reader, sql`BEGIN TRANSACTION`);
      try {
        return await this.pageOn<R>(reader, table, query, offset, limit);
      } finally {
        await runSql(reader, sql`ROLLBACK`).catch(() => undefined);
      }
    }, { signal });
  }

  private async pageOn<R>(reader: DuckDBConnection, table: ArchiveTable<R>, asked: ArchiveQuery, offset: number, limit: number): Promise<ArchivePage<R>> {
    const { layout } = table;
    const query = await this.bounded(reader, layout, asked);
    const conditions = conditionsOf(layout, query);
    const from = sql`FROM ${tableName(layout)} ${whereOf(conditions)}`;
    const total = await this.countOnce(reader, sql`SELECT count(*) ${from}`);
    const first = Math.max(0, Math.trunc(offset));
    const size = Math.max(0, Math.trunc(limit));
    if (size === 0 || first >= total) return { total, records: [] };
    return { total, records: await this.rowsOf<R>(reader, layout, query, conditions, total, first, size) };
  }

  /**
   * The rows `[first, first + size)` in the query's order. Pages are read as part of a
   * chunk of CHUNK_ROWS rows, kept until the next write and shared by everyone asking
   * meanwhile: paging on, or many screens paging the same listing at once, reads each
   * chunk once. A page larger than two chunks is read by itself.
   */
  private async rowsOf<R>(
    reader: DuckDBConnection,
    layout: TableLayout,
    query: ArchiveQuery,
    conditions: readonly SqlQuery[],
    total: number,
    first: number,
    size: number,
  ): Promise<R[]> {
    const firstChunk = Math.floor(first / CHUNK_ROWS);
    const lastChunk = Math.floor((first + size - 1) / CHUNK_ROWS);
    if (lastChunk - firstChunk > 1) return this.pickRows<R>(reader, layout, query, conditions, total, first, size);
    const listing = keyOf(sql`${whereOf(conditions)} ${orderBy(layout, query)}`);
    const rows: unknown[] = [];
    for (let chunk = firstChunk; chunk <= lastChunk; chunk++) {
      const start = chunk * CHUNK_ROWS;
      const length = Math.min(CHUNK_ROWS, total - start);
      rows.push(...(await this.chunks.get(`${listing}\n${chunk}`, () => true, () => this.pickRows<unknown>(reader, layout, query, conditions, total, start, length))));
    }
    const from = first - firstChunk * CHUNK_ROWS;
    return rows.slice(from, from + size) as R[];
  }

  /** Reads the rows `[first, first + size)` in the query's order. */
  private async pickRows<R>(
    reader: DuckDBConnection,
    layout: TableLayout,
    query: ArchiveQuery,
    conditions: readonly SqlQuery[],
    total: number,
    first: number,
    size: number,
  ): Promise<R[]> {
    const from = sql`FROM ${tableName(layout)} ${whereOf(conditions)}`;
    const sort = sortKeyOf(layout, query);
    if (total > NARROW_PICK_FROM_ROWS && first + size <= TOP_VALUES_MAX) {
      const records = await this.pageBetweenSortValues<R>(reader, layout, query, conditions, sort, first, size);
      if (records) return records;
    }
    // Pick the page's rows by rowid first, then build only those records: the JSON
    // projection never runs over the rows the sort passes by. The pick itself is first
    // narrowed to the rows at or before the page's last sort value (a sort over one
    // number column), so the tie-break on the key text runs over those rows only.
    let bound: SqlQuery | null = null;
    if (total > NARROW_PICK_FROM_ROWS) {
      const last = await readSql(
        reader,
        sql`SELECT ${sort.column} ${from} ORDER BY ${sort.column} ${directionOf(sort)} NULLS LAST LIMIT 1 OFFSET ${first + size - 1}`,
      );
      bound = sortBound(sort, last[0]?.[0]);
    }
    const narrowed = bound === null ? from : sql`FROM ${tableName(layout)} ${whereOf([...conditions, bound])}`;
    const rows = await readSql(
      reader,
      sql`SELECT rowid, ${sort.column} ${narrowed} ${orderBy(layout, query)} LIMIT ${size} OFFSET ${first}`,
    );
    const rowids = rows.map((row) => BigInt(row[0] as bigint));
    if (rowids.length === 0) return [];
    // The engine does not push a rowid list into its scan; the page's range of sort values
    // (when it has no empty ones) lets it skip the rest of the table before the list is checked.
    const values = rows.map((row) => row[1]);
    const numeric = values.every((value): value is number | bigint => typeof value === 'number' || typeof value === 'bigint');
    const ordered = numeric ? [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : [];
    const range =
      numeric && ordered.length > 0
        ? sql`${sort.column} BETWEEN ${param(ordered[0] ?? null)} AND ${param(ordered.at(-1) ?? null)} AND `
        : sql``;
    const built = await readSql(
      reader,
      sql`SELECT rowid, ${recordJsonSql(layout)} FROM ${tableName(layout)} WHERE ${range}rowid IN (${joinSql(rowids.map((rowid) => sql`${rowid}`))})`,
    );
    const byRowid = new Map(built.map((row) => [String(row[0]), row[1]]));
    return rowids.map((rowid) => decodeRecordJson<R>(byRowid.get(String(rowid))));
  }

  /**
   * A page of a large listing that sorts rows only between its own first and last sort
   * values. One aggregate (no sort of the rows) lists the sort column's top values in
   * order: its entries at `first` and `first + size - 1` are the page's first and last
   * values, and the entries before `first` equal to the page's first value count the rows
   * of that value that come before the page. Null when the page reaches rows without a
   * value (they sort last and are not listed).
   */
  private async pageBetweenSortValues<R>(
    reader: DuckDBConnection,
    layout: TableLayout,
    query: ArchiveQuery,
    conditions: readonly SqlQuery[],
    sort: SortKey,
    first: number,
    size: number,
  ): Promise<R[] | null> {
    const values = await this.topValuesOf(reader, layout, conditions, sort, first + size);
    if (values.length < first + size) return null;
    const pageFirst: unknown = values[first];
    const pageLast: unknown = values[first + size - 1];
    if (!isSortValue(pageFirst) || !isSortValue(pageLast)) return null;
    let before = 0;
    for (let index = first - 1; index >= 0 && values[index] === pageFirst; index--) before++;
    const [low, high] = sort.descending ? [pageLast, pageFirst] : [pageFirst, pageLast];
    const between = sql`${sort.column} BETWEEN ${param(low)} AND ${param(high)}`;
    const rows = await readSql(
      reader,
      sql`SELECT ${recordJsonSql(layout)} FROM ${tableName(layout)} ${whereOf([...conditions, between])} ${orderBy(layout, query)} LIMIT ${size} OFFSET ${before}`,
    );
    return rows.map((row) => decodeRecordJson<R>(row[0]));
  }

  /**
   * The sort column's top values, in order, at least `needed` of them where the rows have
   * as many: read a little beyond, and kept until the next write, so paging on through the
   * same sort reads them once.
   */
  private async topValuesOf(
    reader: DuckDBConnection,
    layout: TableLayout,
    conditions: readonly SqlQuery[],
    sort: SortKey,
    needed: number,
  ): Promise<unknown[]> {
    const from = sql`FROM ${tableName(layout)} ${whereOf(conditions)}`;
    const key = keyOf(sql`${sort.column} ${directionOf(sort)} ${from}`);
    const count = Math.min(TOP_VALUES_MAX, needed + TOP_VALUES_AHEAD);
    const top = sort.descending ? sql`max` : sql`min`;
    const listed = await this.topValues.get(
      key,
      (known) => known.all || known.values.length >= needed,
      async () => {
        const found: unknown = (await readSql(reader, sql`SELECT ${top}(${sort.column}, ${count}) ${from}`))[0]?.[0];
        const values: unknown[] = Array.isArray(found) ? found : [];
        return { values, all: values.length < count };
      },
    );
    return listed.values;
  }

  /** Counts are kept until the next write: paging through one query counts it once, and pages asked at once share the count. */
  private countOnce(reader: DuckDBConnection, count: SqlQuery): Promise<number> {
    return this.counts.get(keyOf(count), () => true, async () => Number((await readSql(reader, count))[0]?.[0] ?? 0));
  }

  /**
   * An hour-of-day query's window cut to the time the rows cover: the answer is the same,
   * and the work is bounded by what the archive holds, not by what was asked (year 1 to 9999).
   */
  private async bounded(reader: DuckDBConnection, layout: TableLayout, query: ArchiveQuery): Promise<ArchiveQuery> {
    if (!query.hourOfDay || !query.window) return query;
    return { ...query, window: boundedWindow(query.window, await this.spanOf(reader, layout)) };
  }

  /** The first and last row time of a table (null when it holds none with a time). */
  private spanOf(reader: DuckDBConnection, layout: TableLayout): Promise<{ fromMs: number; toMs: number } | null> {
    return this.spans.get(layout.table, () => true, async () => {
      const [row] = await readSql(reader, sql`SELECT min(_time), max(_time) FROM ${tableName(layout)}`);
      const [first, last] = row ?? [null, null];
      return first === null || first === undefined || last === null || last === undefined ? null : { fromMs: Number(first), toMs: Number(last) };
    });
  }

  /**
   * Every matching row in order, in chunks, on a connection of its own so paging and
   * syncing go on while a long export reads; the consumer's promise is awaited (back-pressure).
   */
  async each<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    onRows: (records: R[]) => void | Promise<void>,
    signal?: AbortSignal,
    limit?: number,
  ): Promise<number> {
    const { layout } = table;
    const limited = limit === undefined ? sql`` : sql`LIMIT ${Math.max(0, Math.trunc(limit))}`;
    return this.pool.run(
      async (connection) => {
        const bounded = await this.bounded(connection, layout, query);
        const { text, params } = renderSql(
          sql`SELECT ${recordJsonSql(layout)} FROM ${tableName(layout)} ${whereOf(conditionsOf(layout, bounded))} ${orderBy(layout, bounded)} ${limited}`,
        );
        let rows = 0;
        const result = await connection.stream(text, params);
        for await (const chunk of result.yieldRowsJs()) {
          signal?.throwIfAborted();
          const records = chunk.map((row) => decodeRecordJson<R>(row[0]));
          rows += records.length;
          await onRows(records);
        }
        return rows;
      },
      { signal, timeLimitMs: null, apart: true },
    );
  }

  /**
   * Writes the matching rows to a Parquet file, one typed column per field: times as
   * UTC timestamps, amounts as their exact decimal text, lists as lists, JSON as text.
   * Returns the rows written.
   */
  async copyToParquet<R>(table: ArchiveTable<R>, query: ArchiveQuery, path: string, signal?: AbortSignal): Promise<number> {
    const { layout } = table;
    const columns = layout.fields.map((field) => {
      const name = fieldAlias(layout, field.field);
      if (field.kind === 'timestamp') return sql`to_timestamp(${fieldSortColumn(layout, field.field)} / 1000.0) AS ${name}`;
      return sql`${fieldColumn(layout, field.field)} AS ${name}`;
    });
    const result = await this.pool.run(
      async (reader) => {
        const bounded = await this.bounded(reader, layout, query);
        const select = sql`SELECT ${joinSql(columns)} FROM ${tableName(layout)} ${whereOf(conditionsOf(layout, bounded))} ${orderBy(layout, bounded)}`;
        return runSql(reader, sql`COPY (${select}) TO ${literal(path)} (FORMAT parquet)`);
      },
      { signal, timeLimitMs: null, apart: true },
    );
    return Number(result.rowsChanged);
  }

  /** A read-only statement made with `sql`, within the read time limit. */
  read(query: SqlQuery): Promise<unknown[][]> {
    return this.pool.run((reader) => readSql(reader, query));
  }
}

/**
 * Values kept until the rows change, by key; a value being read is shared by everyone
 * asking for it meanwhile. A read that began before the rows changed is handed to those
 * who asked for it, never kept.
 */
class Memo<V> {
  private readonly known = new Map<string, V>();
  private readonly reading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(private readonly max: number) {}

  clear(): void {
    this.generation += 1;
    this.known.clear();
    this.reading.clear();
  }

  /** The value kept under `key` when `enough` says it serves; else the one being read; else `read()`. */
  async get(key: string, enough: (value: V) => boolean, read: () => Promise<V>): Promise<V> {
    const known = this.known.get(key);
    if (known !== undefined && enough(known)) return known;
    const pending = this.reading.get(key);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      if (shared !== undefined && enough(shared)) return shared;
    }
    const generation = this.generation;
    const reading = read();
    this.reading.set(key, reading);
    try {
      const value = await reading;
      if (generation === this.generation) {
        if (this.known.size >= this.max) this.known.clear();
        this.known.set(key, value);
      }
      return value;
    } finally {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    }
  }
}

/** A statement with its values, as a key for the caches. */
function keyOf(query: SqlQuery): string {
  const { text, params } = renderSql(query);
  return `${text}\n${JSON.stringify(params, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
}

function isSortValue(value: unknown): value is number | bigint | string {
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string';
}

/**
 * Every row of a page ending at a row whose sort value is `last` sorts at or before
 * `last` (empty values sort last): a condition that keeps them all. None when `last` is
 * empty or there is no such row.
 */
function sortBound(sort: SortKey, last: unknown): SqlQuery | null {
  if (!isSortValue(last)) return null;
  return sort.descending ? sql`${sort.column} >= ${param(last)}` : sql`${sort.column} <= ${param(last)}`;
}
