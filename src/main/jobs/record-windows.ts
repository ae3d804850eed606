/**
 * The voice and number record queries take at most 31 days per request. A longer
 * period (still within the two-month history) is split into consecutive windows of
 * at most 31 days; neighbours share their boundary instant so nothing falls between
 * them (the fetch engine drops the rows a shared instant repeats).
 */
import { daysToMs, LIMITS } from '../../shared/platform';
import type { RecordWindowParams } from '../../shared/requests';
import { formatIsoInZone, parseIsoInstant, parseTimeZone } from '../../shared/time-zone';

/** Longest period fetch-all accepts for record queries: two months of history plus today. */
export const FETCH_ALL_MAX_DAYS = 93;

export function splitRecordWindow(
  params: RecordWindowParams,
  maxDays: number = LIMITS.recordWindowMaxDays,
): RecordWindowParams[] {
  const startMs = parseIsoInstant(params.strTime);
  const endMs = parseIsoInstant(params.endTime);
  if (startMs === null || endMs === null || endMs - startMs <= daysToMs(maxDays)) return [params];
  const zone = parseTimeZone(offsetOf(params.strTime)) ?? parseTimeZone('Z');
  if (zone === null) return [params];
  const windows: RecordWindowParams[] = [];
  let from = params.strTime;
  let fromMs = startMs;
  while (endMs - fromMs > daysToMs(maxDays)) {
    const boundaryMs = fromMs + daysToMs(maxDays);
    // Whole seconds (the platform's precision); rounding down keeps the window within the limit.
    const boundary = formatIsoInZone(Math.floor(boundaryMs / 1000) * 1000, zone);
    windows.push({ ...params, strTime: from, endTime: boundary });
    from = boundary;
    fromMs = Math.floor(boundaryMs / 1000) * 1000;
  }
  windows.push({ ...params, strTime: from, endTime: params.endTime });
  return windows;
}

function offsetOf(isoText: string): string {
  const match = /(Z|[+-]\d{2}(?::?\d{2})?)$/i.exec(isoText.trim());
  if (!match) return 'Z';
  const text = match[1].toUpperCase();
  if (text === 'Z') return 'Z';
  return text.length === 3 ? `${text}:00` : text;
}
