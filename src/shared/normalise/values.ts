/**
 * Readers for single values of a server record. Each takes whatever the server sent
 * (`unknown`) and never throws; a value it cannot read becomes null (timestamps keep
 * their text).
 */
import type { DecimalAmount, JsonValue, Timestamp } from '../records';
import {
  parseIsoInstant,
  parseWallTimeText,
  type TimeZone,
  wallTimeToEpochMs,
} from '../time-zone';

/** Ids, phone numbers and other text: strings as sent, JSON numbers as their decimal text. */
export function readText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Integer/decimal fields that may arrive as numbers or numeric text ("3"). */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value.trim());
  return null;
}

/** Money: the exact decimal text plus its parsed value; empty or absent is null. */
export function readAmount(value: unknown): DecimalAmount | null {
  const text = readText(value);
  if (text === null || text.trim() === '') return null;
  const trimmed = text.trim();
  return { text: trimmed, value: NUMERIC_TEXT.test(trimmed) ? Number(trimmed) : null };
}

/** Above this an epoch number is in milliseconds, below it in seconds (year 5138 in seconds). */
const EPOCH_MS_THRESHOLD = 1e11;

/**
 * ISO 8601 with offset is read with its own offset; `YYYY-MM-DD HH:MM:SS` without a zone
 * in the connection's platform zone (shared/platform-zone.ts); epoch numbers (or digit
 * text) in seconds or milliseconds.
 */
export function readTimestamp(value: unknown, zone: TimeZone): Timestamp | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return { text: String(value), epochMs: epochFromNumber(value) };
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const iso = parseIsoInstant(text);
  if (iso !== null) return { text: value, epochMs: iso };
  const wall = parseWallTimeText(text);
  if (wall !== null) return { text: value, epochMs: wallTimeToEpochMs(wall, zone) };
  if (/^\d{9,13}$/.test(text)) return { text: value, epochMs: epochFromNumber(Number(text)) };
  return { text: value, epochMs: null };
}

function epochFromNumber(value: number): number {
  return Math.abs(value) >= EPOCH_MS_THRESHOLD ? Math.round(value) : Math.round(value * 1000);
}

/** Lists of ids or names; a comma-separated text is accepted too; null entries are dropped. */
export function readTextList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(readText).filter((item): item is string => item !== null);
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
  const single = readText(value);
  return single === null ? [] : [single];
}

export function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return null;
}

/** A server value kept as is in `extra`; anything JSON cannot carry becomes null. */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) out[key] = toJsonValue(item);
    return out;
  }
  return null;
}
