/**
 * Fetch-all: every page of a list operation, several at once, handed to a consumer
 * in order as soon as they are contiguous. Memory stays bounded: only a window of
 * in-flight and out-of-order pages is held, never all rows. Used by export and by
 * "load all" in the views.
 *
 * - Page 1 of each window gives total and pages; the rest follow with bounded
 *   concurrency, lowered when the platform answers -15 and raised again slowly.
 * - Cancel (AbortSignal) stops requests and waits at once.
 * - Drift (the total changing, a page of the wrong length, an id seen on the
 *   previous page) is reported in the summary, or fails the fetch with onDrift 'fail';
 *   a repeated row is never delivered twice.
 */
import type { PlatformClient, RetryInfo } from '../api';
import { sleep } from '../api/retry';
import { checkQuery, type CheckedQuery, type ListDescriptor } from '../../shared/operations';
import { refusal } from '../../shared/validation';
import type { Page } from '../../shared/records';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import { createAdaptiveConcurrency } from './adaptive-concurrency';
import { computeProgress, type FetchProgress } from './fetch-progress';
import { pageSourceFor, type PageSource } from './paged-sources';

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
  /** 'warn' (default): drift goes to the summary; 'fail': the fetch stops with code `drift`. */
  onDrift?: 'warn' | 'fail';
  /** Out-of-order pages held at most, beyond the one being delivered. Default 2 x concurrency. */
  maxBufferedPages?: number;
}

export type FetchDrift =
  | { kind: 'total-changed'; window: number; page: number; expected: number; actual: number }
  | { kind: 'page-length'; window: number; page: number; expected: number; actual: number }
  | { kind: 'duplicate'; window: number; page: number; id: string };

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
}

const MAX_DRIFT_ENTRIES = 100;
const MAX_RAMP_STAGGER_MS = 50;
/**
 * Rounds of the caller's retries one page may have. A page whose retries all failed for a
 * cause likely to pass is asked for again, but only if other pages got through meanwhile:
 * a platform that keeps failing stops the fetch after one round, a flaky one does not.
 */
const MAX_PAGE_ROUNDS = 3;

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
  return Number.isInteger(value) && value >= 1 && value <= MAX_CONCURRENCY ? null : `Choose from 1 to ${MAX_CONCURRENCY} pages at once.`;
}

/**
 * A fetch-all's filters and options where they enter main (the views ask before starting
 * a job): the operation's parser runs here, once; the pages are derived from its query.
 */
export function checkFetchAll<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  params: unknown,
  options: { pageSize?: number; concurrency?: number; now?: Date },
): Result<CheckedQuery<P, R>> {
  const checked = checkQuery(list, params, { pageSize: options.pageSize, now: options.now });
  const problem = concurrencyProblem(options.concurrency);
  if (problem === null) return checked;
  return refusal({ ...(checked.ok ? {} : checked.error.fields), concurrency: problem });
}

interface PageTask {
  window: number;
  page: number;
  /** Rows this page should have, from the window's first page. */
  expectedRows: number;
}

/** The engine, for any page source (tests drive it with stubs). */
export async function fetchPages<R>(
  source: PageSource<R>,
  options: FetchAllOptions<R>,
): Promise<Result<FetchAllSummary>> {
  const { pageSize } = source;
  const maxConcurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const maxBuffered = options.maxBufferedPages ?? maxConcurrency * 2;
  const progressIntervalMs = options.progressIntervalMs ?? 250;
  const startedMs = performance.now();
  const controller = new AbortController();
  const cancel = (): void => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) controller.abort();
  const concurrency = createAdaptiveConcurrency({ max: maxConcurrency });
  const drift: FetchDrift[] = [];
  let driftFailure: AppError | null = null;

  const onRetry = (info: RetryInfo): void => {
    if (info.rateLimited) concurrency.rateLimited(performance.now());
  };
  // Each request gets a signal of its own, aborted by one listener here: a listener per
  // request on the shared signal would pass Node's limit of 10 at concurrency 11-16.
  const requests = new Set<AbortController>();
  const abortRequests = (): void => {
    for (const request of requests) request.abort();
  };
  controller.signal.addEventListener('abort', abortRequests, { once: true });
  const requestOnce = async (window: number, page: number): Promise<Result<Page<R>>> => {
    const request = new AbortController();
    if (controller.signal.aborted) request.abort();
    requests.add(request);
    try {
      return await source.fetchPage(window, page, { signal: request.signal, onRetry });
    } finally {
      requests.delete(request);
    }
  };
  let pagesReceived = 0;
  const requestPage = async (window: number, page: number): Promise<Result<Page<R>>> => {
    // Counted from the first round: once the pages ahead fill the buffer, none are in
    // flight during a later round to show the platform is still answering.
    const receivedBefore = pagesReceived;
    for (let round = 1; ; round += 1) {
      const result = await requestOnce(window, page);
      if (result.ok) pagesReceived += 1;
      const othersGotThrough = pagesReceived > receivedBefore;
      if (result.ok || result.error.transient !== true || !othersGotThrough || round >= MAX_PAGE_ROUNDS)
        return result;
    }
  };

  const cancelled = (): Result<FetchAllSummary> => fail('cancelled', 'The fetch was cancelled.');
  try {
    // 1. The first page of every window: totals, page counts, and which way the platform sorts.
    const firstRoundStartedMs = performance.now();
    const firstPages = await Promise.all(
      Array.from({ length: source.windowCount }, (_, window) => requestPage(window, 1)),
    );
    if (controller.signal.aborted) return cancelled();
    // Requests started together come back together and queue for the CPU on both ends;
    // spreading the first ones over one round trip keeps them apart for the whole fetch.
    const rampStaggerMs = Math.min(
      MAX_RAMP_STAGGER_MS,
      (performance.now() - firstRoundStartedMs) / maxConcurrency,
    );
    let rampStarted = 0;
    for (const [window, first] of firstPages.entries()) {
      if (!first.ok) return fail(first.error.code, first.error.message, where(first.error, window, 1, null));
    }
    const pagesOf = firstPages.map((first) => (first.ok ? first.value : emptyPage<R>()));
    const newestFirst = sortsNewestFirst(pagesOf, source);
    const windowOrder = pagesOf.map((_, index) => index);
    if (newestFirst) windowOrder.reverse();

    const tasks: PageTask[] = [];
    const buffered = new Map<number, Page<R>>();
    let totalRows = 0;
    for (const window of windowOrder) {
      const first = pagesOf[window];
      totalRows += first.total;
      const pageCount = Math.max(1, Math.ceil(first.total / pageSize));
      for (let page = 1; page <= pageCount; page += 1) {
        const expectedRows = Math.max(0, Math.min(pageSize, first.total - (page - 1) * pageSize));
        if (page === 1) buffered.set(tasks.length, first);
        tasks.push({ window, page, expectedRows });
      }
    }
    const totalPages = tasks.length;
    const expectedTotals = pagesOf.map((page) => page.total);

    // 2. The rest, in flight at most `concurrency.current` and buffered at most `maxBuffered` ahead.
    let rows = 0;
    let pagesDone = 0;
    let boundaryDuplicatesSkipped = 0;
    let previousIds = new Set<string>();
    let previousWindow = -1;
    let lastProgressMs = Number.NEGATIVE_INFINITY;
    let nextToStart = 0;
    let nextToDeliver = 0;
    let failure: Result<FetchAllSummary> | null = null;
    /** Pages before a failed one that have arrived are still delivered; nothing after it. */
    let failedIndex = Number.POSITIVE_INFINITY;
    const stopDelivering = (): boolean =>
      driftFailure !== null ||
      options.signal?.aborted === true ||
      (failure !== null && nextToDeliver >= failedIndex);
    const inFlight = new Map<number, Promise<void>>();

    const report = (force: boolean): void => {
      if (!options.onProgress) return;
      const nowMs = performance.now();
      if (!force && nowMs - lastProgressMs < progressIntervalMs) return;
      lastProgressMs = nowMs;
      options.onProgress(
        computeProgress(
          { pagesDone, totalPages, rows, totalRows, concurrency: concurrency.current },
          nowMs - startedMs,
        ),
      );
    };

    const noteDrift = (entry: FetchDrift, message: string): void => {
      if (drift.length < MAX_DRIFT_ENTRIES) drift.push(entry);
      if (options.onDrift === 'fail' && driftFailure === null) {
        driftFailure = {
          code: 'drift',
          message: `The data changed while it was being fetched: ${message}. Fetch again.`,
        };
      }
    };

    const deliver = async (index: number, page: Page<R>): Promise<void> => {
      const task = tasks[index];
      const windowPosition = windowOrder.indexOf(task.window);
      if (page.total !== expectedTotals[task.window]) {
        noteDrift(
          {
            kind: 'total-changed',
            window: windowPosition,
            page: task.page,
            expected: expectedTotals[task.window],
            actual: page.total,
          },
          `the record count went from ${expectedTotals[task.window]} to ${page.total}`,
        );
        expectedTotals[task.window] = page.total;
      }
      if (page.records.length !== task.expectedRows) {
        noteDrift(
          {
            kind: 'page-length',
            window: windowPosition,
            page: task.page,
            expected: task.expectedRows,
            actual: page.records.length,
          },
          `page ${task.page} had ${page.records.length} rows instead of ${task.expectedRows}`,
        );
      }
      const crossesWindow = previousWindow !== -1 && previousWindow !== task.window;
      const ids = new Set<string>();
      const fresh: R[] = [];
      for (const record of page.records) {
        const id = source.idOf(record);
        if (id !== null && (ids.has(id) || previousIds.has(id))) {
          if (crossesWindow && previousIds.has(id) && task.page === 1) boundaryDuplicatesSkipped += 1;
          else
            noteDrift(
              { kind: 'duplicate', window: windowPosition, page: task.page, id },
              `row ${id} came twice`,
            );
          continue;
        }
        if (id !== null) ids.add(id);
        fresh.push(record);
      }
      previousIds = ids;
      previousWindow = task.window;
      pagesDone += 1;
      rows += fresh.length;
      if (fresh.length > 0) {
        await options.onRows(fresh, { window: windowPosition, page: task.page, pagesDone, totalPages });
      }
      report(pagesDone === totalPages);
    };

    const start = (index: number): void => {
      const task = tasks[index];
      const settled = requestPage(task.window, task.page).then((result) => {
        inFlight.delete(index);
        if (result.ok) {
          concurrency.succeeded();
          buffered.set(index, result.value);
        } else if (failure === null) {
          failedIndex = index;
          failure = fail(
            result.error.code,
            result.error.message,
            where(result.error, windowOrder.indexOf(task.window), task.page, totalPages),
          );
          controller.abort();
        }
      });
      inFlight.set(index, settled);
    };

    report(true);
    while (nextToDeliver < totalPages) {
      for (
        let page = buffered.get(nextToDeliver);
        page !== undefined && !stopDelivering();
        page = buffered.get(nextToDeliver)
      ) {
        buffered.delete(nextToDeliver);
        await deliver(nextToDeliver, page);
        nextToDeliver += 1;
      }
      if (
        failure !== null ||
        driftFailure !== null ||
        controller.signal.aborted ||
        nextToDeliver >= totalPages
      )
        break;
      // A first page already delivered is gone from the buffer: it must not be asked for again.
      nextToStart = Math.max(nextToStart, nextToDeliver);
      while (
        nextToStart < totalPages &&
        failure === null &&
        inFlight.size < concurrency.current &&
        nextToStart <= nextToDeliver + maxBuffered
      ) {
        if (!buffered.has(nextToStart)) {
          if (rampStarted > 0 && rampStarted < maxConcurrency) await sleep(rampStaggerMs, controller.signal);
          if (controller.signal.aborted) break;
          rampStarted += 1;
          start(nextToStart);
        }
        nextToStart += 1;
      }
      if (inFlight.size === 0) {
        // Pages that arrived during a ramp-up pause are delivered on the next turn.
        if (buffered.has(nextToDeliver) || failure !== null) continue;
        // Nothing under way and the next page not here: cannot happen unless a page went missing.
        failure = fail(
          'bad-response',
          'The fetch lost track of a page. Try again.',
          `page index ${nextToDeliver}`,
        );
        break;
      }
      await Promise.race(inFlight.values());
    }

    if (driftFailure !== null || failure !== null || controller.signal.aborted) controller.abort();
    await Promise.all(inFlight.values());
    if (driftFailure !== null) return { ok: false, error: driftFailure };
    if (options.signal?.aborted) return cancelled();
    if (failure !== null) return failure;
    return ok({
      rows,
      pages: pagesDone,
      windows: source.windowCount,
      elapsedMs: performance.now() - startedMs,
      drift,
      boundaryDuplicatesSkipped,
      lowestConcurrency: concurrency.lowest,
      newestFirst,
    });
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}

function emptyPage<R>(): Page<R> {
  return { total: 0, size: 0, current: 1, pages: 0, records: [], searchCount: null };
}

/** Where a failure happened, after the server's own detail. */
function where(error: AppError, window: number, page: number, totalPages: number | null): string {
  const position = `Stopped at page ${page}${totalPages === null ? '' : ` (of ${totalPages} in all)`}${window > 0 ? `, window ${window + 1}` : ''}.`;
  return error.detail ? `${error.detail} — ${position}` : position;
}

/**
 * The platform lists records newest first (the sandbox does too); windows are then
 * delivered newest first so the whole stream keeps one order. Decided from the first
 * page that shows two different times; newest first when none does.
 */
function sortsNewestFirst<R>(pages: Page<R>[], source: PageSource<R>): boolean {
  for (const page of pages) {
    const times = page.records
      .map((record) => source.timeOf(record))
      .filter((time): time is number => time !== null);
    if (times.length >= 2 && times[0] !== times[times.length - 1]) return times[0] > times[times.length - 1];
  }
  return true;
}
