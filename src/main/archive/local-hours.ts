/**
 * Where one hour of the day (in a zone) falls within a window, as UTC ranges: the
 * archive's `hourOfDay` filter and the Overview's by-hour buckets both read the zone
 * through the app's own time-zone module, quarter hour by quarter hour (the step every
 * zone's offset changes on), so a drill-down selects exactly the rows of its bucket,
 * across daylight-saving changes too.
 */
import { epochMsToWallTime, type TimeZone } from '../../shared/time-zone';
import type { TimeRange } from './coverage';

export const QUARTER_HOUR_MS = 15 * 60_000;

/** The [fromMs, toMs) ranges of `window` (inclusive of its end) whose local hour is `hour`. */
export function localHourRanges(window: TimeRange, hour: number, zone: TimeZone): TimeRange[] {
  const ranges: TimeRange[] = [];
  const end = window.toMs + 1;
  for (let start = Math.floor(window.fromMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS; start < end; start += QUARTER_HOUR_MS) {
    if (epochMsToWallTime(start, zone).hour !== hour) continue;
    const fromMs = Math.max(start, window.fromMs);
    const toMs = Math.min(start + QUARTER_HOUR_MS, end);
    const last = ranges.at(-1);
    if (last && last.toMs === fromMs) last.toMs = toMs;
    else ranges.push({ fromMs, toMs });
  }
  return ranges;
}
