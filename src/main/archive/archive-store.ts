/**
 * The archive of one profile: a DuckDB file holding every record fetched, one table
 * per operation, with the coverage of the windowed operations and the time each
 * snapshot list was taken. Plain Node (no Electron), shared by the desktop app, the
 * browser host and the CLI.
 *
 * Writes go through one connection, one at a time: rows are appended to a staging
 * table and merged (replace by `_key`) in a transaction that also records the
 * coverage or snapshot they complete, so a crash never leaves a range marked as
 * covered without its rows.
 */
import { chmodSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  DuckDBInstance,
  LIST,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { TimeZone } from '../../shared/time-zone';
import { addCoverage, type CoveragePiece } from './coverage';
import { localHourRanges } from './local-hours';
import {
  decodeRecordJson,
  encodeFields,
  quoteIdent,
  recordJsonSql,
  type FieldLayout,
  type SqlCell,
  type SqlColumn,
  type TableLayout,
} from './table-layout';

const SCHEMA_VERSION = '1';
/** Staged rows merged at once when no coverage asks sooner: one row group, which the engine writes straight to the file rather than through its log. */
const MERGE_EVERY_ROWS = 122_880;
/** Below this many matching rows the page's sort is cheap and narrowing it first costs more than it saves (a search). */
const NARROW_PICK_FROM_ROWS = 50_000;
/** Pages ending further in than this are picked by sorting (the top values of the sort column would be a long list). */
const TOP_VALUES_MAX = 50_000;
/** The top values are listed this far beyond the page asked for, so paging on reads them once. */
const TOP_VALUES_AHEAD = 2_500;

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

export type ArchiveOpenFailure =
  { kind: 'held-elsewhere'; message: string } | { kind: 'set-aside'; message: string; keptAt: string };

export interface ArchiveOpened {
  store: ArchiveStore;
  /** Set when an unreadable file was moved aside and a new archive started. */
  setAside: { keptAt: string; reason: string } | null;
}

export class ArchiveBusyError extends Error {}

/**
 * What a commit completes: a covered time range; a whole snapshot (the staged rows
 * replace the scope); or a snapshot whose pages were merged as they came, so rows of the
 * scope not seen since `takenAtMs` are the ones gone from the platform.
 */
export type Completes =
  | { coverage: CoveragePiece }
  /**
   * A whole listing fetched from `takenAtMs` on: rows of the scope not seen since then are
   * gone from the platform. Rows merged earlier in the same fetch (a large list merges in
   * batches) or by a page viewed meanwhile were seen since, so they stay.
   */
  | { snapshot: { scope: string; takenAtMs: number } };

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
  /** Fields equal to a value; null matches a missing value (no value, or empty text). */
  equals?: readonly { field: string; value: string | number | null }[];
  /** Only rows whose `_time` falls in this hour of the day (0-23) in the zone; needs `window`. */
  hourOfDay?: { hour: number; zone: TimeZone };
}

export interface ArchivePage<R> {
  total: number;
  records: R[];
}

export interface TableStats {
  table: string;
  rows: number;
  newestSeenMs: number | null;
}

export class ArchiveStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly prepared = new Set<string>();
  private readonly staged = new Map<string, number>();
  /** One open appender per staging table until its rows are merged (opening one per page is slow). */
  private readonly appenders = new Map<string, DuckDBAppender>();
  /** Row counts of recent queries, dropped by every merge or prune. */
  private readonly counts = new Map<string, number>();
  /** The top sort values of recent sorted queries (see pageBetweenSortValues), dropped with the counts. */
  private readonly topValues = new Map<string, { values: unknown[]; all: boolean }>();
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly reader: DuckDBConnection,
  ) {}

  /**
   * Opens (or creates) the archive file. Another process holding it: ArchiveBusyError.
   * A file that cannot be read as an archive is moved aside (its path is returned) and a new one started.
   */
  static async open(path: string): Promise<ArchiveOpened> {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      return { store: await ArchiveStore.connect(path), setAside: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isLockConflict(reason)) {
        throw new ArchiveBusyError(
          'Another Switchboard window or command is using this archive, so this one works live from the platform until it is closed.',
        );
      }
      if (!existsSync(path)) throw error;
      const keptAt = `${path}.unreadable-${Date.now()}`;
      renameSync(path, keptAt);
      if (existsSync(`${path}.wal`)) renameSync(`${path}.wal`, `${keptAt}.wal`);
      return { store: await ArchiveStore.connect(path), setAside: { keptAt, reason } };
    }
  }

  private static async connect(path: string): Promise<ArchiveStore> {
    const instance = await DuckDBInstance.create(path, { threads: '2' });
    const writer = await instance.connect();
    const reader = await instance.connect();
    const store = new ArchiveStore(path, instance, writer, reader);
    await store.createMetaTables();
    restrictToOwner(path);
    return store;
  }

  private async createMetaTables(): Promise<void> {
    await this.writer.run(`
      CREATE TABLE IF NOT EXISTS _meta (key VARCHAR PRIMARY KEY, value VARCHAR);
      CREATE TABLE IF NOT EXISTS _coverage (operation VARCHAR, from_ms BIGINT, to_ms BIGINT, synced_at BIGINT);
      CREATE TABLE IF NOT EXISTS _snapshots (operation VARCHAR, scope VARCHAR, taken_at BIGINT, row_count BIGINT);
      INSERT OR IGNORE INTO _meta VALUES ('schema', '${SCHEMA_VERSION}');
    `);
  }

  /** Runs database work one piece at a time, in call order. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The archive is closed.'));
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async prepareTable(layout: TableLayout): Promise<void> {
    if (this.prepared.has(layout.table)) return;
    const table = quoteIdent(layout.table);
    const columnSql = layout.columns.map((column) => `${quoteIdent(column.name)} ${column.type}`).join(', ');
    await this.writer.run(`CREATE TABLE IF NOT EXISTS ${table} (${columnSql})`);
    // A newer app version may know more fields: add them (old rows read them as empty).
    const existing = await this.writer.runAndReadAll(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $table AND table_schema = 'main'`,
      { table: layout.table },
    );
    const have = new Set(existing.getRowsJS().map((row) => String(row[0])));
    for (const column of layout.columns) {
      if (!have.has(column.name)) {
        await this.writer.run(`ALTER TABLE ${table} ADD COLUMN ${quoteIdent(column.name)} ${column.type}`);
      }
    }
    await this.writer.run(`CREATE TEMP TABLE IF NOT EXISTS ${quoteIdent(stageName(layout))} (${columnSql})`);
    this.prepared.add(layout.table);
  }

  /** Stages fetched rows; they are merged by the next `commit` (or sooner, in large batches). */
  stage<R>(
    table: ArchiveTable<R>,
    records: readonly R[],
    firstPosition: number,
    seenAtMs: number,
  ): Promise<void> {
    return this.serial(async () => {
      await this.prepareTable(table.layout);
      const appender = await this.appenderFor(table.layout);
      const seen = BigInt(seenAtMs);
      records.forEach((record, index) => {
        appendRow(appender, table.layout.columns, [
          table.keyOf(record, firstPosition + index),
          nullableBigInt(table.timeOf(record)),
          table.scopeOf(record),
          seen,
          ...encodeFields(table.layout, record as Record<string, unknown>),
          BigInt(firstPosition + index),
        ]);
      });
      const staged = (this.staged.get(table.layout.table) ?? 0) + records.length;
      this.staged.set(table.layout.table, staged);
      if (staged >= MERGE_EVERY_ROWS) await this.merge(table.layout, null);
    });
  }

  private async appenderFor(layout: TableLayout): Promise<DuckDBAppender> {
    const open = this.appenders.get(layout.table);
    if (open) return open;
    const appender = await this.writer.createAppender(stageName(layout), 'main', 'temp');
    this.appenders.set(layout.table, appender);
    return appender;
  }

  /** Closes the staging appender so its rows are visible to SQL. */
  private closeAppender(layout: TableLayout): void {
    const appender = this.appenders.get(layout.table);
    if (!appender) return;
    this.appenders.delete(layout.table);
    appender.closeSync();
  }

  /**
   * Merges the staged rows, in one transaction with what they complete: a covered time
   * range of a windowed list, or a whole snapshot (which replaces the scope's old rows).
   */
  commit<R>(table: ArchiveTable<R>, completes: Completes | null): Promise<void> {
    return this.serial(async () => {
      await this.prepareTable(table.layout);
      await this.merge(table.layout, completes);
    });
  }

  private async merge(layout: TableLayout, completes: Completes | null): Promise<void> {
    const table = quoteIdent(layout.table);
    const stage = quoteIdent(stageName(layout));
    this.closeAppender(layout);
    await this.writer.run('BEGIN TRANSACTION');
    try {
      await this.writer.run(`DELETE FROM ${table} WHERE _key IN (SELECT _key FROM ${stage})`);
      // The newest fetch of a key wins when one batch holds it twice (rare: a page re-read
      // after the data moved); the window sort is paid only then.
      const repeated = await this.writer.runAndReadAll(
        `SELECT count(*) - count(DISTINCT _key) FROM ${stage}`,
      );
      const newestOnly =
        Number(repeated.getRowsJS()[0]?.[0] ?? 0) > 0
          ? ' QUALIFY row_number() OVER (PARTITION BY _key ORDER BY _seen DESC, rowid DESC) = 1'
          : '';
      await this.writer.run(`INSERT INTO ${table} SELECT * FROM ${stage}${newestOnly}`);
      if (completes && 'coverage' in completes) await this.writeCoverage(layout.table, completes.coverage);
      if (completes && 'snapshot' in completes) {
        const { scope, takenAtMs } = completes.snapshot;
        await this.writer.run(`DELETE FROM ${table} WHERE _scope = $scope AND _seen < $taken`, {
          scope,
          taken: BigInt(takenAtMs),
        });
        await this.writer.run(`DELETE FROM _snapshots WHERE operation = $op AND scope = $scope`, {
          op: layout.table,
          scope,
        });
        await this.writer.run(
          `INSERT INTO _snapshots SELECT $op, $scope, $taken, count(*) FROM ${table} WHERE _scope = $scope`,
          { op: layout.table, scope, taken: BigInt(takenAtMs) },
        );
      }
      await this.writer.run(`DELETE FROM ${stage}`);
      await this.writer.run('COMMIT');
    } catch (error) {
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
    const merged = this.staged.get(layout.table) ?? 0;
    this.staged.set(layout.table, 0);
    this.forgetQueries();
    // Blocks a large merge leaves behind are only reused after a checkpoint; without one
    // every batch of a long sync grows the file (1,000,000 rows: 251 MB with 46% of its
    // blocks free, 150 MB with a checkpoint per batch, at no measurable cost in time).
    if (merged >= MERGE_EVERY_ROWS) await this.writer.run('CHECKPOINT');
  }

  private async writeCoverage(operation: string, piece: CoveragePiece): Promise<void> {
    const pieces = addCoverage(await this.readCoverage(this.writer, operation), piece);
    await this.writer.run(`DELETE FROM _coverage WHERE operation = $op`, { op: operation });
    for (const { fromMs, toMs, syncedAtMs } of pieces) {
      await this.writer.run(`INSERT INTO _coverage VALUES ($op, $from, $to, $synced)`, {
        op: operation,
        from: BigInt(fromMs),
        to: BigInt(toMs),
        synced: BigInt(syncedAtMs),
      });
    }
  }

  /** Drops what was staged and not committed (a cancelled or failed fetch). */
  discardStaged<R>(table: ArchiveTable<R>): Promise<void> {
    return this.serial(async () => {
      if (!this.prepared.has(table.layout.table)) return;
      this.closeAppender(table.layout);
      await this.writer.run(`DELETE FROM ${quoteIdent(stageName(table.layout))}`);
      this.staged.set(table.layout.table, 0);
    });
  }

  coverage(operation: string): Promise<CoveragePiece[]> {
    return this.serial(() => this.readCoverage(this.reader, operation));
  }

  private async readCoverage(connection: DuckDBConnection, operation: string): Promise<CoveragePiece[]> {
    const result = await connection.runAndReadAll(
      `SELECT from_ms, to_ms, synced_at FROM _coverage WHERE operation = $op ORDER BY from_ms`,
      { op: operation },
    );
    return result.getRowsJS().map(([from, to, synced]) => ({
      fromMs: Number(from),
      toMs: Number(to),
      syncedAtMs: Number(synced),
    }));
  }

  /** When the scope's snapshot was last taken in full; null when never. */
  snapshotTakenAt(operation: string, scope: string): Promise<number | null> {
    return this.serial(async () => {
      const result = await this.reader.runAndReadAll(
        `SELECT taken_at FROM _snapshots WHERE operation = $op AND scope = $scope`,
        { op: operation, scope },
      );
      const row = result.getRowsJS()[0];
      return row ? Number(row[0]) : null;
    });
  }

  /** One page of archived rows: filtered, searched and sorted in the database. */
  page<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    offset: number,
    limit: number,
  ): Promise<ArchivePage<R>> {
    return this.serial(async () => {
      await this.prepareTable(table.layout);
      const { where, params } = whereClause(table.layout, query);
      const from = `FROM ${quoteIdent(table.layout.table)} ${where}`;
      const total = await this.countOnce(`${from} ${JSON.stringify(params, bigintText)}`, () =>
        this.reader.runAndReadAll(`SELECT count(*) ${from}`, params),
      );
      const first = Math.max(0, Math.trunc(offset));
      const size = Math.max(0, Math.trunc(limit));
      if (size === 0 || first >= total) return { total, records: [] };
      const sort = sortKeyOf(table.layout, query);
      if (total > NARROW_PICK_FROM_ROWS && first + size <= TOP_VALUES_MAX) {
        const records = await this.pageBetweenSortValues<R>(table.layout, query, { from, where, params }, sort, first, size);
        if (records) return { total, records };
      }
      // Pick the page's rows by rowid first, then build only those records: the JSON
      // projection never runs over the rows the sort passes by. The pick itself is first
      // narrowed to the rows at or before the page's last sort value (a sort over one
      // number column), so the tie-break on the key text runs over those rows only.
      let bound: ReturnType<typeof sortBound> = null;
      if (total > NARROW_PICK_FROM_ROWS) {
        const last = await this.reader.runAndReadAll(
          `SELECT ${sort.column} ${from} ORDER BY ${sort.column} ${sort.direction} NULLS LAST LIMIT 1 OFFSET ${first + size - 1}`,
          params,
        );
        bound = sortBound(sort, last.getRowsJS()[0]?.[0]);
      }
      const narrowed = bound === null ? from : `${from} ${where ? 'AND' : 'WHERE'} ${bound.condition}`;
      const picked = await this.reader.runAndReadAll(
        `SELECT rowid, ${sort.column} ${narrowed} ${orderBy(table.layout, query)} LIMIT ${size} OFFSET ${first}`,
        bound === null ? params : { ...params, ...bound.params },
      );
      const rows = picked.getRowsJS();
      const rowids = rows.map((row) => BigInt(row[0] as bigint));
      if (rowids.length === 0) return { total, records: [] };
      // The engine does not push a rowid list into its scan; the page's range of sort values
      // (when it has no empty ones) lets it skip the rest of the table before the list is checked.
      const values = rows.map((row) => row[1]);
      const range = values.every((value) => typeof value === 'number' || typeof value === 'bigint')
        ? `${sort.column} BETWEEN $low AND $high AND `
        : '';
      const ordered = [...(values as (number | bigint)[])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const built = await this.reader.runAndReadAll(
        `SELECT rowid, ${recordJsonSql(table.layout)} FROM ${quoteIdent(table.layout.table)} WHERE ${range}rowid IN (${rowids.join(', ')})`,
        range === '' ? {} : { low: ordered[0] ?? null, high: ordered.at(-1) ?? null },
      );
      const byRowid = new Map(built.getRowsJS().map((row) => [String(row[0]), row[1]]));
      return { total, records: rowids.map((rowid) => decodeRecordJson<R>(byRowid.get(String(rowid)))) };
    });
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
    layout: TableLayout,
    query: ArchiveQuery,
    { from, where, params }: { from: string; where: string; params: Record<string, DuckDBValue> },
    sort: { column: string; direction: 'ASC' | 'DESC' },
    first: number,
    size: number,
  ): Promise<R[] | null> {
    const values = await this.topValuesOf(from, params, sort, first + size);
    if (values.length < first + size) return null;
    const pageFirst: unknown = values[first];
    const pageLast: unknown = values[first + size - 1];
    if (!isSortValue(pageFirst) || !isSortValue(pageLast)) return null;
    let before = 0;
    for (let index = first - 1; index >= 0 && values[index] === pageFirst; index--) before++;
    const [low, high] = sort.direction === 'DESC' ? [pageLast, pageFirst] : [pageFirst, pageLast];
    const rows = await this.reader.runAndReadAll(
      `SELECT ${recordJsonSql(layout)} ${from} ${where ? 'AND' : 'WHERE'} ${sort.column} BETWEEN $low AND $high ${orderBy(layout, query)} LIMIT ${size} OFFSET ${before}`,
      { ...params, low, high },
    );
    return rows.getRowsJS().map((row) => decodeRecordJson<R>(row[0]));
  }

  /**
   * The sort column's top values, in order, at least `needed` of them where the rows have
   * as many: read a little beyond, and kept until the next write, so paging on through the
   * same sort reads them once.
   */
  private async topValuesOf(
    from: string,
    params: Record<string, DuckDBValue>,
    sort: { column: string; direction: 'ASC' | 'DESC' },
    needed: number,
  ): Promise<unknown[]> {
    const key = `${sort.column} ${sort.direction} ${from} ${JSON.stringify(params, bigintText)}`;
    const known = this.topValues.get(key);
    if (known && (known.all || known.values.length >= needed)) return known.values;
    const count = Math.min(TOP_VALUES_MAX, needed + TOP_VALUES_AHEAD);
    const top = sort.direction === 'DESC' ? 'max' : 'min';
    const listed = await this.reader.runAndReadAll(`SELECT ${top}(${sort.column}, ${count}) ${from}`, params);
    const found: unknown = listed.getRowsJS()[0]?.[0];
    const values: unknown[] = Array.isArray(found) ? found : [];
    if (this.topValues.size >= 8) this.topValues.clear();
    this.topValues.set(key, { values, all: values.length < count });
    return values;
  }

  private forgetQueries(): void {
    this.counts.clear();
    this.topValues.clear();
  }

  /** Counts are kept until the next write: paging through one query counts it once. */
  private async countOnce(key: string, count: () => Promise<{ getRowsJS(): unknown[][] }>): Promise<number> {
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const total = Number((await count()).getRowsJS()[0]?.[0] ?? 0);
    if (this.counts.size >= 64) this.counts.clear();
    this.counts.set(key, total);
    return total;
  }

  /** Every matching row in order, in chunks (export); the consumer's promise is awaited (back-pressure). */
  async each<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    onRows: (records: R[]) => void | Promise<void>,
    signal?: AbortSignal,
    limit?: number,
  ): Promise<number> {
    const { where, params } = whereClause(table.layout, query);
    const limited = limit === undefined ? '' : `LIMIT ${Math.max(0, Math.trunc(limit))}`;
    const sql = `SELECT ${recordJsonSql(table.layout)} FROM ${quoteIdent(table.layout.table)} ${where} ${orderBy(table.layout, query)} ${limited}`;
    // Streamed on a connection of its own, so paging and syncing go on while a long export reads.
    const connection = await this.serial(async () => {
      await this.prepareTable(table.layout);
      return this.instance.connect();
    });
    let rows = 0;
    try {
      const result = await connection.stream(sql, params);
      for await (const chunk of result.yieldRowsJs()) {
        signal?.throwIfAborted();
        const records = chunk.map((row) => decodeRecordJson<R>(row[0]));
        rows += records.length;
        await onRows(records);
      }
    } finally {
      connection.closeSync();
    }
    return rows;
  }

  /**
   * Writes the matching rows to a Parquet file, one typed column per field: times as
   * UTC timestamps, amounts as their exact decimal text, lists as lists, JSON as text.
   * Returns the rows written.
   */
  copyToParquet<R>(table: ArchiveTable<R>, query: ArchiveQuery, path: string): Promise<number> {
    return this.serial(async () => {
      await this.prepareTable(table.layout);
      const { where, params } = whereClause(table.layout, query);
      const columns = table.layout.fields.map((field) => {
        const name = quoteIdent(field.field);
        if (field.kind === 'timestamp')
          return `to_timestamp(${quoteIdent(field.sortColumn)} / 1000.0) AS ${name}`;
        return `${quoteIdent(field.column)} AS ${name}`;
      });
      const select = `SELECT ${columns.join(', ')} FROM ${quoteIdent(table.layout.table)} ${where} ${orderBy(table.layout, query)}`;
      const result = await this.reader.run(
        `COPY (${select}) TO '${path.replaceAll("'", "''")}' (FORMAT parquet)`,
        params,
      );
      return Number(result.rowsChanged);
    });
  }

  /**
   * Runs a read-only statement (the Overview's group-bys) on the reader connection, in
   * turn with the other reads; the tables named are created first when still missing, so
   * an archive that never held a list reads as empty. Returns the result rows.
   */
  read(tables: readonly TableLayout[], sql: string, params: Record<string, DuckDBValue> = {}): Promise<unknown[][]> {
    return this.serial(async () => {
      for (const layout of tables) await this.prepareTable(layout);
      return (await this.reader.runAndReadAll(sql, params)).getRowsJS();
    });
  }

  /** Row counts per table and the newest fetch time. */
  stats(): Promise<TableStats[]> {
    return this.serial(async () => {
      const tables = await this.reader.runAndReadAll(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY table_name`,
      );
      const stats: TableStats[] = [];
      for (const [name] of tables.getRowsJS()) {
        const table = String(name);
        const result = await this.reader.runAndReadAll(
          `SELECT count(*), max(_seen) FROM ${quoteIdent(table)}`,
        );
        const [rows, newest] = result.getRowsJS()[0] ?? [0, null];
        stats.push({
          table,
          rows: Number(rows),
          newestSeenMs: newest === null || newest === undefined ? null : Number(newest),
        });
      }
      return stats;
    });
  }

  /** Removes rows older than the cutoff (by row time, or fetch time for lists without one) and their coverage. */
  prune(cutoffMs: number): Promise<number> {
    return this.serial(async () => {
      const tables = await this.reader.runAndReadAll(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%' ESCAPE '\\'`,
      );
      let removed = 0;
      const cutoff = BigInt(Math.trunc(cutoffMs));
      await this.writer.run('BEGIN TRANSACTION');
      try {
        for (const [name] of tables.getRowsJS()) {
          const result = await this.writer.run(
            `DELETE FROM ${quoteIdent(String(name))} WHERE coalesce(_time, _seen) < $cutoff`,
            { cutoff },
          );
          removed += Number(result.rowsChanged);
        }
        await this.writer.run(`DELETE FROM _coverage WHERE to_ms <= $cutoff`, { cutoff });
        await this.writer.run(`UPDATE _coverage SET from_ms = $cutoff WHERE from_ms < $cutoff`, { cutoff });
        await this.writer.run('COMMIT');
      } catch (error) {
        await this.writer.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      this.forgetQueries();
      if (removed > 0) await this.writer.run('CHECKPOINT');
      return removed;
    });
  }

  /** Bytes on disk (the file and its write-ahead log). */
  sizeBytes(): number {
    let size = 0;
    for (const file of [this.path, `${this.path}.wal`]) if (existsSync(file)) size += statSync(file).size;
    return size;
  }

  /** Writes everything to the main file (a clean close leaves no log behind). */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.serial(async () => {
      await this.writer.run('CHECKPOINT').catch(() => undefined);
    });
    this.closed = true;
    for (const appender of this.appenders.values()) appender.closeSync();
    this.appenders.clear();
    this.reader.closeSync();
    this.writer.closeSync();
    this.instance.closeSync();
    restrictToOwner(this.path);
  }
}

function stageName(layout: TableLayout): string {
  return `_stage_${layout.table}`;
}

function isLockConflict(message: string): boolean {
  return /could not set lock|conflicting lock|lock on file|being used by another process/i.test(message);
}

/** The archive holds phone numbers: readable by the user only (POSIX; Windows keeps the profile folder's ACL). */
function restrictToOwner(path: string): void {
  if (process.platform === 'win32') return;
  for (const file of [path, `${path}.wal`]) {
    try {
      if (existsSync(file)) chmodSync(file, 0o600);
    } catch {
      // A file that vanished between the check and the chmod needs nothing.
    }
  }
}

const bigintText = (_key: string, value: unknown): unknown =>
  typeof value === 'bigint' ? value.toString() : value;

const nullableBigInt = (value: number | null): bigint | null =>
  value === null || !Number.isFinite(value) ? null : BigInt(Math.trunc(value));

function appendRow(appender: DuckDBAppender, columns: readonly SqlColumn[], cells: readonly SqlCell[]): void {
  columns.forEach((column, index) => {
    const cell = cells[index];
    if (cell === null || cell === undefined) appender.appendNull();
    else if (column.type === 'VARCHAR') appender.appendVarchar(String(cell));
    else if (column.type === 'DOUBLE') appender.appendDouble(Number(cell));
    else if (column.type === 'BIGINT')
      appender.appendBigInt(typeof cell === 'bigint' ? cell : BigInt(Number(cell)));
    else appender.appendList(Array.isArray(cell) ? cell : [], LIST(VARCHAR));
  });
  appender.endRow();
}

function fieldOf(layout: TableLayout, name: string): FieldLayout {
  const field = layout.fields.find((candidate) => candidate.field === name);
  if (!field) throw new Error(`The archive has no field "${name}" in ${layout.table}.`);
  return field;
}

/** The column a query sorts by first (quoted) and its direction. */
function sortKeyOf(layout: TableLayout, query: ArchiveQuery): { column: string; direction: 'ASC' | 'DESC' } {
  if (!query.sort) return { column: '_time', direction: 'DESC' };
  return {
    column: quoteIdent(fieldOf(layout, query.sort.field).sortColumn),
    direction: query.sort.descending ? 'DESC' : 'ASC',
  };
}

/**
 * Every row of a page ending at a row whose sort value is `last` sorts at or before
 * `last` (empty values sort last): a condition that keeps them all. None when `last` is
 * empty or there is no such row.
 */
function sortBound(
  sort: { column: string; direction: 'ASC' | 'DESC' },
  last: unknown,
): { condition: string; params: Record<string, DuckDBValue> } | null {
  if (typeof last !== 'number' && typeof last !== 'bigint' && typeof last !== 'string') return null;
  const comparison = sort.direction === 'DESC' ? '>=' : '<=';
  return { condition: `${sort.column} ${comparison} $bound`, params: { bound: last } };
}

function isSortValue(value: unknown): value is number | bigint | string {
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string';
}

function orderBy(layout: TableLayout, query: ArchiveQuery): string {
  // The platform's order by default: newest first, then the place in the listing; the key keeps it stable, so pages never overlap.
  if (!query.sort) return 'ORDER BY _time DESC NULLS LAST, _pos NULLS LAST, _key';
  const field = fieldOf(layout, query.sort.field);
  const direction = query.sort.descending ? 'DESC' : 'ASC';
  return `ORDER BY ${quoteIdent(field.sortColumn)} ${direction} NULLS LAST, _key`;
}

function whereClause(
  layout: TableLayout,
  query: ArchiveQuery,
): { where: string; params: Record<string, DuckDBValue> } {
  const conditions: string[] = [];
  const params: Record<string, DuckDBValue> = {};
  let count = 0;
  const bind = (value: DuckDBValue): string => {
    const name = `p${count++}`;
    params[name] = value;
    return `$${name}`;
  };
  if (query.window) {
    conditions.push(
      `_time BETWEEN ${bind(BigInt(Math.trunc(query.window.fromMs)))} AND ${bind(BigInt(Math.trunc(query.window.toMs)))}`,
    );
  }
  if (query.scope !== undefined) conditions.push(`_scope = ${bind(query.scope)}`);
  for (const filter of query.filters ?? []) {
    const field = fieldOf(layout, filter.field);
    const column = quoteIdent(field.column);
    const cast = (value: string | number): DuckDBValue =>
      field.kind === 'number' ? Number(value) : String(value);
    if (filter.op === 'contains') {
      conditions.push(
        `contains(lower(CAST(${column} AS VARCHAR)), ${bind(String(filter.values[0] ?? '').toLowerCase())})`,
      );
    } else if (field.kind === 'textList') {
      conditions.push(
        `list_has_any(${column}, [${filter.values.map((value) => bind(String(value))).join(', ')}])`,
      );
    } else if (filter.values.length === 0) {
      conditions.push('FALSE');
    } else {
      conditions.push(`${column} IN (${filter.values.map((value) => bind(cast(value))).join(', ')})`);
    }
  }
  for (const { field: name, value } of query.equals ?? []) {
    const field = fieldOf(layout, name);
    const column = quoteIdent(field.column);
    if (value === null) {
      conditions.push(field.kind === 'number' ? `${column} IS NULL` : `(${column} IS NULL OR ${column} = '')`);
    } else {
      conditions.push(`${column} = ${bind(field.kind === 'number' ? Number(value) : String(value))}`);
    }
  }
  if (query.hourOfDay) {
    if (!query.window) throw new Error('An hour-of-day filter needs a time window.');
    const ranges = localHourRanges(query.window, query.hourOfDay.hour, query.hourOfDay.zone).map(
      ({ fromMs, toMs }) => `(_time >= ${bind(BigInt(fromMs))} AND _time < ${bind(BigInt(toMs))})`,
    );
    conditions.push(ranges.length > 0 ? `(${ranges.join(' OR ')})` : 'FALSE');
  }
  const search = query.search?.trim().toLowerCase();
  if (search) {
    // contains() is a plain substring scan, several times faster than ILIKE; a needle with
    // no cased letter (a phone number, an id, an amount) needs no lower() of every cell either.
    const needle = bind(search);
    const caseless = search === search.toUpperCase();
    const matches = layout.fields
      .filter((field) => field.kind === 'text' || field.kind === 'timestamp' || field.kind === 'amount')
      .map((field) => quoteIdent(field.column))
      .map((column) => `contains(${caseless ? column : `lower(${column})`}, ${needle})`);
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
