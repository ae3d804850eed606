/**
 * Field-level validation results: a map from field path (`params.strTime`,
 * `labelName[2]`) to a message saying what to fix. Empty means valid.
 */
import { m } from '../i18n';
import { type AppError, ok, type Result } from '../result';

export type FieldErrors = Record<string, string>;

export function hasFieldErrors(fields: FieldErrors): boolean {
  return Object.keys(fields).length > 0;
}

/** The `validation` error carrying the field messages (at least one). */
export function refusal(fields: FieldErrors): { ok: false; error: AppError } {
  const paths = Object.keys(fields);
  const summary =
    paths.length === 1
      ? m.errors_fix_one({ path: paths[0], problem: fields[paths[0]] })
      : m.errors_fix_many({ count: paths.length, paths: paths.join(', ') });
  return { ok: false, error: { code: 'validation', message: summary, fields: { ...fields } } };
}

/** `ok(value)` when there are no field errors, else the `validation` error carrying them. */
export function validationResult<T>(fields: FieldErrors, value: T): Result<T> {
  return hasFieldErrors(fields) ? refusal(fields) : ok(value);
}

export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** A positive whole number, given as a number or as digit text (ids arrive as text). */
export function readPositiveId(value: unknown): number | null {
  if (isWholeNumber(value)) return value >= 1 ? value : null;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : null;
  }
  return null;
}

export function isPresent<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (value === null || value === undefined) return 'nothing';
  return String(value);
}
