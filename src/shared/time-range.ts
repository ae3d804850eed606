import { calendarOf } from './calendar';
import { m } from './i18n';
import type { Label } from './i18n/locale';
import { epochMsToWallTime, formatIsoInZone, formatWallTime, parseWallTimeText, wallTimeToEpochMs, type TimeZone } from './time-zone';

/**
 * Wall-clock text as typed in a period field: `YYYY-MM-DD HH:MM:SS` (seconds optional;
 * the `T` of ISO 8601, kept in older saved filters, is read too).
 */
export type LocalText = string;

/** Shown in an empty period field and in its error. */
export const LOCAL_TEXT_FORMAT = 'YYYY-MM-DD HH:MM:SS';

/** LOCAL_TEXT_FORMAT as the interface's language writes it (年-月-日 时:分:秒 in Chinese). */
export function localTextFormat(): string {
  return m.lists_time_format();
}

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'thisMonth';

/** Each range's name, read as `label()` when shown. */
export const QUICK_RANGES: { id: QuickRange; label: Label }[] = [
  { id: 'today', label: m.lists_range_today },
  { id: 'yesterday', label: m.lists_range_yesterday },
  { id: 'last7', label: m.lists_range_last7 },
  { id: 'thisMonth', label: m.lists_range_this_month },
];

/** A quick range in the profile's zone, ending now (or at the end of yesterday); days from the one calendar. */
export function quickRange(range: QuickRange, zone: TimeZone, nowMs = Date.now()): { from: LocalText; to: LocalText } {
  const calendar = calendarOf(zone);
  const text = (epochMs: number): LocalText => formatWallTime({ ...epochMsToWallTime(epochMs, zone), millisecond: 0 });
  const today = calendar.dayOf(nowMs);
  const now = text(nowMs);
  switch (range) {
    case 'today':
      return { from: text(calendar.dayStartMs(today)), to: now };
    case 'yesterday':
      return { from: text(calendar.dayStartMs(today - 1)), to: text(calendar.dayStartMs(today) - 1000) };
    case 'last7':
      return { from: text(calendar.dayStartMs(today - 6)), to: now };
    case 'thisMonth':
      return { from: text(calendar.dayStartMs(today - (epochMsToWallTime(nowMs, zone).day - 1))), to: now };
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
