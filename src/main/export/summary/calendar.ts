/**
 * Hours of the day and calendar days in a zone, for bucketing rows as they stream past:
 * a day is a whole number (days since 1970-01-01 on the zone's wall clock), so the
 * accumulators keep numbers, not strings, per row. (The Overview's calendar,
 * reports/calendar.ts, places quarter hours the database grouped instead; both read
 * midnight from `midnightMs`.)
 */
import { wallClock } from '../cells';
import type { TimeZone } from '../../../shared/time-zone';
import { midnightMs } from '../../reports/calendar';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface ZoneCalendar {
  /** The wall-clock day an instant falls on. */
  dayOf(epochMs: number): number;
  /** The wall-clock hour (0-23) an instant falls in. */
  hourOf(epochMs: number): number;
  /** When a day starts, as an instant (midnight on the zone's wall clock). */
  dayStartMs(day: number): number;
  /** 'YYYY-MM-DD'. */
  dayKey(day: number): string;
  /** Every day from the one `fromMs` falls on to the one just before `toMs`. */
  daysOf(fromMs: number, toMs: number): number[];
}

export function zoneCalendar(zone: TimeZone): ZoneCalendar {
  const toWall = wallClock(zone);
  const dayOf = (epochMs: number): number => Math.floor(toWall(epochMs) / DAY_MS);
  return {
    dayOf,
    hourOf: (epochMs) => {
      const wall = toWall(epochMs);
      return Math.floor((wall - Math.floor(wall / DAY_MS) * DAY_MS) / HOUR_MS);
    },
    dayStartMs: (day) => midnightMs(day * DAY_MS, zone),
    dayKey: (day) => new Date(day * DAY_MS).toISOString().slice(0, 10),
    daysOf: (fromMs, toMs) => {
      const first = dayOf(fromMs);
      const last = dayOf(Math.max(fromMs, toMs - 1));
      const days: number[] = [];
      for (let day = first; day <= last; day++) days.push(day);
      return days;
    },
  };
}
