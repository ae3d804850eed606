/**
 * The time formats the platform uses. The sandbox lives in +08:00, the zone of the
 * platform's own samples: ISO 8601 with that offset for voice records, and offset-less
 * `YYYY-MM-DD HH:MM:SS` wall-clock text in that zone elsewhere.
 */

import { PLATFORM_OFFSETLESS_ZONE } from '../../shared/platform';

export const SANDBOX_OFFSET_MINUTES = 8 * 60;
const OFFSET_TEXT = PLATFORM_OFFSETLESS_ZONE;
const MINUTE_MS = 60_000;
export const SECOND_MS = 1000;
export const DAY_SECONDS = 24 * 60 * 60;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function wallClockParts(ms: number): Date {
  return new Date(ms + SANDBOX_OFFSET_MINUTES * MINUTE_MS);
}

/** `YYYY-MM-DD` in the sandbox zone. */
export function formatDate(ms: number): string {
  const d = wallClockParts(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS` in the sandbox zone. */
export function formatLocalDateTime(ms: number): string {
  const d = wallClockParts(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DDTHH:MM:SS+08:00`. */
export function formatIsoWithOffset(ms: number): string {
  return `${formatLocalDateTime(ms).replace(' ', 'T')}${OFFSET_TEXT}`;
}

const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{2}):?(\d{2}))$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Epoch ms from wall-clock fields, or null when a field is out of range (e.g. 02-30). */
function fromFields(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | null {
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return ms;
}

/** ISO 8601 with an explicit offset (or Z); null for anything else, including a missing offset. */
export function parseIsoWithOffset(text: string): number | null {
  const match = ISO_WITH_OFFSET.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, zone, sign, offH, offM] = match;
  const wall = fromFields(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  if (wall === null) return null;
  const fractionMs = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  if (zone === 'Z') return wall + fractionMs;
  if (Number(offH) > 23 || Number(offM) > 59) return null;
  const offsetMinutes = (Number(offH) * 60 + Number(offM)) * (sign === '-' ? -1 : 1);
  return wall + fractionMs - offsetMinutes * MINUTE_MS;
}

/** `YYYY-MM-DD HH:MM:SS` read in the sandbox zone; null when malformed. */
export function parseLocalDateTime(text: string): number | null {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall = fromFields(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  return wall === null ? null : wall - SANDBOX_OFFSET_MINUTES * MINUTE_MS;
}
