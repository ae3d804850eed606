/**
 * The one calendar of a time zone: where local days, hours and quarter hours begin, their
 * keys and labels, and half-open windows `[fromMs, toMs)`. Queries, buckets, coverage,
 * drill-downs and file labels all read it, so a day or an hour means the same everywhere.
 *
 * Quarter hours are the unit everything steps by: every zone's offset changes on one
 * (whole-hour offsets and `+05:45` alike), so a quarter hour never straddles two local
 * hours or days, and one offset lookup serves all of it.
 */
import { intlLocale, m } from './i18n';
import { DAY_MS, epochMsToWallTime, formatInstant, offsetMinutesAt, QUARTER_HOUR_MS, utcFields, wallTimeAsUtcMs, wallTimeToEpochMs, type TimeZone } from './time-zone';

export { DAY_MS, QUARTER_HOUR_MS };
export const HOUR_MS = 3_600_000;

/** `[fromMs, toMs)`: every window in the app includes its start and excludes its end. */
export interface Window {
  fromMs: number;
  toMs: number;
}

export interface CalendarDay {
  /** Days since 1970-01-01 on the zone's wall clock. */
  day: number;
  /** YYYY-MM-DD in the zone. */
  key: string;
  /** `Mon 2026-11-02` (`周一 2026-11-02`): the weekday in the language of the moment. */
  label: string;
  /** The part of the day inside the window: [fromMs, toMs). */
  fromMs: number;
  toMs: number;
}

/** Weekday formats by Intl locale: days are labelled by the thousand. */
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** A weekday's short name in the language of the moment ('Mon', '周一'); `day` counts days since 1970-01-01. */
export function weekdayName(day: number): string {
  const locale = intlLocale();
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  return format.format(new Date(day * DAY_MS));
}
/** A part of a window over which the zone's clock reads `offsetMs` ahead of UTC: `[fromMs, toMs)`. */
export interface OffsetPiece {
  fromMs: number;
  toMs: number;
  offsetMs: number;
}

/**
 * How far apart the offset is read when a window is cut where it changes; between two
 * readings that differ, the quarter hour it changed on is found. No zone changes its offset
 * twice within six hours.
 */
const OFFSET_READ_EVERY_MS = 6 * 3_600_000;

/**
 * The last whole second a half-open window `[fromMs, toMs)` takes in: its end as the screens,
 * the period fields, the About and Summary sheets and the Overview's workbook state it (the
 * platform's endTime), never the excluded end itself.
 */
export function lastSecondIn(window: Window): number {
  return Math.max(window.fromMs, Math.ceil(window.toMs / 1000) * 1000 - 1000);
}

/** The most days one calendar walk may cover: ten years, beyond any archive's span. */
export const CALENDAR_MAX_DAYS = 3660;

export class ZoneCalendar {
  /** Offsets (ms) by quarter hour: rows are bucketed by the million and Intl is slow. */
  private readonly offsets = new Map<number, number>();

  constructor(readonly zone: TimeZone) {}

  /** The zone's wall-clock reading at an instant, as ms since 1970-01-01 00:00 on that clock. */
  wallMs(epochMs: number): number {
    if (this.zone.kind === 'fixed') return epochMs + this.zone.offsetMinutes * 60_000;
    const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
    let offsetMs = this.offsets.get(quarter);
    if (offsetMs === undefined) {
      if (this.offsets.size >= 10_000) this.offsets.clear();
      offsetMs = offsetMinutesAt(quarter * QUARTER_HOUR_MS, this.zone) * 60_000;
      this.offsets.set(quarter, offsetMs);
    }
    return epochMs + offsetMs;
  }

  /** The local day an instant falls on (days since 1970-01-01 on the zone's wall clock). */
  dayOf(epochMs: number): number {
    return Math.floor(this.wallMs(epochMs) / DAY_MS);
  }

  /** The local hour (0-23) an instant falls in. */
  hourOf(epochMs: number): number {
    const wall = this.wallMs(epochMs);
    return Math.floor((wall - Math.floor(wall / DAY_MS) * DAY_MS) / HOUR_MS);
  }

  /** When a local day starts (its midnight; a day can be 23 or 25 hours long). */
  dayStartMs(day: number): number {
    return wallTimeToEpochMs(utcFields(day * DAY_MS), this.zone);
  }

  /** 'YYYY-MM-DD'. */
  dayKey(day: number): string {
    return calendarKey(day);
  }

  /** The instant the zone's clock reads `hour:minute` on a local day (a time skipped by a DST change: the next valid one). */
  clockTimeOn(day: number, hour: number, minute: number): number {
    return wallTimeToEpochMs({ ...utcFields(day * DAY_MS), hour, minute }, this.zone);
  }

  /** 'Mon 2026-11-02' ('周一 2026-11-02'). */
  dayLabel(day: number): string {
    return `${weekdayName(day)} ${this.dayKey(day)}`;
  }

  /** The local days a window touches, each clipped to the window; empty for an empty window. */
  days(window: Window): CalendarDay[] {
    checkSpan(window);
    const days: CalendarDay[] = [];
    if (window.toMs <= window.fromMs) return days;
    for (let day = this.dayOf(window.fromMs); ; day++) {
      const fromMs = Math.max(window.fromMs, this.dayStartMs(day));
      if (fromMs >= window.toMs) break;
      const toMs = Math.min(window.toMs, this.dayStartMs(day + 1));
      days.push({ day, key: this.dayKey(day), label: this.dayLabel(day), fromMs, toMs });
    }
    return days;
  }

  /**
   * The same wall-clock time `days` local days later (negative: earlier), whatever the
   * clocks did in between: yesterday at this time is `shiftDays(now, -1)`.
   */
  shiftDays(epochMs: number, days: number): number {
    // A day's start is that day's midnight, also where the clocks skip midnight (it reads 01:00 then).
    const day = this.dayOf(epochMs);
    if (epochMs === this.dayStartMs(day)) return this.dayStartMs(day + days);
    const wall = epochMsToWallTime(epochMs, this.zone);
    return wallTimeToEpochMs({ ...wall, day: wall.day + days }, this.zone);
  }

  /**
   * What the local clock reads at an instant (ms since 1970-01-01 00:00 on it), a day's start
   * read as its midnight: where the clocks go forward at midnight (Beirut, Havana, Santiago)
   * the day starts at 01:00, and a period of whole days is still whole days on this reading.
   */
  private clockMs(epochMs: number): number {
    const day = this.dayOf(epochMs);
    return epochMs === this.dayStartMs(day) ? day * DAY_MS : this.wallMs(epochMs);
  }

  /**
   * How long a window is on the local clock: N whole local days are N × 24 hours whether they
   * had 23, 24 or 25 (the Overview's longest window and the previous period are measured so).
   */
  clockLengthMs(window: Window): number {
    return this.clockMs(window.toMs) - this.clockMs(window.fromMs);
  }

  /**
   * The period just before a window and as long on the local clock: the N local days before
   * N local days (one of them may have 23 or 25 hours), 06:00-10:00 before 10:00-14:00. Where
   * the clock does not move forward across the window (inside a repeated hour), as many hours.
   */
  previousWindow(window: Window): Window {
    const fromWall = this.clockMs(window.fromMs);
    const clockLength = this.clockLengthMs(window);
    const length = clockLength > 0 ? clockLength : window.toMs - window.fromMs;
    const fromMs = wallTimeToEpochMs(utcFields(fromWall - length), this.zone);
    // A start in a skipped hour moves forward by the gap; past the window's start, count real hours.
    return { fromMs: fromMs < window.fromMs ? fromMs : window.fromMs - (window.toMs - window.fromMs), toMs: window.fromMs };
  }

  /**
   * A window cut where the zone's offset changes, first piece from its start: a local hour or
   * a shown time worked out in SQL is the instant plus the piece's offset, so it is the hour
   * `hourOf` gives. Read every six hours and bisected to the quarter hour, so a change at
   * local midnight (Beirut, Havana, Santiago) is found like any other. Empty for an empty window.
   */
  offsetPieces(window: Window): OffsetPiece[] {
    if (window.toMs <= window.fromMs) return [];
    const offsetAt = (epochMs: number): number => this.wallMs(epochMs) - epochMs;
    const pieces: OffsetPiece[] = [{ fromMs: window.fromMs, toMs: window.toMs, offsetMs: offsetAt(window.fromMs) }];
    if (this.zone.kind === 'fixed') return pieces;
    const lastQuarter = Math.ceil(window.toMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS - QUARTER_HOUR_MS;
    for (let at = Math.floor(window.fromMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS; at < window.toMs; at += OFFSET_READ_EVERY_MS) {
      const next = Math.min(at + OFFSET_READ_EVERY_MS, lastQuarter);
      const piece = pieces[pieces.length - 1] as OffsetPiece;
      const offsetMs = offsetAt(next);
      if (offsetMs === piece.offsetMs) continue;
      // The first quarter hour after `at` with the new offset.
      let low = at;
      let high = next;
      while (high - low > QUARTER_HOUR_MS) {
        const middle = low + Math.floor((high - low) / QUARTER_HOUR_MS / 2) * QUARTER_HOUR_MS;
        if (offsetAt(middle) === piece.offsetMs) low = middle;
        else high = middle;
      }
      piece.toMs = high;
      pieces.push({ fromMs: high, toMs: window.toMs, offsetMs });
    }
    return pieces;
  }

  /** `2026-11-01 13:45` in the zone. */
  minuteLabel(epochMs: number): string {
    return formatInstant(epochMs, this.zone, 'minute');
  }
}

/** '00'..'23'. */
export function hourKey(hour: number): string {
  return pad(hour);
}

/** '09:00–10:00'. */
export function hourLabel(hour: number): string {
  return `${pad(hour)}:00–${pad((hour + 1) % 24)}:00`;
}

/**
 * A day's label from its key, in the language of the moment: 'YYYY-MM-DD' → 'Mon 2026-11-02'
 * ('周一 2026-11-02'). A screen labels days it was sent again when the language changes.
 */
export function dayLabelOfKey(key: string): string {
  const day = dayOfKey(key);
  return day === null ? key : `${weekdayName(day)} ${key}`;
}

/**
 * The day a 'YYYY-MM-DD' key names (days since 1970-01-01, as ZoneCalendar.dayKey writes them); null for text
 * that is not one, or not a real date ('2026-13-01', '2026-02-30').
 */
export function dayOfKey(key: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const day = Math.floor(wallTimeAsUtcMs({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), hour: 0, minute: 0, second: 0, millisecond: 0 }) / DAY_MS);
  return Number.isFinite(day) && calendarKey(day) === key ? day : null;
}

/** Calendars by zone name: each keeps its offset cache. */
const calendars = new Map<string, ZoneCalendar>();

export function calendarOf(zone: TimeZone): ZoneCalendar {
  let calendar = calendars.get(zone.name);
  if (!calendar) {
    if (calendars.size >= 64) calendars.clear();
    calendar = new ZoneCalendar(zone);
    calendars.set(zone.name, calendar);
  }
  return calendar;
}

/** A window a calendar can walk: finite instants, at most CALENDAR_MAX_DAYS long. */
export function checkSpan(window: Window): void {
  if (!Number.isFinite(window.fromMs) || !Number.isFinite(window.toMs) || Math.abs(window.fromMs) > 8.64e15 || Math.abs(window.toMs) > 8.64e15) {
    throw new RangeError(m.overview_window_not_real_dates());
  }
  if (window.toMs - window.fromMs > CALENDAR_MAX_DAYS * DAY_MS) {
    throw new RangeError(m.overview_window_too_long({ days: String(CALENDAR_MAX_DAYS) }));
  }
}

/** 'YYYY-MM-DD' of a day number: the same in every zone (a day number is already on the zone's clock). */
function calendarKey(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
