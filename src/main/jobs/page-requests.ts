/**
 * How fetch-all asks for one page: each request with a signal of its own, and a page
 * whose tries all failed for a passing cause asked for again while other pages get through.
 */
import type { RetryInfo } from '../api';
import { m } from '../../shared/i18n';
import type { Page } from '../../shared/records';
import { fail, type AppError, type Result } from '../../shared/result';
import type { PageSource } from './paged-sources';

/**
 * Rounds of the caller's retries one page may have. A page whose retries all failed for a
 * cause likely to pass is asked for again, but only if other pages got through meanwhile:
 * a platform that keeps failing stops the fetch after one round, a flaky one does not.
 */
export const MAX_PAGE_ROUNDS = 3;

export type RequestPage<R> = (window: number, page: number) => Promise<Result<Page<R>>>;

/** Requests of one fetch, all stopped when `signal` aborts. */
export function createPageRequests<R>(
  source: PageSource<R>,
  signal: AbortSignal,
  onRetry: (info: RetryInfo) => void,
): RequestPage<R> {
  // Each request gets a signal of its own, aborted by one listener here: a listener per
  // request on the shared signal would pass Node's limit of 10 at concurrency 11-16.
  const requests = new Set<AbortController>();
  signal.addEventListener(
    'abort',
    () => {
      for (const request of requests) request.abort();
    },
    { once: true },
  );
  const requestOnce = async (window: number, page: number): Promise<Result<Page<R>>> => {
    const request = new AbortController();
    if (signal.aborted) request.abort();
    requests.add(request);
    try {
      return await source.fetchPage(window, page, { signal: request.signal, onRetry });
    } finally {
      requests.delete(request);
    }
  };
  let pagesReceived = 0;
  return async (window, page) => {
    // Counted from the first round: once the pages ahead fill the buffer, none are in
    // flight during a later round to show the platform is still answering.
    const receivedBefore = pagesReceived;
    for (let round = 1; ; round += 1) {
      const result = await requestOnce(window, page);
      if (result.ok) pagesReceived += 1;
      const othersGotThrough = pagesReceived > receivedBefore;
      if (result.ok || result.error.transient !== true || !othersGotThrough || round >= MAX_PAGE_ROUNDS) return result;
    }
  };
}

/** A page's failure, saying where the fetch stopped after the server's own detail. */
export function failedAt(error: AppError, window: number, page: number, totalPages: number | null): Result<never> {
  const at = { page: String(page), total: String(totalPages), window: String(window + 1) };
  const position =
    totalPages === null
      ? window > 0
        ? m.export_stopped_at_page_window(at)
        : m.export_stopped_at_page(at)
      : window > 0
        ? m.export_stopped_at_page_of_window(at)
        : m.export_stopped_at_page_of(at);
  // The detail's own closing full stop goes: the position follows it in the same line.
  const detail = error.detail?.replace(/[.。]\s*$/u, '');
  return fail(error.code, error.message, detail ? m.export_detail_then_position({ detail, position }) : position);
}
