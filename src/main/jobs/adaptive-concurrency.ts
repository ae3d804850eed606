/**
 * How many pages the fetch engine requests at once: halves when the platform says
 * "too frequent" (-15), creeps back up by one after a run of clean pages.
 */
export interface AdaptiveConcurrency {
  readonly current: number;
  readonly lowest: number;
  /** A -15 (or HTTP 429) was seen. */
  rateLimited(nowMs: number): void;
  /** A page arrived without being rate limited. */
  succeeded(): void;
}

export interface AdaptiveConcurrencyOptions {
  max: number;
  /** Clean pages needed before trying one more at once. */
  increaseAfter?: number;
  /** A burst of -15s from the same moment halves once. */
  cooldownMs?: number;
}

export function createAdaptiveConcurrency(options: AdaptiveConcurrencyOptions): AdaptiveConcurrency {
  const increaseAfter = options.increaseAfter ?? 20;
  const cooldownMs = options.cooldownMs ?? 1000;
  let current = options.max;
  let lowest = options.max;
  let cleanPages = 0;
  let lastDecreaseMs = Number.NEGATIVE_INFINITY;
  return {
    get current() {
      return current;
    },
    get lowest() {
      return lowest;
    },
    rateLimited(nowMs) {
      cleanPages = 0;
      if (nowMs - lastDecreaseMs < cooldownMs) return;
      lastDecreaseMs = nowMs;
      current = Math.max(1, Math.floor(current / 2));
      lowest = Math.min(lowest, current);
    },
    succeeded() {
      cleanPages += 1;
      if (cleanPages >= increaseAfter && current < options.max) {
        current += 1;
        cleanPages = 0;
      }
    },
  };
}
