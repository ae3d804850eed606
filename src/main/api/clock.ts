/**
 * The client's view of the server clock. The platform refuses timestamps more than
 * 30 minutes off (status -16); the server's HTTP `Date` header tells by how much.
 */
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
  if (hours > 0) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`);
  if (minutes > 0 || hours === 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  const direction = offsetSeconds > 0 ? 'behind' : 'ahead of';
  return (
    `Your computer's clock is off by ${parts.join(' ')} (${direction} the server). ` +
    'Switchboard corrects its requests for this; set the system clock right to fix it for good.'
  );
}
