/**
 * The client's view of the server clock. The platform refuses timestamps more than
 * 30 minutes off (status -16); the server's HTTP `Date` header tells by how much.
 */
import { m } from '../../shared/i18n';

export interface ClientClock {
  /** Local time in ms (Date.now unless a test supplies one). */
  nowMs(): number;
  /** Seconds to add to local time to match the server; 0 until a -16 is repaired. */
  offsetSeconds: number;
}

export function signingTimestamp(clock: ClientClock): number {
  return Math.floor(clock.nowMs() / 1000) + clock.offsetSeconds;
}

/** Server time minus local time, in whole seconds, from an HTTP `Date` header; null when absent or unreadable. */
export function offsetFromDateHeader(dateHeader: string | null, localMs: number): number | null {
  if (!dateHeader) return null;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return null;
  return Math.round((serverMs - localMs) / 1000);
}

/** The notice shown when the clock is corrected, e.g. "Your computer's clock is off by 45 minutes (behind the server). …" */
export function clockOffsetNotice(offsetSeconds: number): string {
  const totalMinutes = Math.round(Math.abs(offsetSeconds) / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(m.errors_clock_hours({ count: hours }));
  if (minutes > 0 || hours === 0) parts.push(m.errors_clock_minutes({ count: minutes }));
  // A positive offset: the server is ahead, so this computer is behind it.
  const notice = offsetSeconds > 0 ? m.errors_clock_behind : m.errors_clock_ahead;
  return notice({ amount: parts.join(' ') });
}
