/**
 * The voice and number record queries take at most 31 days per request. A longer
 * period (still within the two-month history) is split into consecutive windows of
 * at most 31 days; neighbours share their boundary instant so nothing falls between
 * them (the fetch engine drops the rows a shared instant repeats).
 */
import { daysToMs, LIMITS } from '../platform';
import type { RecordWindowParams } from '../requests';
import { formatIsoInZone, parseIsoInstant, parseTimeZone } from '../time-zone';

/** Longest period fetch-all accepts for record queries: two months of history plus today. */
export const FETCH_ALL_MAX_DAYS = 93;

function windowOf(params: object): RecordWindowParams | null {
  if (!('strTime' in params) || !('endTime' in params)) return null;
  const { strTime, endTime } = params;
  return typeof strTime === 'string' && typeof endTime === 'string' ? { strTime, endTime } : null;
}

/** The params once per window; params without a record window come back as they are. */
export function splitRecordWindow<P extends object>(params: P, maxDays: number = LIMITS.recordWindowMaxDays): P[] {
  const period = windowOf(params);
  if (period === null) return [params];
  const startMs = parseIsoInstant(period.strTime);
  const endMs = parseIsoInstant(period.endTime);
  if (startMs === null || endMs === null || endMs - startMs <= daysToMs(maxDays)) return [params];
  const zone = parseTimeZone(offsetOf(period.strTime)) ?? parseTimeZone('Z');
  if (zone === null) return [params];
  const windows: P[] = [];
  let from = period.strTime;
  let fromMs = startMs;
  while (endMs - fromMs > daysToMs(maxDays)) {
    const boundaryMs = fromMs + daysToMs(maxDays);
    // Whole seconds (the platform's precision); rounding down keeps the window within the limit.
    const boundary = formatIsoInZone(Math.floor(boundaryMs / 1000) * 1000, zone);
    windows.push({ ...params, strTime: from, endTime: boundary });
    from = boundary;
    fromMs = Math.floor(boundaryMs / 1000) * 1000;
  }
  windows.push({ ...params, strTime: from, endTime: period.endTime });
  return windows;
}

function offsetOf(isoText: string): string {
  const match = /(Z|[+-]\d{2}(?::?\d{2})?)$/i.exec(isoText.trim());
  if (!match) return 'Z';
  const text = match[1].toUpperCase();
  if (text === 'Z') return 'Z';
  return text.length === 3 ? `${text}:00` : text;
}
