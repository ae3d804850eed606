import { daysToMs, earliestQueryableTime, LIMITS } from '../platform';
import { formatIsoInZone, parseIsoInstant, parseTimeZone } from '../time-zone';
import type { FieldErrors } from './fields';

export interface RecordWindowRules {
  /** Longest allowed span in days (31 for one request; longer when fetch-all splits it). */
  maxDays: number;
  now: Date;
  /** Refuse a start before the two-month history limit (voice records; number records leave it to the platform's -25). */
  historyLimited: boolean;
}

export interface RecordWindow {
  startMs: number;
  endMs: number;
}

const ISO_HINT = 'use ISO 8601 with an offset, e.g. 2026-11-01T00:00:00+08:00';

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
  const startMs = readIso(strTime, `${prefix}strTime`, 'start', fields);
  const endMs = readIso(endTime, `${prefix}endTime`, 'end', fields);
  if (startMs === null || endMs === null) return null;
  let valid = true;
  if (startMs >= endMs) {
    fields[`${prefix}endTime`] = 'The end must be after the start.';
    valid = false;
  } else if (endMs - startMs > daysToMs(rules.maxDays)) {
    fields[`${prefix}endTime`] =
      `The period may be at most ${rules.maxDays} days: move the end closer to the start.`;
    valid = false;
  }
  const earliest = earliestQueryableTime(rules.now);
  if (rules.historyLimited && startMs < earliest.getTime()) {
    fields[`${prefix}strTime`] =
      `Only the last ${LIMITS.historyMonths} months can be queried: start at ${minuteInZoneOf(earliest.getTime(), strTime)} or later.`;
    valid = false;
  }
  return valid ? { startMs, endMs } : null;
}

const WRITTEN_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An instant as the user would type it: in the offset their own start time was written
 * with (the app writes the profile's zone), to the minute, rounded up so it is allowed.
 */
function minuteInZoneOf(epochMs: number, written: unknown): string {
  const offset = typeof written === 'string' ? WRITTEN_OFFSET.exec(written.trim())?.[1] : undefined;
  const zone = parseTimeZone(offset === undefined || offset.toUpperCase() === 'Z' ? 'UTC' : offset) ?? parseTimeZone('UTC');
  const minute = Math.ceil(epochMs / 60_000) * 60_000;
  if (zone === null) return new Date(minute).toISOString().slice(0, 16);
  const iso = formatIsoInZone(minute, zone);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} (${zone.name})`;
}

function readIso(value: unknown, path: string, label: string, fields: FieldErrors): number | null {
  if (typeof value !== 'string' || value.trim() === '') {
    fields[path] = `Enter the ${label} time (${ISO_HINT}).`;
    return null;
  }
  const instant = parseIsoInstant(value);
  if (instant === null) {
    fields[path] = `"${value.slice(0, 40)}" is not a valid time with offset: ${ISO_HINT}.`;
    return null;
  }
  return instant;
}
