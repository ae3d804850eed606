/** The paging envelope `data: { total, size, current, pages, records[] }` of every list operation. */
import { m } from '../i18n';
import type { Page } from '../records';
import type { Result } from '../result';
import { fail, ok } from '../result';
import type { RecordNormaliser } from './records';
import type { NormaliseContext } from './schema';
import { readBoolean, readNumber } from './values';
import { isRecord } from '../parse';

export function normalisePage<R>(
  data: unknown,
  normalise: RecordNormaliser<R>,
  context: NormaliseContext,
): Result<Page<R>> {
  if (!isRecord(data)) return shapeError(`data is ${describe(data)}, not a page object`);
  const total = readCount(data.total);
  if (total === null) return shapeError(`data.total is ${describe(data.total)}, not a count`);
  const rawRecords = data.records ?? [];
  if (!Array.isArray(rawRecords)) return shapeError(`data.records is ${describe(rawRecords)}, not a list`);
  const records: R[] = [];
  for (let i = 0; i < rawRecords.length; i += 1) {
    const raw: unknown = rawRecords[i];
    if (!isRecord(raw)) return shapeError(`data.records[${i}] is ${describe(raw)}, not a record`);
    records.push(normalise(raw, context));
  }
  const size = readCount(data.size) ?? records.length;
  const current = readCount(data.current) ?? 1;
  const pages = readCount(data.pages) ?? (size > 0 ? Math.ceil(total / size) : 0);
  return ok({ total, size, current, pages, records, searchCount: readBoolean(data.searchCount) });
}

/** An object answer (seat-group settings). */
export function normaliseObject<R>(
  data: unknown,
  normalise: RecordNormaliser<R>,
  context: NormaliseContext,
): Result<R> {
  if (!isRecord(data)) return shapeError(`data is ${describe(data)}, not an object`);
  return ok(normalise(data, context));
}

function readCount(value: unknown): number | null {
  const number = readNumber(value);
  return number !== null && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

function shapeError<T>(what: string): Result<T> {
  return fail<T>(
    'bad-response',
    m.lists_bad_response(),
    what,
  );
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
