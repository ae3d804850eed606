import { m } from '../i18n';
import { daysToMs, earliestQueryableTime, LIMITS } from '../platform';
import { formatInstant, parseIsoInstant, parseTimeZone, type TimeZone } from '../time-zone';
import type { Label } from '../i18n/locale';
import type { FieldErrors } from './fields';

export interface RecordWindowRules {
  /** Longest allowed span in days (31 for one request; longer when fetch-all splits it). */
  maxDays: number;
  now: Date;
  /** Refuse a start before the two-month history limit (voice records; number records leave it to the platform's -25). */
  historyLimited: boolean;
  /**
   * The zone the earliest allowed start is told in: the profile's, when the start was not
   * typed by the user (a sync writes its ranges in UTC). Default: the start's own offset.
   */
  zone?: TimeZone;
}

export interface RecordWindow {
  startMs: number;
  endMs: number;
}

/**
 * strTime/endTime of the voice and number record queries: both required ISO 8601
 * with offset, start before end, span within `maxDays`, and (when the rule says so)
 * start not before the two-month history limit. Returns the instants when valid.
 */
export function checkRecordWindow(
  strTime: unknown,
  endTime: unknown,
  rules: RecordWindowRules,
  fields: FieldErrors,
  prefix = 'params.',
): RecordWindow | null {
  const startMs = readIso(strTime, `${prefix}strTime`, m.errors_enter_start_time, fields);
  const endMs = readIso(endTime, `${prefix}endTime`, m.errors_enter_end_time, fields);
  if (startMs === null || endMs === null) return null;
  let valid = true;
  if (startMs >= endMs) {
    fields[`${prefix}endTime`] = m.errors_end_after_start();
    valid = false;
  } else if (endMs - startMs > daysToMs(rules.maxDays)) {
    fields[`${prefix}endTime`] = m.errors_period_max({ days: rules.maxDays });
    valid = false;
  }
  const earliest = earliestQueryableTime(rules.now);
  if (rules.historyLimited && startMs < earliest.getTime()) {
    fields[`${prefix}strTime`] = m.errors_history_limit({
      months: LIMITS.historyMonths,
      earliest: minuteInZoneOf(earliest.getTime(), rules.zone ?? writtenZone(strTime)),
    });
    valid = false;
  }
  return valid ? { startMs, endMs } : null;
}

const WRITTEN_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The offset a start time was written with (the app writes the profile's zone); UTC for `Z` or none. */
function writtenZone(written: unknown): TimeZone | null {
  const offset = typeof written === 'string' ? WRITTEN_OFFSET.exec(written.trim())?.[1] : undefined;
  return parseTimeZone(offset === undefined || offset.toUpperCase() === 'Z' ? 'UTC' : offset) ?? parseTimeZone('UTC');
}

/** An instant as the user would type it, in `zone`, to the minute, rounded up so it is allowed. */
function minuteInZoneOf(epochMs: number, zone: TimeZone | null): string {
  const minute = Math.ceil(epochMs / 60_000) * 60_000;
  if (zone === null) return m.errors_history_limit_earliest({ time: new Date(minute).toISOString().slice(0, 16), zone: 'UTC' });
  return m.errors_history_limit_earliest({ time: formatInstant(minute, zone, 'minute'), zone: zone.name });
}

/** `missing`: the message asking for this time (the start's or the end's). */
function readIso(value: unknown, path: string, missing: Label, fields: FieldErrors): number | null {
  if (typeof value !== 'string' || value.trim() === '') {
    fields[path] = missing();
    return null;
  }
  const instant = parseIsoInstant(value);
  if (instant === null) {
    fields[path] = m.errors_not_valid_time({ value: value.slice(0, 40) });
    return null;
  }
  return instant;
}
