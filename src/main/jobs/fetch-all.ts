/**
 * Fetch-all: every page of a list operation, several at once, handed to a consumer
 * in order as soon as they are contiguous. Memory stays bounded: only a window of
 * in-flight and out-of-order pages is held, never all rows. Used by export, sync and
 * "load all" in the views.
 *
 * - The plan (fetch-plan.ts): page 1 of each window gives total and pages.
 * - The scheduler (page-scheduler.ts): the rest follow with bounded concurrency, lowered
 *   when the platform answers -15 and raised again slowly; cancel (AbortSignal) stops
 *   requests and waits at once.
 * - The drift check (drift-check.ts): the total changing, a page of the wrong length, an
 *   id seen on the previous page is reported in the summary, fails the fetch with
 *   onDrift 'fail', or has the window read again with 'reread'; a repeated row is never
 *   delivered twice within one reading.
 */
import { checkQuery, type CheckedQuery, type ListDescriptor } from '../../shared/operations';
import { m } from '../../shared/i18n';
import { refusal } from '../../shared/validation';
import type { Page } from '../../shared/records';
import type { TimeZone } from '../../shared/time-zone';
import { fail, ok, type Result } from '../../shared/result';
import type { PlatformClient } from '../api';
import { createAdaptiveConcurrency } from './adaptive-concurrency';
import { DriftCheck, MAX_DRIFT_ENTRIES, type FetchDrift } from './drift-check';
import { planPages } from './fetch-plan';
import { computeProgress, type FetchProgress } from './fetch-progress';
import { createPageRequests, failedAt } from './page-requests';
import { runSchedule } from './page-scheduler';
import { pageSourceFor, type PageSource } from './paged-sources';

export type { FetchDrift } from './drift-check';
export type { FetchProgress } from './fetch-progress';
export type { PageSource } from './paged-sources';

export const DEFAULT_CONCURRENCY = 6;
export const MAX_CONCURRENCY = 16;

export interface PagePosition {
  /** Window index in delivery order, from 0. */
  window: number;
  /** Page number within the window, from 1. */
  page: number;
  pagesDone: number;
  totalPages: number;
}

export interface FetchAllOptions<R> {
  /** Pages requested at once, 1-16. Default 6. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Receives each page's rows, in order; may return a promise (the engine waits: back-pressure). */
  onRows: (rows: R[], position: PagePosition) => void | Promise<void>;
  onProgress?: (progress: FetchProgress) => void;
  /** Least time between progress reports (the first and the last are always sent). Default 250 ms. */
  progressIntervalMs?: number;
  /**
   * 'warn' (default): drift goes to the summary; 'fail': the fetch stops with code `drift`;
   * 'reread': a window whose rows moved is read again whole, its rows delivered again, until
   * a reading holds still or MAX_REREADS more readings moved too (`heldStill` says which; for
   * consumers that replace a row by its id, as the archive does).
   */
  onDrift?: 'warn' | 'fail' | 'reread';
  /** Out-of-order pages held at most, beyond the one being delivered. Default 2 x concurrency. */
  maxBufferedPages?: number;
}

export interface FetchAllSummary {
  rows: number;
  pages: number;
  windows: number;
  elapsedMs: number;
  /** What changed on the server while fetching (at most 100 kept); empty when the data held still. */
  drift: FetchDrift[];
  /** Rows skipped because two neighbouring windows share their boundary instant (expected, not drift). */
  boundaryDuplicatesSkipped: number;
  /** Lowest concurrency reached (below the requested one when the platform rate-limited). */
  lowestConcurrency: number;
  newestFirst: boolean;
  /** False when the last reading of some window still saw its rows move: a row may have slipped between two pages. */
  heldStill: boolean;
}

const MAX_RAMP_STAGGER_MS = 50;

/**
 * Fetches every row of a list operation (as the renderer and files may see it) for a
 * query its parser checked; record periods longer than 31 days are split transparently.
 */
export async function fetchAll<P extends object, R, Row, D>(
  client: PlatformClient,
  list: ListDescriptor<P, R, Row, D>,
  query: CheckedQuery<P, R>,
  options: FetchAllOptions<Row>,
): Promise<Result<FetchAllSummary>> {
  const problem = concurrencyProblem(options.concurrency);
  if (problem !== null) return refusal({ concurrency: problem });
  return fetchPages(pageSourceFor(client, list, query), options);
}

function concurrencyProblem(concurrency: number | undefined): string | null {
  const value = concurrency ?? DEFAULT_CONCURRENCY;
  return Number.isInteger(value) && value >= 1 && value <= MAX_CONCURRENCY ? null : m.export_concurrency_range({ max: String(MAX_CONCURRENCY) });
}

/**
 * A fetch-all's filters and options where they enter main (the views ask before starting
 * a job): the operation's parser runs here, once; the pages are derived from its query.
 */
export function checkFetchAll<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  params: unknown,
  options: { pageSize?: number; concurrency?: number; now?: Date; zone?: TimeZone },
): Result<CheckedQuery<P, R>> {
  const checked = checkQuery(list, params, { pageSize: options.pageSize, now: options.now, zone: options.zone });
  const problem = concurrencyProblem(options.concurrency);
  if (problem === null) return checked;
  return refusal({ ...(checked.ok ? {} : checked.error.fields), concurrency: problem });
}

/**
 * A window read again whole when its rows moved while it was paged through (the
 * platform lists newest first, so a record that arrives mid-read pushes one past a page
 * boundary unseen), at most this many more times; then the fetch ends with `heldStill` false.
 */
export const MAX_REREADS = 3;

/** What one reading of some windows saw move: the windows to read again. */
interface Reading {
  moved: number[];
}

/** The engine, for any page source (tests drive it with stubs): plan, schedule, check each page for drift. */
export async function fetchPages<R>(source: PageSource<R>, options: FetchAllOptions<R>): Promise<Result<FetchAllSummary>> {
  const maxConcurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const progressIntervalMs = options.progressIntervalMs ?? 250;
  const onDrift = options.onDrift ?? 'warn';
  const startedMs = performance.now();
  const controller = new AbortController();
  const cancel = (): void => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) controller.abort();
  const concurrency = createAdaptiveConcurrency({ max: maxConcurrency });
  const requestPage = createPageRequests(source, controller.signal, (info) => {
    if (info.rateLimited) concurrency.rateLimited(performance.now());
  });
  const cancelled = (): Result<never> => fail('cancelled', m.export_fetch_cancelled());

  const counts = { rows: 0, pagesDone: 0, totalPages: 0, totalRows: 0 };
  const drift: FetchDrift[] = [];
  let boundaryDuplicatesSkipped = 0;
  let newestFirst = true;
  let rampStaggerMs: number | null = null;
  /** Each window's place in delivery order, as the first reading planned it (by source index). */
  const positions = new Map<number, number>();
  let lastProgressMs = Number.NEGATIVE_INFINITY;
  const report = (force: boolean): void => {
    if (!options.onProgress) return;
    const nowMs = performance.now();
    if (!force && nowMs - lastProgressMs < progressIntervalMs) return;
    lastProgressMs = nowMs;
    options.onProgress(computeProgress({ ...counts, concurrency: concurrency.current }, nowMs - startedMs));
  };

  /** Reads the given windows (source indices) whole: page 1 of each gives the plan, the rest follow in turn. */
  const read = async (windows: readonly number[]): Promise<Result<Reading>> => {
    const roundStartedMs = performance.now();
    const answers = await Promise.all(windows.map((window) => requestPage(window, 1)));
    if (controller.signal.aborted) return cancelled();
    // Requests started together come back together and queue for the CPU on both ends;
    // spreading the first ones over one round trip keeps them apart for the whole fetch.
    rampStaggerMs ??= Math.min(MAX_RAMP_STAGGER_MS, (performance.now() - roundStartedMs) / maxConcurrency);
    const firstPages: Page<R>[] = [];
    for (const [index, first] of answers.entries()) {
      if (!first.ok) return failedAt(first.error, positions.get(windows[index]) ?? windows[index], 1, null);
      firstPages.push(first.value);
    }
    const plan = planPages(firstPages, source);
    const tasks = plan.tasks.map((task) => {
      const window = windows[task.window];
      const position = positions.get(window) ?? task.position;
      positions.set(window, position);
      return { ...task, window, position };
    });
    if (counts.totalPages === 0) newestFirst = plan.newestFirst;
    counts.totalPages += tasks.length;
    counts.totalRows += plan.totalRows;
    const totals: number[] = [];
    for (const [index, window] of windows.entries()) totals[window] = plan.totals[index];
    const check = new DriftCheck(source.idOf, totals, onDrift === 'fail' ? 'fail' : 'warn');
    report(true);
    const failure = await runSchedule({
      tasks,
      arrived: plan.firstPages,
      requestPage,
      concurrency,
      maxConcurrency,
      maxBuffered: options.maxBufferedPages ?? maxConcurrency * 2,
      rampStaggerMs,
      controller,
      halted: () => check.failure !== null || options.signal?.aborted === true,
      deliver: async (index, page) => {
        const task = tasks[index];
        const fresh = check.fresh(task, page);
        counts.pagesDone += 1;
        counts.rows += fresh.length;
        if (fresh.length > 0) {
          await options.onRows(fresh, { window: task.position, page: task.page, pagesDone: counts.pagesDone, totalPages: counts.totalPages });
        }
        report(counts.pagesDone === counts.totalPages);
      },
    });
    drift.push(...check.drift.slice(0, MAX_DRIFT_ENTRIES - drift.length));
    boundaryDuplicatesSkipped += check.boundaryDuplicatesSkipped;
    if (check.failure !== null) return { ok: false, error: check.failure };
    if (options.signal?.aborted) return cancelled();
    if (failure !== null) return failure;
    return ok({ moved: check.movedWindows() });
  };

  try {
    let reading = await read(Array.from({ length: source.windowCount }, (_, window) => window));
    for (let rereads = 0; reading.ok && onDrift === 'reread' && reading.value.moved.length > 0 && rereads < MAX_REREADS; rereads += 1) {
      reading = await read(reading.value.moved);
    }
    if (!reading.ok) return reading;
    return ok({
      rows: counts.rows,
      pages: counts.pagesDone,
      windows: source.windowCount,
      elapsedMs: performance.now() - startedMs,
      drift,
      boundaryDuplicatesSkipped,
      lowestConcurrency: concurrency.lowest,
      newestFirst,
      heldStill: reading.value.moved.length === 0,
    });
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}
