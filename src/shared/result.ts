import type { Said } from './i18n/said';

/** Every IPC answer has this shape: nothing throws across the bridge. */
export interface AppError {
  /** Stable machine code, e.g. `bad-request`, `forbidden`, `platform:-1`. */
  code: string;
  /** What happened and what to do next, for a person. */
  message: string;
  /** The same as a message of the catalog, when it is one: a screen words it in the language on show (`message` is the fallback). */
  said?: Said;
  /** Supporting detail (the server's own reason, the field at fault...). */
  detail?: string;
  /** Field-level messages a form shows next to its inputs, keyed by field path. */
  fields?: Record<string, string>;
  /**
   * A read that failed for a cause likely to pass (-18, -15, a dropped connection, a 5xx
   * or cut-off answer, a timeout) after its own retries: asking again later may work.
   */
  transient?: true;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: string, message: string, detail?: string): Result<T> {
  return { ok: false, error: detail === undefined ? { code, message } : { code, message, detail } };
}

/** A failure whose error was made whole elsewhere (a file not written, a refused claim). */
export function failWith<T = never>(error: AppError): Result<T> {
  return { ok: false, error };
}
