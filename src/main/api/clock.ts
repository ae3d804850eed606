/**
 * The client's view of the server clock. The platform refuses timestamps more than
 * 30 minutes off (status -16); the server's HTTP `Date` header tells by how much.
 */

export interface ClientClock {
  /** Local time in ms (Date.now unless a test supplies one). */
  nowMs(): number;
  /** Seconds to add to local time to match the server; 0 until a -16 is repaired. */
  offsetSeconds: number;
  /**
   * The platform's time less local time in ms, as the last answer's `Date` header showed it
   * (whole seconds, so never more than it was); null before any answer had one.
   */
  answeredOffsetMs: number | null;
}

/** Notes the platform's time an answer's `Date` header carries, if it has a readable one. */
export function noteAnswerTime(clock: ClientClock, dateHeader: string | null): void {
  const serverMs = dateHeaderMs(dateHeader);
  if (serverMs !== null) clock.answeredOffsetMs = serverMs - clock.nowMs();
}

/** A `Date` header is whole seconds and a moment old when read: a clock this close to it is right. */
const DATE_HEADER_PRECISION_MS = 2_000;

/**
 * The platform's time at a local instant, by the last answer's `Date` header; null before
 * any answer had one. The local instant itself when the two agree within the header's
 * precision; otherwise the header's time, which is never later than the platform's clock
 * was (it is rounded down to the second and was written before the answer travelled).
 */
export function platformTimeAt(clock: ClientClock, localMs: number): number | null {
  const offsetMs = clock.answeredOffsetMs;
  if (offsetMs === null) return null;
  return Math.abs(offsetMs) < DATE_HEADER_PRECISION_MS ? localMs : localMs + offsetMs;
}

export function signingTimestamp(clock: ClientClock): number {
  return Math.floor(clock.nowMs() / 1000) + clock.offsetSeconds;
}

/** Server time minus local time, in whole seconds, from an HTTP `Date` header; null when absent or unreadable. */
export function offsetFromDateHeader(dateHeader: string | null, localMs: number): number | null {
  const serverMs = dateHeaderMs(dateHeader);
  return serverMs === null ? null : Math.round((serverMs - localMs) / 1000);
}

/** The instant an HTTP `Date` header gives, in ms; null when absent or unreadable. */
function dateHeaderMs(dateHeader: string | null): number | null {
  const serverMs = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return Number.isNaN(serverMs) ? null : serverMs;
}
