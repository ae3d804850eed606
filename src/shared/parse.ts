/**
 * Tiny validators for what crosses the bridge. Requests come from the renderer
 * (or the browser harness) and are checked in main before any service sees them.
 */
import { echoInput } from './echo';
import { m } from './i18n';

export class RequestShapeError extends Error {
  /** What is wrong, said at the field `path` names ("Expected a whole number."). */
  readonly problem: string;

  /** `path`: the field at fault (`draft.pageSize`), '' for the request itself; `expected`: what it should have been, in words ("a whole number"). */
  constructor(readonly path: string, expected: string) {
    super(m.errors_shape({ path: path || m.errors_shape_request(), expected }));
    this.name = 'RequestShapeError';
    this.problem = m.errors_shape_field({ expected });
  }
}

export type Parser<T> = (input: unknown, path?: string) => T;
export type ParsedOf<P> = P extends Parser<infer T> ? T : never;

export const nothing: Parser<undefined> = (input, path = '') => {
  if (input !== undefined && input !== null) throw new RequestShapeError(path, m.errors_shape_nothing());
  return undefined;
};

export const string: Parser<string> = (input, path = '') => {
  if (typeof input !== 'string') throw new RequestShapeError(path, m.errors_shape_string());
  return input;
};

/** A job id a caller chose: a UUID, as `crypto.randomUUID()` makes. */
export const jobId: Parser<string> = (input, path = '') => {
  if (typeof input !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input)) {
    throw new RequestShapeError(path, m.errors_shape_job_id());
  }
  return input;
};

export const boolean: Parser<boolean> = (input, path = '') => {
  if (typeof input !== 'boolean') throw new RequestShapeError(path, m.errors_shape_boolean());
  return input;
};

export const integer: Parser<number> = (input, path = '') => {
  if (typeof input !== 'number' || !Number.isSafeInteger(input)) {
    throw new RequestShapeError(path, m.errors_shape_integer());
  }
  return input;
};

export function optional<T>(parser: Parser<T>): Parser<T | undefined> {
  return (input, path) => (input === undefined || input === null ? undefined : parser(input, path));
}

/** A value or null (null stays null, where optional() makes it absent). */
export function nullable<T>(parser: Parser<T>): Parser<T | null> {
  return (input, path) => (input === null ? null : parser(input, path));
}

export function arrayOf<T>(parser: Parser<T>): Parser<T[]> {
  return (input, path = '') => {
    if (!Array.isArray(input)) throw new RequestShapeError(path, m.errors_shape_list());
    return input.map((item, i) => parser(item, `${path}[${i}]`));
  };
}

export function oneOf<const T extends readonly string[]>(values: T): Parser<T[number]> {
  return (input, path = '') => {
    if (typeof input !== 'string' || !values.includes(input)) {
      throw new RequestShapeError(path, m.errors_shape_one_of({ values: values.join(', ') }));
    }
    return input;
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain object whose fields are checked later by the operation's own validator. */
export const plainObject: Parser<Record<string, unknown>> = (input, path = '') => {
  if (!isRecord(input)) throw new RequestShapeError(path, m.errors_shape_object());
  return input;
};

/** Any JSON value (preferences); structured cloning or JSON parsing has made it plain already. */
export const json: Parser<unknown> = (input) => input;

type Shape = Record<string, Parser<unknown>>;
type Parsed<S extends Shape> = {
  [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: ReturnType<S[K]>;
} & {
  [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: ReturnType<S[K]>;
};

/** An object with exactly these keys; unknown keys are refused so typos surface. */
export function object<S extends Shape>(shape: S): Parser<Parsed<S>> {
  return (input, path = '') => {
    if (!isRecord(input)) throw new RequestShapeError(path, m.errors_shape_object());
    for (const key of Object.keys(input)) {
      if (!Object.hasOwn(shape, key)) throw new RequestShapeError(join(path, echoInput(key)), m.errors_shape_no_field());
    }
    const out: Record<string, unknown> = {};
    for (const [key, parser] of Object.entries(shape)) {
      const value = parser(input[key], join(path, key));
      if (value !== undefined) out[key] = value;
    }
    return out as Parsed<S>;
  };
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
