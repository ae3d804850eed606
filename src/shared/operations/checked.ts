/**
 * The one parser of a list request, and the checked types only it makes. Raw input
 * (from the bridge, the CLI, a test) is parsed once where it enters main; the client,
 * fetch-all, export and sync take the checked types and send them without checking
 * again. A page of a longer fetch is derived from its checked query, never re-parsed.
 */
import { echoInput } from '../echo';
import { m } from '../i18n';
import { LIMITS } from '../platform';
import type { PageRequest } from '../requests';
import { ok, type Result } from '../result';
import { type FieldErrors, isWholeNumber, refusal, validationResult } from '../validation/fields';
import { checkPaging } from '../validation/paging';
import { checkRecordWindow } from '../validation/time-window';
import type { TimeZone } from '../time-zone';
import type { ListDescriptor } from './descriptor';
import { FETCH_ALL_MAX_DAYS, splitRecordWindow } from './record-windows';

/** A page request as it arrives (from the bridge, the CLI or a test): nothing is trusted yet. */
export interface UncheckedPageQuery {
  current?: unknown;
  size?: unknown;
  params: unknown;
}

export interface CheckRules {
  /** The platform's now (callers holding a client pass its clock-corrected time). Default: this computer's. */
  now?: Date;
  /** A longer span than one request allows (a query fetch-all splits). */
  maxDays?: number;
  /** The zone a refused window's earliest start is told in (RecordWindowRules.zone). Default: the start's own offset. */
  zone?: TimeZone;
}

declare const checkedFor: unique symbol;

/**
 * Marks a value the parser accepted for the operation with params P and records R. It
 * exists only in the types: nothing outside this module can make one without a cast.
 */
interface Checked<P, R> {
  readonly [checkedFor]: { params: (params: P) => P; record: (record: R) => R };
}

/** One page request the operation's parser accepted: it may be sent as it is. */
export type CheckedRequest<P, R> = Readonly<PageRequest<P>> & Checked<P, R>;

/** Every page of a filter the parser accepted; a record period may span several requests (fetch-all splits it). */
export type CheckedQuery<P, R> = { readonly params: P; readonly pageSize: number } & Checked<P, R>;

/** The only place a checked value is made. */
function checked<T extends object, P, R>(value: T): T & Checked<P, R> {
  return value as T & Checked<P, R>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paging, no unknown filter, the window rule and the operation's own checks, as field messages (`params.strTime`). */
function parse<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  request: UncheckedPageQuery,
  rules: CheckRules,
): Result<PageRequest<P>> {
  const fields: FieldErrors = {};
  const current = request.current ?? list.pageDefaults?.current;
  const size = request.size ?? list.pageDefaults?.size;
  checkPaging(current, size, fields);
  const params = request.params;
  if (!isPlainObject(params)) {
    fields.params = m.lists_params_required();
    return refusal(fields);
  }
  const known = Object.keys(list.paramKinds);
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) {
      const shown = echoInput(key);
      fields[`params.${shown}`] =
        known.length > 0
          ? m.lists_no_such_filter_use({ title: list.endpoint.title(), key: shown, known: known.join(', ') })
          : m.lists_no_such_filter({ title: list.endpoint.title(), key: shown });
    }
  }
  if (list.window) {
    checkRecordWindow(
      params.strTime,
      params.endTime,
      {
        maxDays: rules.maxDays ?? list.window.maxDays,
        now: rules.now ?? new Date(),
        historyLimited: list.window.historyLimited,
        zone: rules.zone,
      },
      fields,
    );
  }
  list.checkParams(params, fields);
  // Only read as numbers once checked: Number() of a hostile object throws.
  const paging = isWholeNumber(current) && isWholeNumber(size) ? { current, size } : { current: 1, size: LIMITS.pageSizeMax };
  // Checked field by field above: from here on the params are what the operation declares.
  return validationResult(fields, { ...paging, params: params as P });
}

/** The parser of one page request: what the client may send. */
export function checkPageQuery<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  request: UncheckedPageQuery,
  rules: CheckRules = {},
): Result<CheckedRequest<P, R>> {
  const parsed = parse(list, request, rules);
  return parsed.ok ? ok(checked<PageRequest<P>, P, R>(parsed.value)) : parsed;
}

/**
 * The parser of a fetch of every page (Load all, an export, a sync range): the same
 * checks, with a record period of up to FETCH_ALL_MAX_DAYS (split into requests later).
 * A bad page size is reported as `pageSize`.
 */
export function checkQuery<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  params: unknown,
  options: { pageSize?: unknown; now?: Date; zone?: TimeZone } = {},
): Result<CheckedQuery<P, R>> {
  const parsed = parse(
    list,
    { current: 1, size: options.pageSize ?? LIMITS.pageSizeMax, params },
    { now: options.now, maxDays: FETCH_ALL_MAX_DAYS, zone: options.zone },
  );
  if (!parsed.ok) {
    const { size, ...fields } = parsed.error.fields ?? {};
    return refusal(size === undefined ? fields : { ...fields, pageSize: size });
  }
  return ok(checked<{ params: P; pageSize: number }, P, R>({ params: parsed.value.params, pageSize: parsed.value.size }));
}

/** The requests of a checked query: one per window of its period (oldest first), given a page number from 1. */
export function requestsOf<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  query: CheckedQuery<P, R>,
): ((current: number) => CheckedRequest<P, R>)[] {
  const windows = list.window ? splitRecordWindow(query.params, list.window.maxDays) : [query.params];
  return windows.map((params) => (current) => checked<PageRequest<P>, P, R>({ current, size: query.pageSize, params }));
}
