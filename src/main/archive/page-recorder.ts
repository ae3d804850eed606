/**
 * Keeps every page of a list the app fetches (a view's page, Load all, an export) in
 * the archive. Pages are staged as they come and merged in batches; when the pages of
 * one unfiltered query add up to its whole listing, what they complete is committed
 * with the last of them: the time range of a windowed list (its coverage) or the
 * snapshot of a list without a window.
 */
import { listOf, type ListOperation, type ListRows } from '../../shared/operations';
import type { PageRequest } from '../../shared/requests';
import { parseIsoInstant } from '../../shared/time-zone';
import type { ArchiveStore, Completes } from './archive-store';
import { syncedAtOf } from './coverage';
import { archiveTableFor } from './tables';

/** Staged rows are merged this long after the last page of a table arrived (a burst of pages merges once). */
const MERGE_AFTER_QUIET_MS = 400;
/** Pages of one query seen further apart than this are not joined into one complete fetch. */
const FETCH_SPAN_MAX_MS = 30 * 60_000;
const TRACKED_FETCHES_MAX = 64;
/**
 * Rows handed over but not yet staged, beyond which the fetch that hands over more waits.
 * The archive writes more slowly than a fast platform delivers on a busy computer; without
 * a bound a 200,000-row export would hold every row in memory until the archive caught up.
 */
export const BACKLOG_MAX_ROWS = 10_000;

export interface RecordedPage<Row> {
  request: PageRequest<object>;
  total: number;
  rows: readonly Row[];
  /** The platform's time as it answered (client.ts's onListPage); null or absent when unknown. */
  platformNowMs?: number | null;
}

interface TrackedFetch {
  startedAtMs: number;
  total: number;
  pages: Set<number>;
  rows: number;
  scopes: Set<string>;
}

/** What the recorder needs of a store: staging rows and merging what is staged. */
export type RecordingStore = Pick<ArchiveStore, 'stage' | 'commit'>;

export class PageRecorder {
  private readonly fetches = new Map<string, TrackedFetch>();
  private readonly timers = new Map<ListOperation, NodeJS.Timeout>();
  private pending: Promise<unknown> = Promise.resolve();
  private backlogRows = 0;
  private readonly waitingForRoom: (() => void)[] = [];
  private failure: ((error: unknown) => void) | null = null;

  constructor(
    private readonly store: RecordingStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Told about a write that failed (the app keeps working live; the user is told once). */
  onFailure(report: (error: unknown) => void): void {
    this.failure = report;
  }

  /**
   * Takes one page; the writes run in the background, in order. The answer settles at
   * once, or when the backlog is back under its bound: a caller that waits for it never
   * runs further ahead of the archive than that.
   */
  record<O extends ListOperation>(operation: O, page: RecordedPage<ListRows[O]>): Promise<void> {
    const table = archiveTableFor(operation);
    const seenAtMs = this.now();
    const firstPosition = (page.request.current - 1) * page.request.size;
    this.track(this.stage(table, page.rows, firstPosition, seenAtMs));
    const completes = this.completion(operation, page, syncedAtOf(seenAtMs, page.platformNowMs ?? null));
    if (completes) {
      this.clearTimer(operation);
      this.track(this.store.commit(table, completes));
    } else {
      this.mergeSoon(operation);
    }
    return this.room();
  }

  /** Rows handed over and not yet staged. */
  get backlog(): number {
    return this.backlogRows;
  }

  /** Merges everything staged now and waits for every write so far. */
  async flush(): Promise<void> {
    for (const operation of [...this.timers.keys()]) {
      this.clearTimer(operation);
      this.track(this.store.commit(archiveTableFor(operation), null));
    }
    await this.pending;
  }

  private stage<O extends ListOperation>(
    table: ReturnType<typeof archiveTableFor<O>>,
    rows: readonly ListRows[O][],
    firstPosition: number,
    seenAtMs: number,
  ): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    this.backlogRows += rows.length;
    return this.store.stage(table, rows, firstPosition, seenAtMs).finally(() => {
      this.backlogRows -= rows.length;
      if (this.backlogRows <= BACKLOG_MAX_ROWS) for (const release of this.waitingForRoom.splice(0)) release();
    });
  }

  private room(): Promise<void> {
    if (this.backlogRows <= BACKLOG_MAX_ROWS) return Promise.resolve();
    return new Promise((resolve) => this.waitingForRoom.push(resolve));
  }

  private track(write: Promise<unknown>): void {
    const guarded = write.catch((error: unknown) => this.failure?.(error));
    this.pending = Promise.all([this.pending, guarded]);
  }

  private mergeSoon(operation: ListOperation): void {
    this.clearTimer(operation);
    const timer = setTimeout(() => {
      this.timers.delete(operation);
      this.track(this.store.commit(archiveTableFor(operation), null));
    }, MERGE_AFTER_QUIET_MS);
    timer.unref();
    this.timers.set(operation, timer);
  }

  private clearTimer(operation: ListOperation): void {
    const timer = this.timers.get(operation);
    if (timer) clearTimeout(timer);
    this.timers.delete(operation);
  }

  /** What this page completes, when it is the last missing page of an unfiltered listing. */
  private completion<O extends ListOperation>(
    operation: O,
    page: RecordedPage<ListRows[O]>,
    seenAtMs: number,
  ): Completes | null {
    const list = listOf(operation);
    const { current, size } = page.request;
    const params: Readonly<Record<string, unknown>> = { ...page.request.params };
    const filters = Object.entries(params).filter(
      ([key, value]) => !isWindowKey(list.window !== null, key) && !isEmpty(value),
    );
    // A filtered listing is only part of the data: its rows are kept, but it covers nothing.
    if (list.window !== null && filters.length > 0) return null;
    if (list.window === null && filters.length > 1) return null;

    const key = `${operation}\n${size}\n${JSON.stringify(params)}`;
    this.forgetStale(seenAtMs);
    let fetch = this.fetches.get(key);
    if (!fetch || fetch.total !== page.total) {
      fetch = { startedAtMs: seenAtMs, total: page.total, pages: new Set(), rows: 0, scopes: new Set() };
      this.fetches.set(key, fetch);
    }
    if (fetch.pages.has(current)) return null;
    fetch.pages.add(current);
    fetch.rows += page.rows.length;
    for (const row of page.rows) fetch.scopes.add(list.snapshotScope(row as never));
    const pageCount = Math.max(1, Math.ceil(page.total / size));
    if (fetch.pages.size < pageCount || fetch.rows !== page.total) return null;
    this.fetches.delete(key);

    if (list.window !== null) {
      const fromMs = parseIsoInstant(String(params.strTime ?? ''));
      const toMs = parseIsoInstant(String(params.endTime ?? ''));
      if (fromMs === null || toMs === null) return null;
      const coveredTo = Math.min(toMs, fetch.startedAtMs);
      if (coveredTo <= fromMs) return null;
      return { coverage: { fromMs, toMs: coveredTo, syncedAtMs: fetch.startedAtMs } };
    }
    const scope = snapshotScopeOf(fetch.scopes, filters);
    if (scope === null) return null;
    return { snapshot: { scope, takenAtMs: fetch.startedAtMs } };
  }

  private forgetStale(nowMs: number): void {
    for (const [key, fetch] of this.fetches) {
      if (nowMs - fetch.startedAtMs > FETCH_SPAN_MAX_MS) this.fetches.delete(key);
    }
    while (this.fetches.size >= TRACKED_FETCHES_MAX) {
      const oldest = this.fetches.keys().next().value;
      if (oldest === undefined) break;
      this.fetches.delete(oldest);
    }
  }
}

function isWindowKey(windowed: boolean, key: string): boolean {
  return windowed && (key === 'strTime' || key === 'endTime');
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The scope a complete snapshot listing replaces: the whole list when nothing narrows it,
 * or one scope (a task) when the only filter names it and every row belongs to it.
 */
function snapshotScopeOf(scopes: Set<string>, filters: [string, unknown][]): string | null {
  if (filters.length === 0) return scopes.size === 0 || (scopes.size === 1 && scopes.has('')) ? '' : null;
  const named = String(filters[0]?.[1]);
  return scopes.size === 1 && scopes.has(named) ? named : null;
}
