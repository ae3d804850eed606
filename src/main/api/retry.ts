/** Retry timing for reads: exponential backoff with full jitter, and a sleep that cancel ends at once. */

export interface RetryPolicy {
  /** Attempts in all, the first included, counting failures other than rate limiting. */
  maxAttempts: number;
  /**
   * Retries after -15 / HTTP 429, counted apart: a busy platform is worth waiting for a
   * little longer than a broken one, and a fetch running several pages at once meets
   * it more often.
   */
  maxRateLimitRetries: number;
  /** Cap of the first wait; doubles per attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Waits after -15 / HTTP 429 start from this higher base. */
  rateLimitBaseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  maxRateLimitRetries: 8,
  baseDelayMs: 200,
  maxDelayMs: 8_000,
  rateLimitBaseDelayMs: 500,
};

/** Full jitter: a uniform wait in [0, min(max, base * 2^(attempt-1))]. `attempt` counts from 1. */
export function backoffDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Waits `ms`; resolves false at once if the signal aborts (before or during the wait). */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
