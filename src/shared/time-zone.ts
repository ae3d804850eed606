/**
 * Time zones without a dependency: an IANA name (`Asia/Shanghai`) or a fixed offset
 * (`+08:00`), wall time in that zone to epoch milliseconds and back, and parsers for
 * the two timestamp texts the platform uses. Only `Intl`, so the renderer can use it.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export type TimeZone =
  | { kind: 'fixed'; name: string; offsetMinutes: number }
  | { kind: 'iana'; name: string; format: Intl.DateTimeFormat };

/** The offsets in use: from -12:00 (Baker Island) to +14:00 (the Line Islands). */
export const MIN_OFFSET_MINUTES = -12 * 60;
export const MAX_OFFSET_MINUTES = 14 * 60;

/** An offset as people write it, after an optional UTC or GMT: `+08:00`, `+0800`, `+08`, `+8`, `+5:30`. */
const FIXED_OFFSET = /^(?:UTC|GMT)?([+-])(?:(\d{1,2})(?::(\d{2}))?|(\d{2})(\d{2}))$/i;
/** Text that means an offset, whether or not it is written in a way FIXED_OFFSET reads. */
const OFFSET_LIKE = /^(?:(?:UTC|GMT)\s*)?[+-]/i;
const zoneCache = new Map<string, TimeZone>();

/**
 * Why a text is not a zone: nothing typed, an offset whose minutes pass 59, one beyond the
 * offsets in use, an offset written in a way not read, or no zone name known.
 */
export type ZoneRefusal = 'empty' | 'minutes' | 'beyond-max' | 'beyond-min' | 'offset-form' | 'unknown';

/** Reads a zone the user typed; null when it is neither a known IANA name nor an offset from -12:00 to +14:00. */
export function parseTimeZone(input: string): TimeZone | null {
  const text = input.trim();
  const cached = zoneCache.get(text);
  if (cached) return cached;
  const zone = readZone(text);
  if (zone) zoneCache.set(text, zone);
  return zone;
}

/**
 * The zone a profile's times are shown and written in (screens, notices, the files made for
 * it): its time zone, or UTC while what it holds is no zone (Accounts says so).
 */
export function shownZoneOf(timeZone: string | undefined): TimeZone {
  return parseTimeZone(timeZone ?? 'UTC') ?? (parseTimeZone('UTC') as TimeZone);
}

/** Why `input` is not a zone, or null when it is one. */
export function zoneRefusal(input: string): ZoneRefusal | null {
  const text = input.trim();
  if (text === '') return 'empty';
  if (parseTimeZone(text) !== null) return null;
  const offset = offsetOf(text);
  if (offset !== null) return offsetRefusal(offset) ?? 'unknown';
  return OFFSET_LIKE.test(text) ? 'offset-form' : 'unknown';
}

/** The one form a zone is kept and shown in, its name (`UTC+8` is `+08:00`); the text trimmed when it is no zone. */
export function zoneText(input: string): string {
  return parseTimeZone(input)?.name ?? input.trim();
}

interface Offset {
  sign: '+' | '-';
  hours: number;
  minutes: number;
}

function offsetOf(text: string): Offset | null {
  const match = FIXED_OFFSET.exec(text);
  if (!match) return null;
  const [, sign, hours, minutes, fourHours, fourMinutes] = match;
  return { sign: sign === '-' ? '-' : '+', hours: Number(hours ?? fourHours), minutes: Number(minutes ?? fourMinutes ?? 0) };
}

function offsetMinutesOf({ sign, hours, minutes }: Offset): number {
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function offsetRefusal(offset: Offset): ZoneRefusal | null {
  if (offset.minutes > 59) return 'minutes';
  const minutes = offsetMinutesOf(offset);
  if (minutes > MAX_OFFSET_MINUTES) return 'beyond-max';
  if (minutes < MIN_OFFSET_MINUTES) return 'beyond-min';
  return null;
}

function readZone(text: string): TimeZone | null {
  if (text === 'Z') return { kind: 'fixed', name: '+00:00', offsetMinutes: 0 };
  const offset = offsetOf(text);
  // An offset is decided here, never by Intl (a newer runtime reads `+18:00` as a zone).
  if (offset) {
    if (offsetRefusal(offset) !== null) return null;
    const pad = (value: number): string => String(value).padStart(2, '0');
    return { kind: 'fixed', name: `${offset.sign}${pad(offset.hours)}:${pad(offset.minutes)}`, offsetMinutes: offsetMinutesOf(offset) };
  }
  if (text === '') return null;
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: text,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    // The runtime may call a zone by a legacy alias (ICU: Asia/Kolkata is Asia/Calcutta): keep the
    // name as typed, in the runtime's letter case when only that differs (asia/shanghai).
    const resolved = format.resolvedOptions().timeZone;
    return { kind: 'iana', name: resolved.toLowerCase() === text.toLowerCase() ? resolved : text, format };
  } catch {
    return null;
  }
}

export function isValidTimeZone(input: string): boolean {
  return parseTimeZone(input) !== null;
}

/** The zone's offset from UTC, in minutes, at an instant. */
export function offsetMinutesAt(epochMs: number, zone: TimeZone): number {
  if (zone.kind === 'fixed') return zone.offsetMinutes;
  // Zones change offset only on quarter-hour boundaries, so one answer serves a whole
  // quarter hour: tables format thousands of times per second and Intl is slow.
  const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
  const cache = offsetCache(zone);
  const known = cache.get(bucket);
  if (known !== undefined) return known;
  const start = bucket * QUARTER_HOUR_MS;
  const wall = ianaWallTime(start, zone.format);
  const offset = Math.round((wallTimeAsUtcMs({ ...wall, millisecond: 0 }) - start) / 60_000);
  if (cache.size >= OFFSET_CACHE_LIMIT) cache.clear();
  cache.set(bucket, offset);
  return offset;
}

/** Every zone's offset changes on a quarter hour. */
export const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSET_CACHE_LIMIT = 50_000;
const offsetCaches = new WeakMap<Intl.DateTimeFormat, Map<number, number>>();

function offsetCache(zone: Extract<TimeZone, { kind: 'iana' }>): Map<number, number> {
  let cache = offsetCaches.get(zone.format);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(zone.format, cache);
  }
  return cache;
}

/** The wall-clock reading in a zone at an instant. */
export function epochMsToWallTime(epochMs: number, zone: TimeZone): WallTime {
  return utcFields(epochMs + offsetMinutesAt(epochMs, zone) * 60_000);
}

/** A day of 24 hours in ms (a calendar day in a zone may be 23 or 25: see calendar.ts). */
export const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock reading denotes in a zone. Across DST it behaves like
 * Temporal's `compatible`: a time repeated in autumn takes the earlier instant; a
 * time skipped in spring moves forward by the gap (02:30 becomes 03:30).
 */
export function wallTimeToEpochMs(wall: WallTime, zone: TimeZone): number {
  const instants = wallTimeInstants(wall, zone);
  if (instants.length > 0) return instants[0];
  const local = wallTimeAsUtcMs(wall);
  return local - offsetMinutesAt(local - DAY_MS, zone) * 60_000;
}

/**
 * Every instant a wall-clock reading denotes in a zone, earliest first: one, two in the
 * hour a clock goes back, none in the hour it skips.
 */
export function wallTimeInstants(wall: WallTime, zone: TimeZone): number[] {
  const local = wallTimeAsUtcMs(wall);
  if (zone.kind === 'fixed') return [local - zone.offsetMinutes * 60_000];
  const offsets = new Set([offsetMinutesAt(local - DAY_MS, zone), offsetMinutesAt(local + DAY_MS, zone)]);
  return [...offsets]
    .map((offset) => local - offset * 60_000)
    .filter((instant) => offsetMinutesAt(instant, zone) * 60_000 === local - instant)
    .sort((a, b) => a - b);
}

export function wallTimeAsUtcMs(wall: WallTime): number {
  if (wall.year >= 100) {
    return Date.UTC(
      wall.year,
      wall.month - 1,
      wall.day,
      wall.hour,
      wall.minute,
      wall.second,
      wall.millisecond,
    );
  }
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

/** The fields of a time held as milliseconds read as UTC (a wall clock's time, as ZoneCalendar.wallMs gives it). */
export function utcFields(ms: number): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
  };
}

function ianaWallTime(epochMs: number, format: Intl.DateTimeFormat): WallTime {
  const fields: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(epochMs))) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  return {
    year: fields.era === 'BC' || fields.era === 'B' ? 1 - yearOfEra : yearOfEra,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    millisecond: mod(epochMs, 1000),
  };
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

// --- Timestamp texts -------------------------------------------------------------

const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const WALL_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?$/;

/** `2026-01-02T03:04:05+08:00` (or `Z`) to epoch ms; null when the text has no offset or is not a real date. */
export function parseIsoInstant(text: string): number | null {
  const fast = parseCommonIso(text);
  if (fast !== undefined) return fast;
  const match = ISO_WITH_OFFSET.exec(text.trim());
  if (!match) return null;
  const wall = wallFromMatch(match);
  if (!wall) return null;
  const offsetText = match[8];
  let offsetMinutes = 0;
  if (offsetText !== 'Z' && offsetText !== 'z') {
    const hours = Number(offsetText.slice(1, 3));
    const minutes = offsetText.length > 3 ? Number(offsetText.slice(-2)) : 0;
    if (hours > 18 || minutes > 59) return null;
    offsetMinutes = (offsetText[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return wallTimeAsUtcMs(wall) - offsetMinutes * 60_000;
}

/**
 * The platform's usual form, `YYYY-MM-DDTHH:MM:SS+HH:MM` (25 characters), read without a
 * regular expression: record pages carry hundreds of them. Undefined: use the general parser.
 */
function parseCommonIso(text: string): number | null | undefined {
  if (text.length !== 25 || text.charCodeAt(10) !== 84 /* T */ || text.charCodeAt(22) !== 58 /* : */)
    return undefined;
  const sign = text.charCodeAt(19);
  if (sign !== 43 && sign !== 45) return undefined;
  const wall = leadingWallTime(text);
  const offsetHours = digits(text, 20, 2);
  const offsetMinutes = digits(text, 23, 2);
  if (wall === undefined || offsetHours < 0 || offsetMinutes < 0) return undefined;
  if (wall === null || offsetHours > 18 || offsetMinutes > 59) return null;
  const offset = (sign === 45 ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return wallTimeAsUtcMs(wall) - offset * 60_000;
}

/**
 * The wall time `YYYY-MM-DD HH:MM:SS` the first 19 characters of a text write (any one
 * character between date and time), read without a regular expression: undefined when they
 * are not of that shape, null when it is no real date and time.
 */
export function leadingWallTime(text: string): WallTime | null | undefined {
  if (text.length < 19) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    year < 0 ||
    month < 0 ||
    day < 0 ||
    hour < 0 ||
    minute < 0 ||
    second < 0
  ) {
    return undefined;
  }
  const wall: WallTime = { year, month, day, hour, minute, second, millisecond: 0 };
  return isRealWallTime(wall) ? wall : null;
}

/** The number written by `length` ASCII digits at `start`; -1 when any is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i += 1) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/** `YYYY-MM-DD HH:MM:SS` (no zone) to its wall-clock fields; null when malformed or not a real date. */
export function parseWallTimeText(text: string): WallTime | null {
  const match = WALL_TEXT.exec(text.trim());
  return match ? wallFromMatch(match) : null;
}

/** Formats wall time as `YYYY-MM-DD HH:MM:SS`. */
export function formatWallTime(wall: WallTime): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/** How finely an instant is written for a person: to the minute, or to the second where seconds matter (a list's cells). */
export type InstantPrecision = 'minute' | 'second';

/**
 * The one way the app writes an instant for a person: the wall time it was in `zone`, as
 * `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss`. On a screen `zone` is the active profile's (the
 * zone its records are shown in), never this computer's; a file or a CLI line passes the zone
 * it names. Record cells, windows, last-sync and job times, "computed at", MMS send times,
 * schedule runs: all of them come through here.
 */
export function formatInstant(epochMs: number, zone: TimeZone, precision: InstantPrecision = 'second'): string {
  const text = formatWallTime(epochMsToWallTime(epochMs, zone));
  return precision === 'minute' ? text.slice(0, 16) : text;
}

/** Formats an instant as ISO 8601 with the zone's offset at that instant, e.g. `2026-01-02T03:04:05+08:00`. */
export function formatIsoInZone(epochMs: number, zone: TimeZone): string {
  const offset = offsetMinutesAt(epochMs, zone);
  const wall = utcFields(epochMs + offset * 60_000);
  return `${formatWallTime(wall).replace(' ', 'T')}${formatOffset(offset)}`;
}

/** An offset from UTC in minutes as `+08:00` / `-05:00`. */
export function formatOffset(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function wallFromMatch(match: RegExpExecArray): WallTime | null {
  const wall: WallTime = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4]),
    minute: Number(match[5]),
    second: match[6] === undefined ? 0 : Number(match[6]),
    millisecond: match[7] === undefined ? 0 : Math.floor(Number(`0.${match[7]}`) * 1000),
  };
  return isRealWallTime(wall) ? wall : null;
}

function isRealWallTime(wall: WallTime): boolean {
  if (wall.month < 1 || wall.month > 12 || wall.day < 1) return false;
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return false;
  return wall.day <= daysInMonth(wall.year, wall.month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
