/**
 * The archive of one profile: a DuckDB file holding every record fetched, one table
 * per operation, with the coverage of the windowed operations and the time each
 * snapshot list was taken. Plain Node (no Electron), shared by the desktop app, the
 * browser host and the CLI.
 *
 * The store opens and closes the file and runs the work of its parts one piece at a
 * time, in call order: the tables (schema.ts), staging and merging fetched rows
 * (staging.ts), reading (queries.ts) and housekeeping (maintenance.ts). Opening one never
 * removes anything: retention runs after a sync (retention.ts).
 */
import { existsSync, renameSync } from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { archiveSizeBytes, makeArchiveFolder, restrictToOwner } from './archive-files';
import type { CoveragePiece } from './coverage';
import { pruneTable, retentionPlan, tableStats, type RetentionPlan, type TableStats } from './maintenance';
import { readCoverage, readSnapshotTakenAt } from './meta-tables';
import { ArchiveQueries, type ArchivePage } from './queries';
import type { ArchiveQuery } from './query-sql';
import { createMetaTables, TableSchemas } from './schema';
import { runSql, sql, type SqlQuery } from './sql-query';
import { Staging, type Completes } from './staging';
import type { ArchiveTable, TableLayout } from './table-layout';

export type { ArchivePage } from './queries';
export type { ArchiveQuery, QueryFilter } from './query-sql';
export type { Completes } from './staging';
export type { ArchiveTable } from './table-layout';
export type { RetentionPlan, TableStats } from './maintenance';

export type ArchiveOpenFailure =
  { kind: 'held-elsewhere'; message: string } | { kind: 'set-aside'; message: string; keptAt: string };

export interface ArchiveOpened {
  store: ArchiveStore;
  /** Set when an unreadable file was moved aside and a new archive started. */
  setAside: { keptAt: string; reason: string } | null;
}

export class ArchiveBusyError extends Error {}

export class ArchiveStore {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The syncs writing to this store now: how to stop each, and when it has let go. */
  private readonly syncs = new Set<{ cancel(): void; released: Promise<void> }>();
  private readonly schemas: TableSchemas;
  private readonly staging: Staging;
  private readonly queries: ArchiveQueries;

  private constructor(
    readonly path: string,
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly reader: DuckDBConnection,
  ) {
    this.schemas = new TableSchemas(writer);
    this.queries = new ArchiveQueries(instance, reader, this.schemas);
    this.staging = new Staging(writer, this.schemas, () => {
      this.queries.forget();
      restrictToOwner(path);
    });
  }

  /**
   * Opens (or creates) the archive file. Another process holding it: ArchiveBusyError.
   * A file that cannot be read as an archive is moved aside (its path is returned) and a new one started.
   */
  static async open(path: string): Promise<ArchiveOpened> {
    makeArchiveFolder(path);
    try {
      return { store: await ArchiveStore.connect(path), setAside: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isLockConflict(reason)) {
        throw new ArchiveBusyError('Another Switchboard window or command is using this archive.');
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
    await createMetaTables(writer);
    restrictToOwner(path);
    return store;
  }

  /** Runs database work one piece at a time, in call order. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The archive is closed.'));
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stages fetched rows; they are merged by the next `commit` (or sooner, in large batches). */
  stage<R>(table: ArchiveTable<R>, records: readonly R[], firstPosition: number, seenAtMs: number): Promise<void> {
    return this.serial(() => this.staging.stage(table, records, firstPosition, seenAtMs));
  }

  /**
   * Merges the staged rows, in one transaction with what they complete: a covered time
   * range of a windowed list, or a whole snapshot (which replaces the scope's old rows).
   */
  commit<R>(table: ArchiveTable<R>, completes: Completes | null): Promise<void> {
    return this.serial(() => this.staging.commit(table, completes));
  }

  /** Drops what was staged and not committed (a cancelled or failed fetch). */
  discardStaged<R>(table: ArchiveTable<R>): Promise<void> {
    return this.serial(() => this.staging.discard(table));
  }

  coverage(operation: string): Promise<CoveragePiece[]> {
    return this.serial(() => readCoverage(this.reader, operation));
  }

  /** When the scope's snapshot was last taken in full; null when never. */
  snapshotTakenAt(operation: string, scope: string): Promise<number | null> {
    return this.serial(() => readSnapshotTakenAt(this.reader, operation, scope));
  }

  /** One page of archived rows: filtered, searched and sorted in the database. */
  page<R>(table: ArchiveTable<R>, query: ArchiveQuery, offset: number, limit: number): Promise<ArchivePage<R>> {
    return this.serial(() => this.queries.page(table, query, offset, limit));
  }

  /** Every matching row in order, in chunks (export); the consumer's promise is awaited (back-pressure). */
  async each<R>(
    table: ArchiveTable<R>,
    query: ArchiveQuery,
    onRows: (records: R[]) => void | Promise<void>,
    signal?: AbortSignal,
    limit?: number,
  ): Promise<number> {
    await this.serial(() => this.schemas.prepare(table.layout));
    return this.queries.each(table, query, onRows, signal, limit);
  }

  /** Writes the matching rows to a Parquet file (see ArchiveQueries.copyToParquet); returns the rows written. */
  copyToParquet<R>(table: ArchiveTable<R>, query: ArchiveQuery, path: string): Promise<number> {
    return this.serial(() => this.queries.copyToParquet(table, query, path));
  }

  /**
   * Runs a read-only statement (the Overview's group-bys), made with `sql` from
   * sql-query.ts, on the reader connection, in turn with the other reads; the tables named
   * are created first when still missing, so an archive that never held a list reads as
   * empty. Returns the result rows.
   */
  read(tables: readonly TableLayout[], query: SqlQuery): Promise<unknown[][]> {
    return this.serial(() => this.queries.read(tables, query));
  }

  /** Row counts per table and the newest fetch time. */
  stats(): Promise<TableStats[]> {
    return this.serial(() => tableStats(this.reader));
  }

  /** What keeping `retentionMs` before the platform's time would remove from one list (see maintenance.ts). */
  retentionPlan(layout: TableLayout, retentionMs: number, platformNowMs: number): Promise<RetentionPlan> {
    return this.serial(async () => {
      await this.schemas.prepare(layout);
      return retentionPlan(this.reader, layout, retentionMs, platformNowMs);
    });
  }

  /** Removes one list's rows older than the cutoff and its coverage before it; the rows removed. */
  pruneTable(layout: TableLayout, cutoffMs: number): Promise<number> {
    return this.serial(async () => {
      await this.schemas.prepare(layout);
      const removed = await pruneTable(this.writer, layout, cutoffMs);
      this.queries.forget();
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

  /** Writes everything to the main file (a clean close leaves no log behind). */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.serial(async () => {
      await runSql(this.writer, sql`CHECKPOINT`).catch(() => undefined);
    });
    this.closed = true;
    this.staging.closeAll();
    this.reader.closeSync();
    this.writer.closeSync();
    this.instance.closeSync();
    restrictToOwner(this.path);
  }
}

function isLockConflict(message: string): boolean {
  return /could not set lock|conflicting lock|lock on file|being used by another process/i.test(message);
}
