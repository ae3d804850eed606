/**
 * Peak concurrent calls per interval, minute by minute: a call is up from its callTime (or
 * answerTime when it has none) until its hangupTime, and counts in every minute it is up
 * for any part of; an interval's peak is its busiest minute (the per-minute reading
 * carrier consoles chart). Minutes, not instants, because the count then comes from two
 * counts per minute (calls starting, calls in their last minute) and a running sum over
 * the window's minutes: no sort of every start and end, which would cost seconds at a
 * million calls. A minute with neither holds the level it was left at.
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { VoiceOverview } from '../../shared/reports/overview';
import type { Window, ZoneCalendar } from '../../shared/calendar';
import { sql } from '../archive/sql-query';
import { numberOf, tableSql } from './sql';

/** Interval lengths offered, in minutes; the shortest giving at most MAX_POINTS is used. */
const INTERVAL_MINUTES = [1, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440, 2880, 10080];
export const MAX_POINTS = 200;
/** Calls submitted this long before the window are looked at for calls still up when it opens. */
const LONGEST_CALL_MS = 86_400_000;

export function intervalMinutesFor(windowMs: number): number {
  return INTERVAL_MINUTES.find((minutes) => Math.ceil(windowMs / (minutes * 60_000)) <= MAX_POINTS) ?? INTERVAL_MINUTES.at(-1) ?? 1440;
}

export async function voiceConcurrency(store: ArchiveStore, window: Window, calendar: ZoneCalendar): Promise<VoiceOverview['concurrency']> {
  const { fromMs, toMs } = window;
  const intervalMinutes = intervalMinutesFor(toMs - fromMs);
  const intervalMs = intervalMinutes * 60_000;
  const count = Math.max(0, Math.ceil((toMs - fromMs) / intervalMs));
  const voice = tableSql('voiceRecords');
  const start = sql`coalesce(${voice.numeric('callTime')}, ${voice.numeric('answerTime')})`;
  const end = voice.numeric('hangupTime');
  // Minutes are counted from the window's start, so intervals are whole minutes of them.
  const [from, to, lookFrom] = [fromMs, toMs, fromMs - LONGEST_CALL_MS];
  const rows = await store.read(
    [voice.layout],
    sql`WITH up AS (
       SELECT (greatest(${start}, ${from}) - ${from}) // 60000 AS first_minute,
              (least(${end}, ${to}) - 1 - ${from}) // 60000 AS last_minute
       FROM ${voice.name}
       WHERE _time >= ${lookFrom} AND _time < ${to} AND ${start} < ${to} AND ${end} > ${from} AND ${end} > ${start}),
     edges AS (
       SELECT first_minute AS minute, 1 AS starting, 0 AS ending FROM up
       UNION ALL SELECT last_minute, 0, 1 FROM up),
     minutes AS (SELECT minute, sum(starting) AS starting, sum(ending) AS ending FROM edges GROUP BY minute),
     levels AS (
       SELECT minute, sum(starting - ending) OVER running + ending AS up_in_minute, sum(starting - ending) OVER running AS after
       FROM minutes WINDOW running AS (ORDER BY minute ROWS UNBOUNDED PRECEDING))
     SELECT minute // ${intervalMinutes} AS slot, max(up_in_minute), arg_max(after, minute) FROM levels GROUP BY slot`,
  );
  const slots = new Map(rows.map((row) => [numberOf(row[0]), { peak: numberOf(row[1]), closing: numberOf(row[2]) }]));
  const points: VoiceOverview['concurrency']['points'] = [];
  let level = 0;
  for (let slot = 0; slot < count; slot++) {
    const startMs = fromMs + slot * intervalMs;
    const seen = slots.get(slot);
    points.push({ startMs, label: calendar.minuteLabel(startMs), peak: Math.max(level, seen?.peak ?? 0) });
    if (seen) level = seen.closing;
  }
  return { intervalMinutes, peak: points.reduce((most, point) => Math.max(most, point.peak), 0), points };
}
