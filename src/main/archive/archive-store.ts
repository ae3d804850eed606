/**
 * The archive of one profile: a DuckDB file holding every record fetched, one table
 * per operation, with the coverage of the windowed operations and the time each
 * snapshot list was taken. Plain Node (no Electron), shared by the desktop app, the
 * browser host and the CLI.
 *
 * The store opens and closes the file and runs its writing work one piece at a time, in
 * call order: the tables (schema.ts), staging and merging fetched rows (staging.ts) and
 * housekeeping (maintenance.ts). Reads (queries.ts) run beside that work and beside each
 * other on a pool of reader connections (read-pool.ts), each within a time limit. Opening
 * one never removes anything: retention runs after a sync (retention.ts).
 */
import { existsSync, renameSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { archiveSizeBytes, makeArchiveFolder, ownerOnly, restrictToOwner } from './archive-files';
import type { CoveragePiece } from './coverage';
import { pruneTable, retentionPlan, tableStats, type RetentionPlan, type TableStats } from './maintenance';
import { readCoverage, readSnapshotTakenAt } from './meta-tables';
import { ArchiveQueries, type ArchivePage } from './queries';
import type { ArchiveQuery } from './query-sql';
import { viaTables } from './via-sql';
import { noteSetAside } from './set-aside-notes';
import { m } from '../../shared/i18n';
import { ArchiveReadCancelled, ReadPool } from './read-pool';
import { isDiskFull } from '../file-cause';
import { diskFullError } from './disk-full';
import { createMetaTables, TableSchemas, type SearchTextFill } from './schema';
import type { RecordChunk } from './record-columns';
import { runSql, sql, type SqlQuery } from './sql-query';
import { Staging, type Completes } from './staging';
import type { ArchiveTable, TableLayout } from './table-layout';
import { newTextFacts } from './text-facts';
import { TableWarmUp } from './warm-up';

export type { ArchivePage } from './queries';
export type { ArchiveQuery, QueryFilter } from './query-sql';
export { ArchiveQueryRefused } from './query-sql';
export { ArchiveReadCancelled, ArchiveReadTimeout } from './read-pool';
export type { Completes } from './staging';
export type { ArchiveTable } from './table-layout';
export type { RetentionPlan, TableStats } from './maintenance';
export type { SearchTextFill } from './schema';

export type ArchiveOpenFailure =
  { kind: 'held-elsewhere'; message: string } | { kind: 'set-aside'; message: string; keptAt: string };

export interface ArchiveOpened {
  store: ArchiveStore;
  /** Set when an unreadable file was moved aside and a new archive started. */
  setAside: { keptAt: string; reason: string } | null;
}

export class ArchiveBusyError extends Error {}

export interface ArchiveStoreOptions {
  /** How long one read (a page, a count, the Overview's figures) may run before it is interrupted. */
  readTimeLimitMs?: number;
  /** Told as a table's search text is filled, once, when an archive made by an earlier version is first read (see schema.ts). */
  onSearchTextFill?: (progress: SearchTextFill) => void;
  /** The engine's buffers (MB); default ENGINE_MEMORY_MB. */
  memoryLimitMb?: number;
  /** Rows an export sorts at once (export-slices.ts); default EXPORT_SLICE_ROWS. */
  exportSliceRows?: number;
}

/**
 * The engine's own memory: its buffers held to 192 MB (staged rows and a merge beyond spill
 * to a temporary file beside the archive) and what its threads free handed back at once
 * rather than kept for reuse, so a million-record sync stays within what a desktop app may take.
 */
export const ENGINE_MEMORY_MB = 192;

/** The engine's memory limit in bytes (the engine's MB are millions of bytes). */
function engineMemoryBytes(options: ArchiveStoreOptions): number {
  return (options.memoryLimitMb ?? ENGINE_MEMORY_MB) * 1_000_000;
}

function engineSettings(options: ArchiveStoreOptions): Record<string, string> {
  return { threads: '2', memory_limit: `${engineMemoryBytes(options)}B`, allocator_flush_threshold: '8MB' };
}

/** Reads at once on one archive: more than the engine's two threads, so a cheap page never waits behind a long search. */
const READERS = 4;
/** A page or the Overview past this is interrupted and answered with what to narrow; an export has none. */
export const READ_TIME_LIMIT_MS = 8_000;

/** The open engine: its connections (one writing, one for housekeeping reads, a pool for the rest) and the parts working on them. */
interface Engine {
  instance: DuckDBInstance;
  writer: DuckDBConnection;
  reader: DuckDBConnection;
  pool: ReadPool;
  schemas: TableSchemas;
  staging: Staging;
  queries: ArchiveQueries;
  warmUp: TableWarmUp;
}

/** Every store open in this process, so the process can stop their work at once when it is told to end. */
const openStores = new Set<ArchiveStore>();
/**
 * The open under way for each archive path in this process. Opens of one path wait for each
 * other: a file another open is still creating cannot be read yet, and would look unreadable.
 */
const opening = new Map<string, Promise<unknown>>();

export class ArchiveStore {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The syncs writing to this store now: how to stop each, and when it has let go. */
  private readonly syncs = new Set<{ cancel(): void; released: Promise<void> }>();
  /** Set when the disk filled up: the engine is opened afresh before the next piece of work. */
  private reopenBeforeNext = false;

  private constructor(
    readonly path: string,
    private engine: Engine,
    private readonly options: ArchiveStoreOptions,
  ) {}

  /**
   * Interrupts the work of every open store in this process (reads and the write under
   * way): the process is ending, and nothing it waits for may hold it up.
   */
  static interruptAll(): void {
    for (const store of openStores) store.interrupt();
  }

  /**
   * Opens (or creates) the archive file. Another process holding it: ArchiveBusyError.
   * A file that cannot be read as an archive is moved aside (its path is returned) and a new one started.
   */
  static async open(path: string, options: ArchiveStoreOptions = {}): Promise<ArchiveOpened> {
    const key = resolve(path);
    const before = opening.get(key) ?? Promise.resolve();
    const opened = before.then(() => ArchiveStore.openNow(path, options));
    const settled = opened.then(
      () => undefined,
      () => undefined,
    );
    opening.set(key, settled);
    void settled.then(() => {
      if (opening.get(key) === settled) opening.delete(key);
    });
    return opened;
  }

  private static async openNow(path: string, options: ArchiveStoreOptions): Promise<ArchiveOpened> {
    makeArchiveFolder(path);
    for (let attempt = 1; ; attempt += 1) {
      const tried = fileIdentity(path);
      try {
        return { store: await ArchiveStore.connect(path, options), setAside: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (isLockConflict(reason)) {
          throw new ArchiveBusyError(m.cli_archive_busy());
        }
        if (tried === null) throw error;
        // Another process (the app and the command line opening at once) set the same file aside
        // meanwhile and may have started a new one: that is opened (or found held), never moved aside.
        const renamed = fileIdentity(path) !== tried ? null : setAsideFile(path);
        if (renamed !== null) {
          noteSetAside(path, { keptAt: renamed, reason, atMs: Date.now() });
          return { store: await ArchiveStore.connect(path, options), setAside: { keptAt: renamed, reason } };
        }
        if (attempt >= 2) throw error;
      }
    }
  }

  private static async connect(path: string, options: ArchiveStoreOptions): Promise<ArchiveStore> {
    const store = new ArchiveStore(path, await startEngine(path, options, () => store.afterMerge()), options);
    openStores.add(store);
    return store;
  }

  private interrupt(): void {
    this.engine.pool.interruptAll(new ArchiveReadCancelled(m.cli_archive_app_closing()));
    this.engine.writer.interrupt();
  }

  private afterMerge(): void {
    this.engine.queries.forget();
    restrictToOwner(this.path);
  }

  /**
   * Runs database work one piece at a time, in call order. A full disk is told in plain
   * words, and the engine (which may refuse all work after it) is opened afresh before the
   * next piece, so what was committed before reads again at once.
   */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error(m.cli_archive_closed()));
    const guarded = async (): Promise<T> => {
      if (this.reopenBeforeNext) await this.reopen();
      try {
        return await work();
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        this.reopenBeforeNext = true;
        throw diskFullError(this.path);
      }
    };
    const next = this.queue.then(guarded, guarded);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async reopen(): Promise<void> {
    await stopEngine(this.engine);
    this.engine = await startEngine(this.path, this.options, () => this.afterMerge());
    this.reopenBeforeNext = false;
  }

  /** The list's table made (once, in turn with the writes) before it is read. */
  private async prepared(layout: TableLayout): Promise<Engine> {
    if (!this.engine.schemas.isPrepared(layout) || this.reopenBeforeNext) await this.serial(() => this.engine.schemas.prepare(layout));
    return this.engine;
  }

  /** The list's table and those a query reads beside it (a seat's task details) made before it is read. */
  private async preparedFor(layout: TableLayout, query: ArchiveQuery): Promise<Engine> {
    for (const other of query.via ? viaTables(query.via.via) : []) await this.prepared(other);
    return this.prepared(layout);
  }

  /** Stages fetched rows; they are merged by the next `commit` (or sooner, in large batches). */
  stage<R>(table: ArchiveTable<R>, records: readonly R[], firstPosition: number, seenAtMs: number): Promise<void> {
    return this.serial(() => this.engine.staging.stage(table, records, firstPosition, seenAtMs));
  }

  /**
   * Merges the staged rows, in one transaction with what they complete: a covered time
   * range of a windowed list, or a whole snapshot (which replaces the scope's old rows).
   */
  commit<R>(table: ArchiveTable<R>, completes: Completes | null): Promise<void> {
    return this.serial(() => this.engine.staging.commit(table, completes));
  }

  /** Drops what was staged and not committed (a cancelled or failed fetch). */
  discardStaged<R>(table: ArchiveTable<R>): Promise<void> {
    return this.serial(() => this.engine.staging.discard(table));
  }

  /**
   * The covered ranges of a windowed list, as last committed (read beside the writes, never
   * behind them), kept until the next merge or prune: every archived page tells its last sync.
   */
  async coverage(operation: string): Promise<CoveragePiece[]> {
    this.checkOpen();
    const pieces = await this.engine.queries.keptUntilWrite(`coverage\n${operation}`, (reader) => readCoverage(reader, operation));
    return pieces.map((piece) => ({ ...piece }));
  }

  /** When the scope's snapshot was last taken in full; null when never. */
  snapshotTakenAt(operation: string, scope: string): Promise<number | null> {
    this.checkOpen();
    return this.engine.pool.run((reader) => readSnapshotTakenAt(reader, operation, scope));
  }

  /**
   * One page of archived rows: filtered, searched and sorted in the database, beside other
   * reads. Past the read time limit: ArchiveReadTimeout; `signal` aborted: ArchiveReadCancelled;
   * a query it will not run as asked: ArchiveQueryRefused.
   */
  async page<R>(table: ArchiveTable<R>, query: ArchiveQuery, offset: number, limit: number, signal?: AbortSignal): Promise<ArchivePage<R>> {
    this.checkOpen();
    const engine = await this.preparedFor(table.layout, query);
    return engine.queries.page(table, query, offset, limit, signal);
  }

  /**
   * Reads a listed table's rows into the engine's memory, once, in the background, so its
   * first sorts and searches read no file (see warm-up.ts). True when they were read; never
   * fails (a closed archive, or one the engine cannot read now, is simply not read ahead).
   */
  warm<R>(table: ArchiveTable<R>): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return this.prepared(table.layout).then(
      (engine) => engine.warmUp.warm(table.layout),
      () => false,
    );
  }

  /** Every matching row in order, in chunks (export); the consumer's promise is awaited (back-pressure). */
  async each<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    onRows: (records: R[]) => void | Promise<void>,
    signal?: AbortSignal,
    limit?: number,
  ): Promise<number> {
    return this.eachChunk(table, query, (chunk) => onRows(chunk.records()), signal, limit);
  }

  /** As `each`, each chunk also as the engine handed it: a worker can decode it (export/row-cells-pool.ts). */
  async eachChunk<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    onChunk: (chunk: RecordChunk<R>) => void | Promise<void>,
    signal?: AbortSignal,
    limit?: number,
  ): Promise<number> {
    this.checkOpen();
    const engine = await this.preparedFor(table.layout, query);
    return engine.queries.each(table, query, onChunk, signal, limit);
  }

  /** Writes the matching rows to a Parquet file (see ArchiveQueries.copyToParquet); returns the rows written. */
  async copyToParquet<R>(table: ArchiveTable<R>, query: ArchiveQuery, path: string, signal?: AbortSignal): Promise<number> {
    this.checkOpen();
    const engine = await this.preparedFor(table.layout, query);
    return engine.queries.copyToParquet(table, query, path, signal);
  }

  /**
   * Runs a read-only statement (the Overview's group-bys), made with `sql` from
   * sql-query.ts, beside the other reads and within the read time limit; the tables named
   * are created first when still missing, so an archive that never held a list reads as
   * empty. Returns the result rows.
   */
  async read(tables: readonly TableLayout[], query: SqlQuery): Promise<unknown[][]> {
    this.checkOpen();
    let engine = this.engine;
    for (const layout of tables) engine = await this.prepared(layout);
    return engine.queries.read(query);
  }

  /** Row counts per table and the newest fetch time. */
  stats(): Promise<TableStats[]> {
    this.checkOpen();
    return this.engine.pool.run((reader) => tableStats(reader));
  }

  /** What keeping `retentionMs` before the platform's time would remove from one list (see maintenance.ts). */
  retentionPlan(layout: TableLayout, retentionMs: number, platformNowMs: number): Promise<RetentionPlan> {
    return this.serial(async () => {
      await this.engine.schemas.prepare(layout);
      return retentionPlan(this.engine.reader, layout, retentionMs, platformNowMs);
    });
  }

  /** Removes one list's rows older than the cutoff and its coverage before it; the rows removed. */
  pruneTable(layout: TableLayout, cutoffMs: number): Promise<number> {
    return this.serial(async () => {
      await this.engine.schemas.prepare(layout);
      const removed = await pruneTable(this.engine.writer, layout, cutoffMs);
      this.engine.queries.forget();
      restrictToOwner(this.path);
      return removed;
    });
  }

  /** Marks a sync as writing to this store until `release` is called; `cancelSyncs` calls `cancel`. */
  beginSync(cancel: () => void): { release(): void } {
    let release = (): void => undefined;
    const sync = { cancel, released: new Promise<void>((resolve) => (release = resolve)) };
    this.syncs.add(sync);
    return {
      release: () => {
        this.syncs.delete(sync);
        release();
      },
    };
  }

  /** True while a sync writes to this store. */
  get syncing(): boolean {
    return this.syncs.size > 0;
  }

  /** Stops every running sync and waits until each has let go of the store; how many there were. */
  async cancelSyncs(): Promise<number> {
    const running = [...this.syncs];
    for (const sync of running) sync.cancel();
    await Promise.all(running.map((sync) => sync.released));
    return running.length;
  }

  /** Bytes on disk (the file and its write-ahead log). */
  sizeBytes(): number {
    return archiveSizeBytes(this.path);
  }

  /**
   * Writes everything to the main file (a clean close leaves no log behind). Reads under way
   * are interrupted; writes asked before are finished, and any asked from now on are refused:
   * none may run on the engine while it is being torn down (the native engine crashes the
   * process when a statement starts on a closed connection).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    openStores.delete(this);
    const reads = this.engine.pool.close();
    await this.queue;
    if (!this.reopenBeforeNext) await runSql(this.engine.writer, sql`CHECKPOINT`).catch(() => undefined);
    await reads;
    await stopEngine(this.engine);
    restrictToOwner(this.path);
  }

  private checkOpen(): void {
    if (this.closed) throw new Error(m.cli_archive_closed());
  }
}

async function startEngine(path: string, options: ArchiveStoreOptions, onMerged: () => void): Promise<Engine> {
  const instance = await DuckDBInstance.create(path, engineSettings(options));
  const writer = await instance.connect();
  const reader = await instance.connect();
  const texts = newTextFacts();
  const schemas = new TableSchemas(writer, texts, options.onSearchTextFill);
  const pool = new ReadPool(instance, READERS, options.readTimeLimitMs ?? READ_TIME_LIMIT_MS);
  const engine: Engine = {
    instance,
    writer,
    reader,
    pool,
    schemas,
    queries: new ArchiveQueries(pool, texts, options.exportSliceRows),
    staging: new Staging(writer, schemas, texts, onMerged),
    warmUp: new TableWarmUp(pool, engineMemoryBytes(options)),
  };
  await createMetaTables(writer);
  restrictToOwner(path);
  return engine;
}

/** Closes the engine once its reads have let go; one the disk broke may refuse to close cleanly, and is let go all the same. */
async function stopEngine(engine: Engine): Promise<void> {
  await engine.pool.close().catch(() => undefined);
  for (const close of [() => engine.staging.closeAll(), () => engine.reader.closeSync(), () => engine.writer.closeSync(), () => engine.instance.closeSync()]) {
    try {
      close();
    } catch {
      // Nothing more to release.
    }
  }
}

/** Which file is at `path` now (device, inode, size, change time); null when none. */
function fileIdentity(path: string): string | null {
  const found = statSync(path, { throwIfNoEntry: false, bigint: true });
  return found ? `${found.dev}:${found.ino}:${found.size}:${found.ctimeNs}` : null;
}

/**
 * Moves the unreadable file (and its log) aside under a name of its own, for the user only;
 * null when it was no longer there to move (another process moved it first).
 */
function setAsideFile(path: string): string | null {
  const atMs = Date.now();
  let keptAt = `${path}.unreadable-${atMs}`;
  for (let n = 2; existsSync(keptAt); n += 1) keptAt = `${path}.unreadable-${atMs}-${n}`;
  try {
    renameSync(path, keptAt);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  ownerOnly(keptAt);
  if (existsSync(`${path}.wal`)) {
    renameSync(`${path}.wal`, `${keptAt}.wal`);
    ownerOnly(`${keptAt}.wal`);
  }
  return keptAt;
}

function isLockConflict(message: string): boolean {
  return /could not set lock|conflicting lock|lock on file|being used by another process/i.test(message);
}
