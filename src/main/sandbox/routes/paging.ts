import { LIMITS } from '../../../shared/platform';
import { parameterError } from '../errors';
import { jsonBody, success, type RouteAnswer, type RouteContext } from './context';
import { isInteger, isObject, type Fields } from './params';

export interface PageRequest {
  current: number;
  size: number;
  params: Fields;
}

/** Defaults for operations where current and size may be omitted (voice records). */
export interface PageDefaults {
  current: number;
  size: number;
}

function pageNumber(body: Fields, key: 'current' | 'size', fallback: number | undefined): number {
  if (!Object.hasOwn(body, key)) {
    if (fallback !== undefined) return fallback;
    throw parameterError(`${key} is required`);
  }
  const value = body[key];
  if (value === undefined || value === null || value === '')
    throw parameterError(`${key} cannot be sent empty`);
  if (!isInteger(value)) throw parameterError(`${key} must be an integer`);
  return value;
}

export function parsePageRequest(context: RouteContext, defaults?: PageDefaults): PageRequest {
  const body = jsonBody(context);
  if (!isObject(body)) throw parameterError('the body must be a JSON object { current, size, params }');
  const current = pageNumber(body, 'current', defaults?.current);
  const size = pageNumber(body, 'size', defaults?.size);
  if (current < 1) throw parameterError('current must be 1 or more');
  if (size < LIMITS.pageSizeMin || size > LIMITS.pageSizeMax) {
    throw parameterError(`size must be from ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax}`);
  }
  if (!isObject(body.params)) throw parameterError('params is required and must be an object');
  return { current, size, params: body.params };
}

export interface PageOptions {
  /** Voice records and task details also carry searchCount. */
  searchCount?: boolean;
}

/** The paged envelope; `recordAt(offset)` gives the record at that offset of the result. */
export function pagedAnswer(
  request: PageRequest,
  total: number,
  recordAt: (offset: number) => unknown,
  options: PageOptions = {},
): RouteAnswer {
  const start = (request.current - 1) * request.size;
  const records: unknown[] = [];
  for (let offset = start; offset < Math.min(total, start + request.size); offset++)
    records.push(recordAt(offset));
  const data: Record<string, unknown> = {
    total,
    size: request.size,
    current: request.current,
    pages: Math.ceil(total / request.size),
    records,
  };
  if (options.searchCount) data.searchCount = true;
  return success({ data });
}

export function pagedListAnswer<T>(
  request: PageRequest,
  items: readonly T[],
  serialize: (item: T) => unknown,
  options?: PageOptions,
): RouteAnswer {
  return pagedAnswer(request, items.length, (offset) => serialize(items[offset]), options);
}
