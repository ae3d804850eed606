/**
 * Sync: brings the archive up to date with the platform, fetching only what it does
 * not hold completely. A windowed list fetches the parts of the window that are not
 * settled (see coverage.ts): the gaps, plus the trailing refresh window whose records
 * may still change. A snapshot list is fetched whole and replaces its scope.
 * Each range's rows and its coverage are committed together, after its last page.
 */
import { m } from '../../shared/i18n';
import { fail, ok, type Result } from '../../shared/result';
import { StagingQueue } from './staging-queue';
import type { ArchiveStore, ArchiveTable, Completes } from './archive-store';
import { ArchiveDiskFullError } from './disk-full';
import { rangesToFetch, syncedAtOf, type TimeRange } from './coverage';
import type { RetentionOutcome } from './retention';

export const DEFAULT_REFRESH_HOURS = 24;

export interface FetchedCount {
  rows: number;
  /** False when the records still moved in the last reading (a busy floor): none of the range is then taken as settled. */
  heldStill?: boolean;
}

/** How the archive gets one operation's records: every page of a range (or of the whole list). */
export interface SyncSource<R> {
  table: ArchiveTable<R>;
  /**
   * Delivers every record of the range (null: the whole list) in pages, waiting for each `onRows`.
   * `settles`: this sync settles the range (coverage.ts), so no later sync reads it again: a
   * range whose records move while it is read (calls arriving) is then read again until it holds
   * still. Otherwise the next sync fetches it anyway, and a move is only noted.
   */
  fetchEvery(
    range: TimeRange | null,
    onRows: (records: R[]) => Promise<void>,
    signal: AbortSignal | undefined,
    settles?: boolean,
  ): Promise<Result<FetchedCount>>;
  /** The platform's time at a local instant, as its answers showed it (see PlatformClient.platformTimeAt); null when unknown. */
  platformTimeAt?(localMs: number): number | null;
}

export interface SyncProgress {
  rangesDone: number;
  rangesTotal: number;
  rows: number;
}

export interface SyncOptions {
  signal?: AbortSignal;
  now?: () => number;
  onProgress?: (progress: SyncProgress) => void;
}

export interface SyncSummary {
  /** The ranges fetched, oldest first (empty when everything was settled). */
  fetched: TimeRange[];
  rows: number;
  syncedAtMs: number;
  /** What the retention did after the sync (set by syncList when the plan has one). */
  retention?: RetentionOutcome;
}

/**
 * Runs one sync marked on the store as writing to it, so deleting the archive meanwhile
 * stops it first (its signal is aborted) and waits until it has let go.
 */
async function asStoreSync<T>(store: ArchiveStore, options: SyncOptions, sync: (options: SyncOptions) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const lease = store.beginSync(() => stop.abort());
  try {
    return await sync({ ...options, signal });
  } finally {
    lease.release();
  }
}

/** Syncs a windowed list over `window`; refreshMs is how far back records may still change. */
export function syncWindow<R>(
  store: ArchiveStore,
  source: SyncSource<R>,
  window: TimeRange,
  refreshMs: number,
  options: SyncOptions = {},
): Promise<Result<SyncSummary>> {
  return asStoreSync(store, options, (leased) => syncWindowNow(store, source, window, refreshMs, leased));
}

async function syncWindowNow<R>(
  store: ArchiveStore,
  source: SyncSource<R>,
  window: TimeRange,
  refreshMs: number,
  options: SyncOptions,
): Promise<Result<SyncSummary>> {
  const now = options.now ?? Date.now;
  const startedAtMs = now();
  const end = Math.min(window.toMs, startedAtMs);
  if (end <= window.fromMs) return ok({ fetched: [], rows: 0, syncedAtMs: startedAtMs });
  const coverage = await store.coverage(source.table.layout.table);
  const ranges = rangesToFetch({ fromMs: window.fromMs, toMs: end }, coverage, refreshMs);
  const syncedAt = (localMs: number): number => syncedAtOf(localMs, source.platformTimeAt?.(localMs) ?? null);
  // What this sync settles ends here. The records after it are fetched again by the next sync
  // (coverage.ts), and it is where calls arrive while a range is read: read apart, a busy
  // floor's arrivals never make the ranges this sync settles move.
  const settlesBeforeMs = syncedAt(startedAtMs) - refreshMs;
  let rows = 0;
  const report = (rangesDone: number) =>
    options.onProgress?.({ rangesDone, rangesTotal: ranges.length, rows });
  report(0);
  for (const [index, range] of ranges.entries()) {
    for (const piece of splitAt(range, settlesBeforeMs)) {
      const settles = piece.toMs <= settlesBeforeMs;
      // A piece counts as synced from the moment its fetch began: later changes are the next sync's.
      const pieceStartedAtMs = now();
      const fetched = await fetchInto(store, source, piece, options, settles, (added) => {
        rows += added;
        report(index);
      });
      if (!fetched.ok) return fetched;
      // One whose records may have moved past a page unseen settles nothing of itself (taken as synced no later
      // than its start plus the refresh window): its rows are kept, and the next sync reads it again.
      const trusted = settles && fetched.value.heldStill !== false;
      const syncedAtMs = trusted ? syncedAt(pieceStartedAtMs) : Math.min(syncedAt(pieceStartedAtMs), piece.fromMs + refreshMs);
      const committed = await commitOrFail(store, source.table, { coverage: { ...piece, syncedAtMs } });
      if (!committed.ok) return committed;
    }
    report(index + 1);
  }
  return ok({ fetched: ranges, rows, syncedAtMs: startedAtMs });
}

/** A range cut in two where `atMs` falls inside it. */
function splitAt(range: TimeRange, atMs: number): TimeRange[] {
  if (atMs <= range.fromMs || atMs >= range.toMs) return [range];
  return [
    { fromMs: range.fromMs, toMs: atMs },
    { fromMs: atMs, toMs: range.toMs },
  ];
}

/** Syncs a snapshot list: fetched whole, it replaces the scope's rows in one transaction. */
export function syncSnapshot<R>(
  store: ArchiveStore,
  source: SyncSource<R>,
  scope: string,
  options: SyncOptions = {},
): Promise<Result<SyncSummary>> {
  return asStoreSync(store, options, (leased) => syncSnapshotNow(store, source, scope, leased));
}

async function syncSnapshotNow<R>(
  store: ArchiveStore,
  source: SyncSource<R>,
  scope: string,
  options: SyncOptions,
): Promise<Result<SyncSummary>> {
  const now = options.now ?? Date.now;
  const takenAtMs = now();
  let rows = 0;
  options.onProgress?.({ rangesDone: 0, rangesTotal: 1, rows });
  const fetched = await fetchInto(store, source, null, options, false, (added) => {
    rows += added;
    options.onProgress?.({ rangesDone: 0, rangesTotal: 1, rows });
  });
  if (!fetched.ok) return fetched;
  const committed = await commitOrFail(store, source.table, { snapshot: { scope, takenAtMs } });
  if (!committed.ok) return committed;
  options.onProgress?.({ rangesDone: 1, rangesTotal: 1, rows });
  return ok({ fetched: [], rows, syncedAtMs: takenAtMs });
}

async function fetchInto<R>(
  store: ArchiveStore,
  source: SyncSource<R>,
  range: TimeRange | null,
  options: SyncOptions,
  settles: boolean,
  onAdded: (rows: number) => void,
): Promise<Result<FetchedCount>> {
  // The sync's own clock: a snapshot keeps exactly the rows seen since it was taken.
  const now = options.now ?? Date.now;
  // The fetch never waits on a write (only on a backlog over its bound): the archive keeps up in the background.
  const staging = new StagingQueue(store, source.table, now);
  let position = 0;
  let result: Result<FetchedCount>;
  try {
    result = await source.fetchEvery(
      range,
      async (records) => {
        const first = position;
        position += records.length;
        await staging.add(records, first);
        onAdded(records.length);
      },
      options.signal,
      settles,
    );
    if (result.ok) await staging.drain();
  } catch (error) {
    result = archiveFailure(error);
  }
  // Rows of an unfinished range are not kept: the next sync fetches the range again.
  if (!result.ok) {
    await staging.drain().catch(() => undefined);
    await store.discardStaged(source.table).catch(() => undefined);
  }
  return result;
}

/** Commits a range or snapshot; a failure (a full disk) is the sync's result, not a crash, and the range is fetched again next time. */
async function commitOrFail<R>(store: ArchiveStore, table: ArchiveTable<R>, completes: Completes): Promise<Result<null>> {
  try {
    await store.commit(table, completes);
    return ok(null);
  } catch (error) {
    await store.discardStaged(table).catch(() => undefined);
    return archiveFailure(error);
  }
}

/** Why the archive could not take the rows: a full disk in plain words; anything else with the engine's words as detail (for the log). */
function archiveFailure(error: unknown): Result<never> {
  if (error instanceof ArchiveDiskFullError) return fail(error.code, error.message);
  return fail('archive', m.cli_archive_store_failed(), error instanceof Error ? error.message : undefined);
}
