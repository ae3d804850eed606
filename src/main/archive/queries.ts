/**
 * Reading the archive: pages of a list (filtered, searched and sorted in the database),
 * every matching row in order for an export, Parquet written by the engine, and the
 * Overview's grouped statements. Each runs on a connection of the read pool, side by side
 * with the others and with the writer; a page reads one snapshot (a transaction), so a
 * merge meanwhile never mixes two states of the table into it. Requests alike at once
 * (two hundred pages of one listing) count the rows and list the sort values once, and
 * read the rows of neighbouring pages in one statement. A page holds a connection only
 * while a statement of its own runs: waiting for what another page reads takes none.
 */
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { boundedWindow, conditionsOf, directionOf, isSortValue, orderBy, sortKeyOf, tieBreakOf, whereOf, type ArchiveQuery, type SortKey } from './query-sql';
import { ArchiveReadCancelled, type ReadPool } from './read-pool';
import {
  fieldAlias,
  fieldColumn,
  fieldSortColumn,
  inOneSnapshot,
  joinSql,
  literal,
  param,
  readSql,
  renderSql,
  runSql,
  sql,
  tableName,
  withKnownTexts,
  type SqlQuery,
} from './sql-query';
import { EXPORT_SLICE_ROWS, orderedReads } from './export-slices';
import { ownerOnly } from './archive-files';
import { workFolderBeside } from '../export/reservation';
import { formsKey, recordChunk, type RecordChunk, recordColumnsOf, type RecordColumns } from './record-columns';
import { knownTextsOf, type TextFacts } from './text-facts';
import type { ArchiveTable, TableLayout } from './table-layout';

/** Below this many matching rows the page's sort is cheap and listing the top values first costs more than it saves (unless they were listed with the count). */
const NARROW_PICK_FROM_ROWS = 50_000;
/** Pages ending further in than this are picked by sorting (the top values of the sort column would be a long list). */
const TOP_VALUES_MAX = 50_000;
/** The top values are listed this far beyond the page asked for, so paging on reads them once. */
const TOP_VALUES_AHEAD = 2_500;
/** Pages are read ten of 25 at a time (see rowsOf). */
const CHUNK_ROWS = 250;
/** Neighbouring chunks wanted at once are read in one statement, up to this many (4,000 rows). */
const BATCH_CHUNKS_MAX = 16;
/**
 * The engine reads only the rows a sort keeps, after sorting their sort values, when it
 * keeps at most this many (its `late_materialization_max_rows`); past it, it builds every
 * row it sorts, and a page after thousands of equal values runs out of memory.
 */
const LATE_MATERIALISED_ROWS_MAX = 50;

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
  /** Other facts that change only with the writes (see keptUntilWrite), dropped with the counts. */
  private readonly kept = new Memo<unknown>(16);
  /** The chunks of each listing being read or waiting to be, dropped with the counts. */
  private readonly listings = new Map<string, ListingChunks>();

  constructor(
    private readonly pool: ReadPool,
    /** What each table's stored texts are like: a search skips the columns that cannot hold its needle, and reads times of one form from their instants. */
    private readonly texts: TextFacts,
    /** Rows an export sorts at once (see export-slices.ts). */
    private readonly exportSliceRows: number = EXPORT_SLICE_ROWS,
  ) {}

  /** Forgets counts and sort values: the rows changed. */
  forget(): void {
    this.counts.clear();
    this.topValues.clear();
    this.spans.clear();
    this.chunks.clear();
    this.kept.clear();
    this.listings.clear();
  }

  /**
   * One page of archived rows; `signal` gives it up (a newer page from the same screen): it
   * answers ArchiveReadCancelled at once, and a statement read for it alone is interrupted.
   */
  async page<R>(table: ArchiveTable<R>, asked: ArchiveQuery, offset: number, limit: number, signal?: AbortSignal): Promise<ArchivePage<R>> {
    if (signal?.aborted) throw new ArchiveReadCancelled();
    const { layout } = table;
    const query = await this.bounded(layout, asked, signal);
    const conditions = conditionsOf(layout, query);
    const first = Math.max(0, Math.trunc(offset));
    const size = Math.max(0, Math.trunc(limit));
    const total = await this.totalOf(layout, query, conditions, size === 0 ? null : first + size, signal);
    if (size === 0 || first >= total) return { total, records: [] };
    return { total, records: await this.rowsOf<R>(layout, query, conditions, total, first, size, signal) };
  }

  /**
   * The rows `[first, first + size)` in the query's order. Pages are read as part of a
   * chunk of CHUNK_ROWS rows, kept until the next write and shared by everyone asking
   * meanwhile: paging on, or many screens paging the same listing at once, reads each
   * chunk once, and chunks wanted at once are read together (see ListingChunks). A page
   * larger than two chunks is read by itself.
   */
  private async rowsOf<R>(
    layout: TableLayout,
    query: ArchiveQuery,
    conditions: readonly SqlQuery[],
    total: number,
    first: number,
    size: number,
    signal: AbortSignal | undefined,
  ): Promise<R[]> {
    const firstChunk = Math.floor(first / CHUNK_ROWS);
    const lastChunk = Math.floor((first + size - 1) / CHUNK_ROWS);
    // The rows are picked by rowid in one statement and built in the next: one snapshot, or a
    // merge between the two would move rows the second one no longer finds.
    const pick = (start: number, length: number, reading?: AbortSignal): Promise<R[]> =>
      this.pool.run(
        async (reader) => {
          // A page read in one statement is one snapshot already: no transaction to begin and end (3-5 ms).
          const oneStatement = this.pageInOneStatement(layout, query, conditions, total, start, length);
          if (oneStatement) return this.readRecords<R>(reader, layout, oneStatement);
          return inOneSnapshot(reader, () => this.pickRows<R>(reader, layout, query, conditions, total, start, length));
        },
        { signal: reading },
      );
    if (lastChunk - firstChunk > 1) return pick(first, size, signal);
    const key = keyOf(sql`${whereOf(conditions)} ${orderBy(layout, query)}`);
    const generation = this.chunks.generation;
    let listing = this.listings.get(key);
    const firstAsked = !listing;
    if (!listing) {
      listing = new ListingChunks(async (from, to, reading) => {
        const start = from * CHUNK_ROWS;
        const rows = await pick(start, Math.min((to - from + 1) * CHUNK_ROWS, total - start), reading);
        const chunks = Array.from({ length: to - from + 1 }, (_, index) => rows.slice(index * CHUNK_ROWS, (index + 1) * CHUNK_ROWS));
        chunks.forEach((chunk, index) => this.chunks.put(`${key}\n${from + index}`, chunk, generation));
        return chunks;
      });
      this.listings.set(key, listing);
    }
    const chunkKeys = Array.from({ length: lastChunk - firstChunk + 1 }, (_, index) => firstChunk + index);
    const known = chunkKeys.map((chunk) => this.chunks.peek(`${key}\n${chunk}`));
    if (firstAsked && known.every((chunk) => chunk === undefined)) {
      // The first page of a listing (a new sort or filter) reads its own rows, a few of the
      // engine's vectors of every column where a chunk touches ten times as many; the chunks
      // around it follow, for the pages after it (others asking meanwhile join that read).
      const records = await pick(first, size, signal);
      for (const chunk of chunkKeys) void listing.want(chunk, undefined).catch(() => undefined);
      return records;
    }
    const rows: unknown[] = [];
    for (const chunk of await Promise.all(chunkKeys.map((chunk, index) => known[index] ?? listing.want(chunk, signal)))) rows.push(...chunk);
    const from = first - firstChunk * CHUNK_ROWS;
    return rows.slice(from, from + size) as R[];
  }

  /**
   * The rows a query matches, counted once until the next write. A page of a large sorted
   * listing also wants the sort column's top values (see pageBetweenSortValues): when they
   * are not known yet, one scan counts the rows and lists them.
   */
  private totalOf(layout: TableLayout, query: ArchiveQuery, conditions: readonly SqlQuery[], pageEnd: number | null, signal: AbortSignal | undefined): Promise<number> {
    const from = sql`FROM ${tableName(layout)} ${whereOf(conditions)}`;
    const count = sql`SELECT count(*) ${from}`;
    return this.counts.get(
      keyOf(count),
      () => true,
      (reading) =>
        this.pool.run(
          async (reader) => {
            const sort = sortKeyOf(layout, query);
            const topKey = topValuesKeyOf(sort, from);
            if (pageEnd === null || pageEnd > TOP_VALUES_MAX || this.topValues.peek(topKey) !== undefined) {
              return Number((await readSql(reader, count))[0]?.[0] ?? 0);
            }
            const generation = this.topValues.generation;
            const needed = Math.ceil(pageEnd / CHUNK_ROWS) * CHUNK_ROWS;
            const listed = Math.min(TOP_VALUES_MAX, needed + TOP_VALUES_AHEAD);
            const [row] = await readSql(reader, sql`SELECT count(*), ${topOf(sort)}(${sort.column}, ${listed}) ${from}`);
            const total = Number(row?.[0] ?? 0);
            const values: unknown[] = Array.isArray(row?.[1]) ? row[1] : [];
            this.topValues.put(topKey, { values, all: values.length < listed }, generation);
            return total;
          },
          { signal: reading },
        ),
      signal,
    );
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
    if (this.picksBetweenSortValues(sort, from, total, first, size)) {
      const records = await this.pageBetweenSortValues<R>(reader, layout, query, conditions, sort, first, size);
      if (records) return records;
    }
    // Pick the page's rows by rowid first, then build only those records: the record
    // columns are never read for the rows the sort passes by. The pick itself is first
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
    return buildRecords<R>(reader, layout, sort, rows, (rest) => this.readRecords<R>(reader, layout, rest));
  }

  /**
   * A page of a large listing that sorts rows only between its own first and last sort
   * values, found in the sort column's top values (one aggregate, no sort of the rows; see
   * rangeOfPage). Null when the page reaches rows without a value.
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
    const between = rangeOfPage(layout, query, conditions, sort, values, first, size);
    if (!between) return null;
    if (between.inOneStatement) return this.readRecords<R>(reader, layout, between.range);
    // Many rows may share the page's values (a cost of 0.00): the sort of them reads no more
    // than their rowids, and only the page's rows are built.
    const rows = await readSql(reader, sql`SELECT rowid, ${sort.column} ${between.range}`);
    return buildRecords<R>(reader, layout, sort, rows, (rest) => this.readRecords<R>(reader, layout, rest));
  }

  /**
   * The records a statement reads, in its order (`rest`: all of it after the select list),
   * the texts of times and amounts of one form written from their numbers. The forms are only
   * ever widened, before the rows that widen them commit: the same after the statement as
   * before it, they held for every row it saw; else it is read again with every text.
   */
  private async readRecords<R>(reader: DuckDBConnection, layout: TableLayout, rest: SqlQuery): Promise<R[]> {
    const fromNumbers = this.texts.forms.oneFormsOf(layout);
    const records = await readRecordsAs<R>(reader, recordColumnsOf(layout, fromNumbers), rest);
    if (fromNumbers.size === 0 || formsKey(fromNumbers) === formsKey(this.texts.forms.oneFormsOf(layout))) return records;
    return readRecordsAs<R>(reader, recordColumnsOf(layout), rest);
  }

  /** Whether a page is read between its first and last sort values (pageBetweenSortValues). */
  private picksBetweenSortValues(sort: SortKey, from: SqlQuery, total: number, first: number, size: number): boolean {
    // A search's few rows too, when their count listed the top values with it: the search is then read again only within the page's values.
    const narrow = total > NARROW_PICK_FROM_ROWS || this.topValues.peek(topValuesKeyOf(sort, from)) !== undefined;
    return narrow && first + size <= TOP_VALUES_MAX;
  }

  /** The one statement that reads a page, when the sort values already listed make it one (see rangeOfPage); else null. */
  private pageInOneStatement(layout: TableLayout, query: ArchiveQuery, conditions: readonly SqlQuery[], total: number, first: number, size: number): SqlQuery | null {
    const from = sql`FROM ${tableName(layout)} ${whereOf(conditions)}`;
    const sort = sortKeyOf(layout, query);
    if (!this.picksBetweenSortValues(sort, from, total, first, size)) return null;
    const known = this.topValues.peek(topValuesKeyOf(sort, from));
    if (!known) return null;
    const between = rangeOfPage(layout, query, conditions, sort, known.values, first, size);
    return between?.inOneStatement ? between.range : null;
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
    const count = Math.min(TOP_VALUES_MAX, needed + TOP_VALUES_AHEAD);
    const listed = await this.topValues.get(
      topValuesKeyOf(sort, from),
      (known) => known.all || known.values.length >= needed,
      async () => {
        const found: unknown = (await readSql(reader, sql`SELECT ${topOf(sort)}(${sort.column}, ${count}) ${from}`))[0]?.[0];
        const values: unknown[] = Array.isArray(found) ? found : [];
        return { values, all: values.length < count };
      },
    );
    return listed.values;
  }

  /**
   * The query as it is read: an hour-of-day query's window cut to the time the rows cover
   * (the answer is the same, and the work is bounded by what the archive holds, not by what
   * was asked: year 1 to 9999), and its search without the columns that cannot hold it.
   */
  private async bounded(layout: TableLayout, asked: ArchiveQuery, signal?: AbortSignal): Promise<ArchiveQuery> {
    const query = this.withKnownTexts(layout, asked);
    if (!query.hourOfDay || !query.window) return query;
    const span = await this.spans.get(
      layout.table,
      () => true,
      (reading) => this.pool.run((reader) => spanOf(reader, layout), { signal: reading }),
      signal,
    );
    return { ...query, window: boundedWindow(query.window, span) };
  }

  /** The query's search and column filters decided by what the table's texts are (text-facts.ts). */
  private withKnownTexts(layout: TableLayout, query: ArchiveQuery): ArchiveQuery {
    const known = query.shown && query.shown.length > 0 ? knownTextsOf(this.texts, layout.table) : null;
    if (!query.shown || !known) return query;
    return { ...query, shown: query.shown.map((condition) => withKnownTexts(condition, known)) };
  }

  /**
   * Every matching row in order, in chunks, on a connection of its own so paging and
   * syncing go on while a long export reads; the consumer's promise is awaited (back-pressure).
   */
  async each<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    onChunk: (chunk: RecordChunk<R>) => void | Promise<void>,
    signal?: AbortSignal,
    limit?: number,
  ): Promise<number> {
    const { layout } = table;
    const max = limit === undefined ? null : Math.max(0, Math.trunc(limit));
    const bounded = await this.bounded(layout, query, signal);
    return this.pool.run(
      // The slices are cut and read in one snapshot: a sync's merge meanwhile could move rows from a slice still to be read into one already read.
      (connection) => inOneSnapshot(connection, async () => {
        const columns = recordColumnsOf(layout);
        let rows = 0;
        for (const read of await orderedReads(connection, layout, bounded, this.exportSliceRows, max)) {
          const left = max === null ? null : max - rows;
          if (left !== null && left <= 0) break;
          const { text, params } = renderSql(read(columns.select, left));
          const result = await connection.stream(text, params);
          for await (const chunk of result) {
            signal?.throwIfAborted();
            rows += chunk.rowCount;
            await onChunk(recordChunk<R>(columns, chunk));
          }
        }
        return rows;
      }),
      { signal, timeLimitMs: null, apart: true },
    );
  }

  /**
   * Writes the matching rows to a Parquet file, one typed column per field: times as
   * UTC timestamps, amounts as their exact decimal text, lists as lists, JSON as text.
   * Written into `path` itself, whose mode it keeps. Returns the rows written.
   */
  async copyToParquet<R>(table: ArchiveTable<R>, query: ArchiveQuery, path: string, signal?: AbortSignal): Promise<number> {
    const { layout } = table;
    const columns = layout.fields.map((field) => {
      const name = fieldAlias(layout, field.field);
      if (field.kind === 'timestamp') return sql`to_timestamp(${fieldSortColumn(layout, field.field)} / 1000.0) AS ${name}`;
      return sql`${fieldColumn(layout, field.field)} AS ${name}`;
    });
    const bounded = await this.bounded(layout, query, signal);
    // In place (the caller's file, already the user's only): the engine's default writes a
    // `tmp_` file beside it with the default mode and renames it over, which a kill leaves behind.
    const copy = (select: SqlQuery, to: string): SqlQuery => sql`COPY (${select}) TO ${literal(to)} (FORMAT parquet, USE_TMP_FILE false)`;
    return this.pool.run(
      // One snapshot, as each() reads.
      (reader) => inOneSnapshot(reader, async () => {
        const select = joinSql(columns);
        const reads = await orderedReads(reader, layout, bounded, this.exportSliceRows);
        const [only, ...more] = reads;
        if (only && more.length === 0) return Number((await runSql(reader, copy(only(select, null), path))).rowsChanged);
        // Many rows: each slice of the order is written alone, then the parts are copied into the file in turn, in their order.
        const parts = workFolderBeside(path, 'parts');
        try {
          const files: string[] = [];
          for (const [index, read] of reads.entries()) {
            signal?.throwIfAborted();
            const file = join(parts, `${index}.parquet`);
            // Made the user's only before the engine writes into it (in place, keeping its mode): the rows hold phone numbers.
            closeSync(openSync(file, 'w', 0o600));
            ownerOnly(file);
            await runSql(reader, copy(read(select, null), file));
            files.push(file);
          }
          const listed = sql`[${joinSql(files.map((file) => literal(file)))}]`;
          return Number((await runSql(reader, copy(sql`SELECT * FROM read_parquet(${listed})`, path))).rowsChanged);
        } finally {
          rmSync(parts, { recursive: true, force: true });
        }
      }),
      { signal, timeLimitMs: null, apart: true },
    );
  }

  /**
   * What `read` reads, kept under `key` until the next write (merge or prune), and shared by
   * everyone asking while it is read. Only for what changes with the writes alone.
   */
  keptUntilWrite<T>(key: string, read: (reader: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.kept.get(key, () => true, (reading) => this.pool.run(read, { signal: reading })) as Promise<T>;
  }

  /** A read-only statement made with `sql`, within the read time limit. */
  read(query: SqlQuery): Promise<unknown[][]> {
    return this.pool.run((reader) => readSql(reader, query));
  }
}

/**
 * Values kept until the rows change, by key; a value being read is shared by everyone
 * asking for it meanwhile, and its read is interrupted only when every asker gave it up.
 * A read that began before the rows changed is handed to those who asked for it, never kept.
 */
class Memo<V> {
  private readonly known = new Map<string, V>();
  private readonly reading = new Map<string, SharedRead<V>>();
  private changes = 0;

  constructor(private readonly max: number) {}

  /** Counts the changes of the rows: a value read since `generation` was taken is kept only while it is the same. */
  get generation(): number {
    return this.changes;
  }

  clear(): void {
    this.changes += 1;
    this.known.clear();
    this.reading.clear();
  }

  /** The value kept under `key`, if any. */
  peek(key: string): V | undefined {
    return this.known.get(key);
  }

  /** Keeps a value read elsewhere, unless the rows changed since `generation`. */
  put(key: string, value: V, generation: number): void {
    if (generation !== this.changes) return;
    if (this.known.size >= this.max) this.known.clear();
    this.known.set(key, value);
  }

  /** The value kept under `key` when `enough` says it serves; else the one being read; else `read()`. `signal` gives up waiting. */
  async get(key: string, enough: (value: V) => boolean, read: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
    const known = this.known.get(key);
    if (known !== undefined && enough(known)) return known;
    const pending = this.reading.get(key);
    if (pending && !pending.abandoned) {
      try {
        const shared = await pending.join(signal);
        if (enough(shared)) return shared;
      } catch (error) {
        if (signal?.aborted) throw error;
        // The shared read failed or was given up: read again.
      }
    }
    const generation = this.changes;
    const reading = new SharedRead(read);
    this.reading.set(key, reading);
    reading.promise.then(
      (value) => this.put(key, value, generation),
      () => undefined,
    ).finally(() => {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    });
    return reading.join(signal);
  }
}

/** One read several askers wait for; interrupted (its signal aborted) when each of them gave up. */
class SharedRead<V> {
  readonly promise: Promise<V>;
  private readonly controller = new AbortController();
  private readonly askers = new Askers(() => this.controller.abort());

  constructor(read: (signal: AbortSignal) => Promise<V>) {
    this.promise = read(this.controller.signal);
    this.promise.catch(() => undefined);
  }

  get abandoned(): boolean {
    return this.controller.signal.aborted;
  }

  join(signal: AbortSignal | undefined): Promise<V> {
    return this.askers.join(this.promise, signal);
  }
}

/**
 * Who waits for one read: each asker may give up (its signal), and once every one of them
 * did, with none waiting who cannot give up, the read is given up too (`giveUp`).
 */
class Askers {
  private count = 0;
  /** Someone waits who cannot give up. */
  private held = false;

  constructor(private readonly giveUp: () => void) {}

  /** Whether no one waits any more. */
  get gone(): boolean {
    return this.count === 0 && !this.held;
  }

  /** `promise` for one more asker, who gives up when `signal` aborts (none: waits to the end). */
  join<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) {
      this.held = true;
      return promise;
    }
    this.count += 1;
    return untilAborted(promise, signal, () => {
      this.count -= 1;
      if (this.gone) this.giveUp();
    });
  }
}

/** `work`, or ArchiveReadCancelled as soon as `signal` is aborted (then `onAbort` is called); `work` goes on. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, onAbort?: () => void): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(new ArchiveReadCancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const aborted = (): void => {
      onAbort?.();
      reject(new ArchiveReadCancelled());
    };
    signal.addEventListener('abort', aborted, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error);
      },
    );
  });
}

/** A chunk wanted: who waits for it, and its read's interrupt once all of them gave up. */
interface WantedChunk extends Deferred<unknown[]> {
  askers: Askers;
  /** Every asker gave up and its read is being interrupted: a new asker reads it again. */
  abandoned: boolean;
  /** Interrupts the statement reading it (and its neighbours) when none of them is wanted any more. */
  giveUp(): void;
}

/**
 * The chunks of one listing wanted now. Chunks asked for in one turn of the event loop, or
 * while a read of the listing runs, are read together, neighbours in one statement: two
 * hundred screens paging one listing at once read it in a few statements, not one per
 * chunk. A statement whose chunks every asker gave up is interrupted; one left waiting is
 * not started.
 */
class ListingChunks {
  private readonly wanted = new Map<number, WantedChunk>();
  private readonly reading = new Map<number, WantedChunk>();
  private running = false;

  /** `read` reads the chunks `from` to `to` (both included) in one statement, given up when `signal` aborts. */
  constructor(private readonly read: (from: number, to: number, signal: AbortSignal) => Promise<unknown[][]>) {}

  want(chunk: number, signal: AbortSignal | undefined): Promise<unknown[]> {
    const read = this.reading.get(chunk);
    let entry = read && !read.abandoned ? read : this.wanted.get(chunk);
    if (!entry) {
      const made: WantedChunk = { ...deferred<unknown[]>(), askers: new Askers(() => made.giveUp()), abandoned: false, giveUp: () => undefined };
      entry = made;
      this.wanted.set(chunk, entry);
      if (!this.running) {
        this.running = true;
        // Others asking in this turn of the event loop join the first read.
        setImmediate(() => void this.drain());
      }
    }
    return entry.askers.join(entry.promise, signal);
  }

  private async drain(): Promise<void> {
    while (this.wanted.size > 0) {
      const taken = [...this.wanted.entries()].filter(([, entry]) => !entry.askers.gone).sort(([a], [b]) => a - b);
      this.wanted.clear();
      for (const [chunk, entry] of taken) this.reading.set(chunk, entry);
      for (const run of neighbourRuns(taken.map(([chunk]) => chunk), BATCH_CHUNKS_MAX)) {
        const inRun = taken.filter(([chunk]) => chunk >= run.from && chunk <= run.to);
        const entries = inRun.map(([, entry]) => entry);
        const interrupt = new AbortController();
        const giveUp = (): void => {
          if (!entries.every((entry) => entry.askers.gone)) return;
          for (const entry of entries) entry.abandoned = true;
          interrupt.abort();
        };
        for (const entry of entries) entry.giveUp = giveUp;
        giveUp();
        try {
          const chunks = await this.read(run.from, run.to, interrupt.signal);
          for (const [chunk, entry] of inRun) entry.resolve(chunks[chunk - run.from] ?? []);
        } catch (error) {
          for (const entry of entries) entry.reject(error);
        }
        for (const [chunk, entry] of inRun) if (this.reading.get(chunk) === entry) this.reading.delete(chunk);
      }
    }
    this.running = false;
  }
}

/** Sorted chunk numbers as runs of neighbours (gaps of one chunk are read too: cheaper than a second statement), at most `max` long. */
function neighbourRuns(chunks: readonly number[], max: number): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  for (const chunk of chunks) {
    const last = runs.at(-1);
    if (last && chunk - last.to <= 2 && chunk - last.from < max) last.to = chunk;
    else runs.push({ from: chunk, to: chunk });
  }
  return runs;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * The records of picked rows (`[rowid, sort value]`, in the page's order), built from those
 * rows only: the record columns are never read for the rows the sort passed by.
 */
async function buildRecords<R>(reader: DuckDBConnection, layout: TableLayout, sort: SortKey, rows: readonly unknown[][], readRecords: RecordsRead<R>): Promise<R[]> {
  const rowids = rows.map((row) => BigInt(row[0] as bigint));
  if (rowids.length === 0) return [];
  if (rowids.length <= LATE_MATERIALISED_ROWS_MAX) return fetchRecords<R>(layout, rowids, readRecords);
  // The engine does not push a rowid list into its scan; the page's range of sort values
  // (when it has no empty ones) lets it skip the rest of the table before the list is checked.
  const values = rows.map((row) => row[1]);
  const numeric = values.every((value): value is number | bigint => typeof value === 'number' || typeof value === 'bigint');
  const ordered = numeric ? [...values].sort(ascending) : [];
  const range =
    numeric && ordered.length > 0
      ? sql`${sort.column} BETWEEN ${param(ordered[0] ?? null)} AND ${param(ordered.at(-1) ?? null)} AND `
      : sql``;
  const listed = joinSql(rowids.map((rowid) => sql`${rowid}`));
  // In the page's order; read in the page's snapshot, every picked row is there.
  return readRecords(sql`FROM ${tableName(layout)} WHERE ${range}rowid IN (${listed}) ORDER BY list_position([${listed}], rowid)`);
}

/**
 * A few rows' records by rowid, in the order given. Sorted by rowid under a limit, the
 * engine reads the rowids alone and then fetches only these rows (its late materialisation):
 * a page after thousands of equal sort values reads in 17-20 ms what a scan of the rows in
 * its range of sort values read in 60-90 ms.
 */
async function fetchRecords<R>(layout: TableLayout, rowids: readonly bigint[], readRecords: RecordsRead<R>): Promise<R[]> {
  const listed = joinSql(rowids.map((rowid) => sql`${rowid}`));
  const inRowidOrder = await readRecords(sql`FROM ${tableName(layout)} WHERE rowid IN (${listed}) ORDER BY rowid LIMIT ${rowids.length}`);
  const byRowid = new Map([...rowids].sort(ascending).map((rowid, index) => [rowid, inRowidOrder[index]]));
  return rowids.flatMap((rowid) => {
    const record = byRowid.get(rowid);
    return record === undefined ? [] : [record];
  });
}

/** Numbers (and bigints) in ascending order, for Array.prototype.sort. */
const ascending = (a: number | bigint, b: number | bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Reads the records of a statement given all of it after the select list (from FROM on). */
type RecordsRead<R> = (rest: SqlQuery) => Promise<R[]>;

/** The records a statement reads with `columns`, in its order: `rest` is all of it after the select list (from FROM on). */
async function readRecordsAs<R>(reader: DuckDBConnection, columns: RecordColumns, rest: SqlQuery): Promise<R[]> {
  const { text, params } = renderSql(sql`SELECT ${columns.select} ${rest}`);
  const records: R[] = [];
  for (const chunk of await (await reader.run(text, params)).fetchAllChunks()) records.push(...columns.decode<R>(chunk));
  return records;
}

/** The first and last row time of a table (null when it holds none with a time). */
async function spanOf(reader: DuckDBConnection, layout: TableLayout): Promise<{ fromMs: number; toMs: number } | null> {
  const [row] = await readSql(reader, sql`SELECT min(_time), max(_time) FROM ${tableName(layout)}`);
  const [first, last] = row ?? [null, null];
  return first === null || first === undefined || last === null || last === undefined ? null : { fromMs: Number(first), toMs: Number(last) };
}

/**
 * The rows of the page `[first, first + size)` as the rows between its first and last sort
 * value: `values` are the sort column's top values in order, whose entries before `first`
 * equal to the page's first value are the rows of that value that come before the page.
 * Null when the values listed do not reach the page's end, or the page reaches rows without a
 * value (they sort last and are not listed).
 */
function rangeOfPage(
  layout: TableLayout,
  query: ArchiveQuery,
  conditions: readonly SqlQuery[],
  sort: SortKey,
  values: readonly unknown[],
  first: number,
  size: number,
): { range: SqlQuery; inOneStatement: boolean } | null {
  if (values.length < first + size) return null;
  const pageFirst: unknown = values[first];
  const pageLast: unknown = values[first + size - 1];
  if (!isSortValue(pageFirst) || !isSortValue(pageLast)) return null;
  let before = 0;
  for (let index = first - 1; index >= 0 && values[index] === pageFirst; index--) before++;
  const [low, high] = sort.descending ? [pageLast, pageFirst] : [pageFirst, pageLast];
  const between = sql`${sort.column} BETWEEN ${param(low)} AND ${param(high)}`;
  // A page of one value (a duration of 0 among hundreds of thousands) is in the order of its
  // tie-break alone: the engine then sorts those rows by one key, not two (43 against 74-116 ms).
  const order = pageFirst === pageLast ? sql`ORDER BY ${tieBreakOf(query)}` : orderBy(layout, query);
  const range = sql`FROM ${tableName(layout)} ${whereOf([...conditions, between])} ${order} LIMIT ${size} OFFSET ${before}`;
  // Few rows to pass by: one statement. The engine sorts the range by its sort values and
  // keys alone, then reads the page's rows (its late materialisation), a statement fewer.
  return { range, inOneStatement: before + size <= LATE_MATERIALISED_ROWS_MAX };
}

/** The aggregate listing a sort column's top values in the sort's order. */
const topOf = (sort: SortKey): SqlQuery => (sort.descending ? sql`max` : sql`min`);

/** The key the top values of a sort over the rows `from` selects are kept under. */
const topValuesKeyOf = (sort: SortKey, from: SqlQuery): string => keyOf(sql`${sort.column} ${directionOf(sort)} ${from}`);

/** A statement with its values, as a key for the caches. */
function keyOf(query: SqlQuery): string {
  const { text, params } = renderSql(query);
  return `${text}\n${JSON.stringify(params, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
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
