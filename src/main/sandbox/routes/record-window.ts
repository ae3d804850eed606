import { daysToMs, earliestQueryableTime, LIMITS } from '../../../shared/platform';
import { PlatformError, parameterError } from '../errors';
import { requiredIsoTime, type Fields } from './params';

export interface RecordWindow {
  fromMs: number;
  toMs: number;
}

/**
 * strTime/endTime of the record queries: ISO 8601 with offset (else -22); at most 31 days
 * apart and not starting before the queryable history (else -25).
 */
export function parseRecordWindow(params: Fields, serverNowMs: number): RecordWindow {
  const fromMs = requiredIsoTime(params, 'strTime');
  const toMs = requiredIsoTime(params, 'endTime');
  if (toMs < fromMs) throw parameterError('endTime is before strTime');
  if (toMs - fromMs > daysToMs(LIMITS.recordWindowMaxDays)) {
    throw new PlatformError(
      -25,
      `time range exceeded: strTime to endTime is at most ${LIMITS.recordWindowMaxDays} days`,
    );
  }
  const earliest = earliestQueryableTime(new Date(serverNowMs));
  if (fromMs < earliest.getTime()) {
    throw new PlatformError(
      -25,
      `time range exceeded: only the last ${LIMITS.historyMonths} months are queryable (from ${earliest.toISOString()})`,
    );
  }
  return { fromMs, toMs };
}
