import {
  epochMsToWallTime,
  formatIsoInZone,
  formatWallTime,
  parseWallTimeText,
  wallTimeToEpochMs,
  type TimeZone,
  type WallTime,
} from '../../../shared/time-zone';

/** Wall-clock text as a datetime-local input holds it: `YYYY-MM-DDTHH:MM:SS`. */
export type LocalText = string;

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'thisMonth';

export const QUICK_RANGES: { id: QuickRange; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'thisMonth', label: 'This month' },
];

export function wallToLocalText(wall: WallTime): LocalText {
  return formatWallTime(wall).replace(' ', 'T');
}

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
      return { from: wallToLocalText(todayStart), to: wallToLocalText(now) };
    case 'yesterday': {
      const yesterday = startOfDay(epochMsToWallTime(todayStartMs - 12 * 3600_000, zone));
      const end = epochMsToWallTime(todayStartMs - 1000, zone);
      return { from: wallToLocalText(yesterday), to: wallToLocalText({ ...end, millisecond: 0 }) };
    }
    case 'last7': {
      const from = startOfDay(epochMsToWallTime(todayStartMs - 6 * 86_400_000 + 3600_000, zone));
      return { from: wallToLocalText(from), to: wallToLocalText(now) };
    }
    case 'thisMonth':
      return { from: wallToLocalText({ ...todayStart, day: 1 }), to: wallToLocalText(now) };
  }
}

/** The ISO 8601 text (with the zone's offset) the platform wants, or null when the input is not a date-time. */
export function localTextToIso(text: LocalText, zone: TimeZone): string | null {
  const wall = parseWallTimeText(text.length === 16 ? `${text}:00` : text);
  return wall ? formatIsoInZone(wallTimeToEpochMs(wall, zone), zone) : null;
}

/** `YYYY-MM-DD HH:MM:SS` for the seat query's optional window. */
export function localTextToWallText(text: LocalText): string | null {
  const wall = parseWallTimeText(text.length === 16 ? `${text}:00` : text);
  return wall ? formatWallTime(wall) : null;
}
