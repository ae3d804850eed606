/**
 * The Overview's time line in the profile's zone: the calendar days of a window, and
 * where a quarter hour (the unit the database groups rows by) falls: its hour of day and
 * its day. Quarter hours, because every zone's offset changes on one (whole-hour offsets
 * and `+05:45` alike), so a quarter hour never straddles two local hours or days.
 */
import { QUARTER_HOUR_MS } from '../archive/local-hours';
import { epochMsToWallTime, wallTimeToEpochMs, type TimeZone, type WallTime } from '../../shared/time-zone';

export { QUARTER_HOUR_MS };

/** [fromMs, toMs): the Overview's window. */
export interface Window {
  fromMs: number;
  toMs: number;
}

export interface CalendarDay {
  /** YYYY-MM-DD in the zone. */
  key: string;
  label: string;
  /** The part of the day inside the window: [fromMs, toMs). */
  fromMs: number;
  toMs: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export class Calendar {
  readonly days: readonly CalendarDay[];
  private readonly dayIndex: ReadonlyMap<string, number>;

  constructor(
    readonly window: Window,
    readonly zone: TimeZone,
  ) {
    this.days = daysOf(window, zone);
    this.dayIndex = new Map(this.days.map((day, index) => [day.key, index]));
  }

  /** The hour of day (0-23) and day index of the quarter hour starting at `startMs`; day -1 when outside the window's days. */
  placeQuarter(startMs: number): { hour: number; day: number } {
    const wall = epochMsToWallTime(startMs, this.zone);
    return { hour: wall.hour, day: this.dayIndex.get(dayKey(wall)) ?? -1 };
  }

  /** `2026-11-01 13:45` in the zone. */
  minuteLabel(epochMs: number): string {
    const wall = epochMsToWallTime(epochMs, this.zone);
    return `${dayKey(wall)} ${pad(wall.hour)}:${pad(wall.minute)}`;
  }
}

export function hourKey(hour: number): string {
  return pad(hour);
}

export function hourLabel(hour: number): string {
  return `${pad(hour)}:00–${pad((hour + 1) % 24)}:00`;
}

function daysOf(window: Window, zone: TimeZone): CalendarDay[] {
  const days: CalendarDay[] = [];
  if (window.toMs <= window.fromMs) return days;
  let wall = epochMsToWallTime(window.fromMs, zone);
  let start = window.fromMs;
  while (start < window.toMs) {
    const next = nextMidnight(wall, zone);
    days.push({ key: dayKey(wall), label: dayLabel(wall), fromMs: start, toMs: Math.min(next, window.toMs) });
    start = next;
    wall = epochMsToWallTime(next, zone);
  }
  return days;
}

/** The instant the next calendar day starts in the zone (a day can be 23 or 25 hours long). */
function nextMidnight(wall: WallTime, zone: TimeZone): number {
  return midnightMs(Date.UTC(wall.year, wall.month - 1, wall.day + 1), zone);
}

/** When the calendar day whose date is `dateMs` (its UTC midnight) starts on the zone's wall clock. */
export function midnightMs(dateMs: number, zone: TimeZone): number {
  const date = new Date(dateMs);
  return wallTimeToEpochMs(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0, second: 0, millisecond: 0 },
    zone,
  );
}

function dayKey(wall: WallTime): string {
  return `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}`;
}

function dayLabel(wall: WallTime): string {
  return `${WEEKDAYS[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()]} ${dayKey(wall)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
