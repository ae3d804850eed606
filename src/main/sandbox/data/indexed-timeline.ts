import { hash32 } from '../prng';

/**
 * Event times for `count` on-demand records spread over `spanSeconds` before an anchor,
 * newest first: time(i) never increases with i, so a time window is an index range
 * found by binary search and a page is an index offset.
 */
export interface IndexedTimeline {
  count: number;
  /** Epoch seconds of record i. */
  secondsAt(index: number): number;
  /** Indexes [first, end) whose time lies within [fromMs, toMs]. */
  range(fromMs: number, toMs: number): { first: number; end: number };
}

export function createIndexedTimeline(
  seed: number,
  stream: number,
  anchorMs: number,
  count: number,
  spanSeconds: number,
): IndexedTimeline {
  const anchorSeconds = Math.floor(anchorMs / 1000);
  const secondsAt = (index: number): number => {
    const jitter = hash32(seed, stream, index) / 0x100000000;
    return anchorSeconds - 1 - Math.floor(((index + jitter) * spanSeconds) / count);
  };
  /** The first index whose time is strictly before `limitMs` (or at/before when inclusive). */
  const firstBefore = (limitMs: number, inclusive: boolean): number => {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const ms = secondsAt(middle) * 1000;
      if (inclusive ? ms <= limitMs : ms < limitMs) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return {
    count,
    secondsAt,
    range(fromMs, toMs) {
      if (toMs < fromMs) return { first: 0, end: 0 };
      const first = firstBefore(toMs, true);
      const end = Math.max(first, firstBefore(fromMs, false));
      return { first, end };
    },
  };
}
