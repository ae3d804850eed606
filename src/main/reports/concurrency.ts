/**
 * Peak concurrent calls per interval. A call is up from its callTime (or answerTime when
 * it has none) until its hangupTime, [start, end). The database walks every start and
 * end in time order once (a running sum over one sorted key: ends sort before starts at
 * the same millisecond, so a call hung up as another begins does not overlap it) and
 * keeps each interval's highest level and its level at the close; an interval with no
 * start or end in it holds the level it was left at. A call ending exactly as an interval
 * opens is counted in the interval before, so it is not up in the one it did not reach.
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { VoiceOverview } from '../../shared/reports/overview';
import type { Calendar } from './calendar';
import { numberOf, tableSql } from './sql';

/** Interval lengths offered, in minutes; the shortest giving at most MAX_POINTS is used. */
const INTERVAL_MINUTES = [1, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440, 2880, 10080];
export const MAX_POINTS = 200;
/** Calls submitted this long before the window are looked at for calls still up when it opens. */
const LONGEST_CALL_MS = 86_400_000;

export function intervalMinutesFor(windowMs: number): number {
  return INTERVAL_MINUTES.find((minutes) => Math.ceil(windowMs / (minutes * 60_000)) <= MAX_POINTS) ?? INTERVAL_MINUTES.at(-1) ?? 1440;
}

export async function voiceConcurrency(store: ArchiveStore, calendar: Calendar): Promise<VoiceOverview['concurrency']> {
  const { fromMs, toMs } = calendar.window;
  const intervalMinutes = intervalMinutesFor(toMs - fromMs);
  const intervalMs = intervalMinutes * 60_000;
  const count = Math.max(0, Math.ceil((toMs - fromMs) / intervalMs));
  const voice = tableSql('voiceRecords');
  const start = `coalesce(${voice.numeric('callTime')}, ${voice.numeric('answerTime')})`;
  const end = voice.numeric('hangupTime');
  const rows = await store.read(
    [voice.layout],
    `WITH up AS (
       SELECT greatest(${start}, $from) AS s, ${end} AS e FROM ${voice.name}
       WHERE _time >= $lookFrom AND _time < $to AND ${start} < $to AND ${end} > $from AND ${end} > ${start}),
     events AS (SELECT s * 2 + 1 AS k FROM up UNION ALL SELECT e * 2 FROM up WHERE e < $to),
     levels AS (SELECT k, sum(k % 2 * 2 - 1) OVER (ORDER BY k ROWS UNBOUNDED PRECEDING) AS level FROM events)
     SELECT (k // 2 - (1 - k % 2) - $from) // $interval AS slot, max(level), arg_max(level, k) FROM levels GROUP BY slot`,
    {
      from: BigInt(fromMs),
      to: BigInt(toMs),
      lookFrom: BigInt(fromMs - LONGEST_CALL_MS),
      interval: BigInt(intervalMs),
    },
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
