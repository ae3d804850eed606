import { parameterError } from '../errors';
import { parseIsoWithOffset, parseLocalDateTime } from '../time';

/** Field readers for request bodies: a wrong type is -22; absent, null and "" read as absent. */
export type Fields = Record<string, unknown>;

export function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function optionalInteger(
  fields: Fields,
  key: string,
  allowed?: readonly number[],
): number | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  if (!isInteger(value)) throw parameterError(`${key} must be an integer`);
  if (allowed && !allowed.includes(value))
    throw parameterError(`${key} must be one of ${allowed.join(', ')}`);
  return value;
}

export function requiredInteger(fields: Fields, key: string, allowed?: readonly number[]): number {
  const value = optionalInteger(fields, key, allowed);
  if (value === undefined) throw parameterError(`${key} is required`);
  return value;
}

export function optionalString(fields: Fields, key: string): string | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'string') throw parameterError(`${key} must be a string`);
  return value;
}

export function requiredString(fields: Fields, key: string): string {
  const value = optionalString(fields, key);
  if (value === undefined) throw parameterError(`${key} is required`);
  return value;
}

/** A list filter; an empty list filters nothing. */
export function optionalIntegerList(
  fields: Fields,
  key: string,
  allowed?: readonly number[],
): number[] | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  if (!Array.isArray(value) || !value.every(isInteger))
    throw parameterError(`${key} must be a list of integers`);
  if (allowed && !value.every((item) => allowed.includes(item))) {
    throw parameterError(`${key} values must be among ${allowed.join(', ')}`);
  }
  return value.length > 0 ? value : undefined;
}

export function optionalStringList(fields: Fields, key: string): string[] | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
    throw parameterError(`${key} must be a list of strings`);
  }
  return value.length > 0 ? value : undefined;
}

export function requiredIsoTime(fields: Fields, key: string): number {
  const text = fields[key];
  if (typeof text !== 'string' || text === '')
    throw parameterError(`${key} is required (ISO 8601 with offset)`);
  const ms = parseIsoWithOffset(text);
  if (ms === null)
    throw parameterError(`${key} must be ISO 8601 with an offset, e.g. 2025-12-10T10:00:00+08:00`);
  return ms;
}

export function optionalLocalTime(fields: Fields, key: string): number | undefined {
  const text = optionalString(fields, key);
  if (text === undefined) return undefined;
  const ms = parseLocalDateTime(text);
  if (ms === null) throw parameterError(`${key} must have the form YYYY-MM-DD HH:MM:SS`);
  return ms;
}
