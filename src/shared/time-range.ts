import { calendarOf } from './calendar';
import { m } from './i18n';
import type { Label } from './i18n/locale';
import {
  epochMsToWallTime,
  formatIsoInZone,
  formatOffset,
  formatWallTime,
  offsetMinutesAt,
  parseWallTimeText,
  wallTimeAsUtcMs,
  wallTimeInstants,
  wallTimeToEpochMs,
  type TimeZone,
  type WallTime,
} from './time-zone';

/**
 * Wall-clock text as typed in a period field: `YYYY-MM-DD HH:MM:SS` (seconds optional;
 * the `T` of ISO 8601, kept in older saved filters, is read too), with the offset after a
 * space where the wall time comes twice (`2026-11-01 01:30:00 -05:00`, see instantText).
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
  const text = (epochMs: number): LocalText => instantText(epochMs, zone);
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

/**
 * An instant (to the second) as a period field writes it: its wall time in the zone and,
 * only where that wall time comes twice (the hour a clock goes back), the offset that says
 * which of the two. Read back by localTextToIso, it is the same instant: a preset or an
 * Overview drill that ends in that hour keeps all of it.
 */
export function instantText(epochMs: number, zone: TimeZone): LocalText {
  const wall: WallTime = { ...epochMsToWallTime(epochMs, zone), millisecond: 0 };
  const text = formatWallTime(wall);
  return wallTimeInstants(wall, zone).length > 1 ? `${text} ${formatOffset(offsetMinutesAt(epochMs, zone))}` : text;
}

const OFFSET_AFTER = /\s+([+-])(\d{2}):(\d{2})$/;

/** A period field's text: its wall time, and the offset written after it (null: none written). */
function parseLocalText(text: LocalText): { wall: WallTime; offsetMinutes: number | null } | null {
  const trimmed = text.trim();
  const offset = OFFSET_AFTER.exec(trimmed);
  const wall = parseWallTimeText(offset ? trimmed.slice(0, offset.index) : trimmed);
  if (wall === null) return null;
  if (!offset) return { wall, offsetMinutes: null };
  const minutes = Number(offset[2]) * 60 + Number(offset[3]);
  return { wall, offsetMinutes: offset[1] === '-' ? -minutes : minutes };
}

/**
 * The instant a period field's text denotes in the zone: a written offset picks one of a
 * repeated hour's two instants (it must be one the zone has at that time), else the
 * earlier one, as Temporal's `compatible` does. Null when it is not a date-time of the zone.
 */
export function localTextToEpochMs(text: LocalText, zone: TimeZone): number | null {
  const parsed = parseLocalText(text);
  if (parsed === null) return null;
  if (parsed.offsetMinutes === null) return wallTimeToEpochMs(parsed.wall, zone);
  const instant = wallTimeAsUtcMs(parsed.wall) - parsed.offsetMinutes * 60_000;
  return offsetMinutesAt(instant, zone) === parsed.offsetMinutes ? instant : null;
}

/** The ISO 8601 text (with the zone's offset) the platform wants, or null when the input is not a date-time. */
export function localTextToIso(text: LocalText, zone: TimeZone): string | null {
  const instant = localTextToEpochMs(text, zone);
  return instant === null ? null : formatIsoInZone(instant, zone);
}

/** `YYYY-MM-DD HH:MM:SS` for the seat query's optional window. */
export function localTextToWallText(text: LocalText): string | null {
  const parsed = parseLocalText(text);
  return parsed ? formatWallTime(parsed.wall) : null;
}
