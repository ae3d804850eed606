/**
 * "Only rows in this hour of the day" as one arithmetic test per row: the row's wall-clock
 * time is its instant plus the zone's offset then, and the offset is constant between the
 * zone's changes, so a window of ten years needs about twenty offsets, not one range per
 * day. The offsets and where they change come from the one calendar (shared/calendar.ts),
 * so the hour means what it means in the Overview's buckets.
 */
import { CALENDAR_MAX_DAYS, DAY_MS, HOUR_MS, calendarOf, type Window } from '../../shared/calendar';
import { formatIsoInZone, type TimeZone } from '../../shared/time-zone';
import { m } from '../../shared/i18n';
import { ArchiveQueryRefused } from './archive-query-refused';
import { joinSql, sql, type SqlQuery } from './sql-query';

/** From `fromMs` on (until the next piece) the zone's clock reads `offsetMs` ahead of UTC. */
export interface OffsetPiece {
  fromMs: number;
  offsetMs: number;
}

/**
 * The zone's offsets over a window `[fromMs, toMs)`, first piece from its start, as the one
 * calendar cuts it (`offsetPieces`: changes placed to the quarter hour). A window longer
 * than the calendar walks is refused, naming it.
 */
export function offsetPieces(window: Window, zone: TimeZone): OffsetPiece[] {
  checkHourWindow(window, zone);
  return calendarOf(zone)
    .offsetPieces(window)
    .map(({ fromMs, offsetMs }) => ({ fromMs, offsetMs }));
}

/** The condition that keeps the rows whose `_time` falls in local hour `hour` (0-23), within `window`. */
export function hourOfDaySql(window: Window, hour: number, zone: TimeZone): SqlQuery {
  const pieces = offsetPieces(window, zone);
  if (pieces.length === 0) return sql`FALSE`;
  const later = pieces.slice(1).reverse();
  // Latest change first: the first WHEN that holds gives the offset in force.
  const offset =
    later.length === 0
      ? sql`${pieces[0]?.offsetMs ?? 0}`
      : sql`CASE ${joinSql(
          later.map((piece) => sql`WHEN _time >= ${piece.fromMs} THEN ${piece.offsetMs}`),
          sql` `,
        )} ELSE ${pieces[0]?.offsetMs ?? 0} END`;
  const wall = sql`(_time + ${offset})`;
  return sql`(((${wall} % ${DAY_MS}) + ${DAY_MS}) % ${DAY_MS}) // ${HOUR_MS} = ${hour}`;
}

function checkHourWindow(window: Window, zone: TimeZone): void {
  const days = (window.toMs - window.fromMs) / DAY_MS;
  if (Number.isFinite(days) && days <= CALENDAR_MAX_DAYS && Math.abs(window.fromMs) <= 8.64e15 && Math.abs(window.toMs) <= 8.64e15) return;
  const text = (ms: number): string => (Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? formatIsoInZone(ms, zone).slice(0, 10) : String(ms));
  throw new ArchiveQueryRefused(
    'window',
    m.cli_archive_hour_window_too_long({
      max: String(CALENDAR_MAX_DAYS),
      from: text(window.fromMs),
      to: text(window.toMs - 1),
      days: String(Math.round(days)),
    }),
  );
}
