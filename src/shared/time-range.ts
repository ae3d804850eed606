import {
  epochMsToWallTime,
  formatIsoInZone,
  formatWallTime,
  parseWallTimeText,
  wallTimeToEpochMs,
  type TimeZone,
  type WallTime,
} from './time-zone';

/**
 * Wall-clock text as typed in a period field: `YYYY-MM-DD HH:MM:SS` (seconds optional;
 * the `T` of ISO 8601, kept in older saved filters, is read too).
 */
export type LocalText = string;

/** Shown in an empty period field and in its error. */
export const LOCAL_TEXT_FORMAT = 'YYYY-MM-DD HH:MM:SS';

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'thisMonth';

export const QUICK_RANGES: { id: QuickRange; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'thisMonth', label: 'This month' },
];

function startOfDay(wall: WallTime): WallTime {
  return { ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 };
}

/** A quick range in the profile's zone, ending now (or at the end of yesterday). */
export function quickRange(range: QuickRange, zone: TimeZone, nowMs = Date.now()): { from: LocalText; to: LocalText } {
  const now = { ...epochMsToWallTime(nowMs, zone), millisecond: 0 };
  const todayStart = startOfDay(now);
  const todayStartMs = wallTimeToEpochMs(todayStart, zone);
  switch (range) {
    case 'today':
      return { from: formatWallTime(todayStart), to: formatWallTime(now) };
    case 'yesterday': {
      const yesterday = startOfDay(epochMsToWallTime(todayStartMs - 12 * 3600_000, zone));
      const end = epochMsToWallTime(todayStartMs - 1000, zone);
      return { from: formatWallTime(yesterday), to: formatWallTime({ ...end, millisecond: 0 }) };
    }
    case 'last7': {
      const from = startOfDay(epochMsToWallTime(todayStartMs - 6 * 86_400_000 + 3600_000, zone));
      return { from: formatWallTime(from), to: formatWallTime(now) };
    }
    case 'thisMonth':
      return { from: formatWallTime({ ...todayStart, day: 1 }), to: formatWallTime(now) };
  }
}

/** The ISO 8601 text (with the zone's offset) the platform wants, or null when the input is not a date-time. */
export function localTextToIso(text: LocalText, zone: TimeZone): string | null {
  const wall = parseWallTimeText(text);
  return wall ? formatIsoInZone(wallTimeToEpochMs(wall, zone), zone) : null;
}

/** `YYYY-MM-DD HH:MM:SS` for the seat query's optional window. */
export function localTextToWallText(text: LocalText): string | null {
  const wall = parseWallTimeText(text);
  return wall ? formatWallTime(wall) : null;
}
