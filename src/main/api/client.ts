/**
 * The platform client: the list operations (one generic `page`, which takes a request
 * the operation's parser checked already) and the three others, each validated before
 * anything is sent, called through the caller (signing, retries, write safety, clock
 * repair) and normalised into the shared record types. Plain Node; used by the app,
 * the CLI and tests.
 */
import { m } from '../../shared/i18n';
import { DEFAULT_PLATFORM_ZONE } from '../../shared/platform-zone';
import type { CheckedRequest, ListDescriptor, SomeList } from '../../shared/operations';
import { OPERATIONS } from '../../shared/platform';
import type { MmsSendResult, Page, SeatGroupSettings } from '../../shared/records';
import type { MmsSendRequest, PageRequest, SeatGroupEditRequest, SeatGroupReadRequest } from '../../shared/requests';
import { ok, type Result } from '../../shared/result';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';
import {
  type FieldErrors,
  validateMmsSend,
  validateSeatGroupEdit,
  validateSeatGroupRead,
} from '../../shared/validation';
import type { Logger } from '../log';
import { type CallOptions, type ClientNotice, createCaller, type RetryInfo } from './caller';
import { platformTimeAt, type ClientClock } from './clock';
import { mmsSendBody, pagedBody, seatGroupEditBody, seatGroupReadQuery } from './request-bodies';
import {
  normaliseMmsSendResult,
  normaliseObject,
  normalisePage,
  type NormaliseContext,
  normaliseSeatGroupSettings,
} from '../../shared/normalise';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
import { createTransport } from './transport';

export interface ClientOptions {
  /** e.g. https://api.onbuka.com, or with a path prefix: https://host/proxy */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Zone for the platform's zone-less `YYYY-MM-DD HH:MM:SS` texts: IANA name or `+08:00`. Default `+08:00`. */
  timeZone?: string;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  log?: Logger;
  /** Told when the client learns something the user should know (the computer's clock is off). */
  onNotice?: (notice: ClientNotice) => void;
  /**
   * Told of every list page the platform returned (the archive keeps them). The page is
   * answered once what this returns settles, so a keeper that falls behind slows the fetch
   * instead of piling pages up in memory. `platformNowMs`: the platform's time as it answered,
   * by its `Date` header (null when no answer had one), which a clock set wrong does not move.
   */
  onListPage?: (list: SomeList, request: PageRequest<object>, page: Page<unknown>, platformNowMs: number | null) => void | Promise<void>;
  /** Told before each retry wait of any read (a -15 among them: the platform asked for fewer requests). */
  onRetry?: (info: RetryInfo) => void;
  /** Starting clock correction (seconds to add to local time), e.g. remembered from an earlier session. */
  clockOffsetSeconds?: number;
  /** Local clock (tests). */
  now?: () => number;
  /** Jitter source (tests). */
  random?: () => number;
}

export interface PlatformClient {
  /** Seconds added to local time when signing; learned from the server on a -16 answer. */
  readonly clockOffsetSeconds: number;
  /** Notices so far (also sent to onNotice). */
  readonly notices: readonly ClientNotice[];
  readonly timeZone: TimeZone;
  /** The platform's time (this computer's clock, corrected by what -16 answers taught): check windows against it. */
  now(): Date;
  /**
   * The platform's time at a local instant (this computer's clock, `Date.now()` unless the
   * client was given another), as the last answer's `Date` header showed it: the instant
   * itself when the clocks agree within the header's precision, else at most a second and
   * the answer's travel early, never late. Null before any answer carried one.
   */
  platformTimeAt(localMs: number): number | null;
  /**
   * One page of a list operation. The request is sent as it is: only the operation's
   * parser (checkPageQuery, or requestsOf a checkQuery) makes one.
   */
  page<P extends object, R>(
    operation: ListDescriptor<P, R, unknown, unknown>,
    request: CheckedRequest<P, R>,
    options?: CallOptions,
  ): Promise<Result<Page<R>>>;
  seatGroupRead(request: SeatGroupReadRequest, options?: CallOptions): Promise<Result<SeatGroupSettings>>;
  /** A write: never retried; a failure after sending is `outcome-unknown`. */
  seatGroupEdit(request: SeatGroupEditRequest, options?: CallOptions): Promise<Result<null>>;
  /** A write: never retried; a failure after sending is `outcome-unknown`. */
  mmsSend(request: MmsSendRequest, options?: CallOptions): Promise<Result<MmsSendResult>>;
  /** Closes idle keep-alive connections. */
  close(): void;
}

/** A client without a zone reads offset-less times by the one rule's default. */
export const DEFAULT_TIME_ZONE = DEFAULT_PLATFORM_ZONE;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Checks what createClient needs, as field messages for the Accounts form. */
export function checkClientOptions(
  options: Pick<ClientOptions, 'baseUrl' | 'apiKey' | 'apiSecret' | 'timeZone'>,
): FieldErrors {
  const fields: FieldErrors = {};
  if (!/^https?:\/\/[^/\s]+/i.test(options.baseUrl.trim())) {
    fields.baseUrl = m.errors_client_base_url();
  }
  if (options.apiKey.trim() === '') fields.apiKey = m.errors_client_api_key();
  if (options.apiSecret === '') fields.apiSecret = m.errors_client_api_secret();
  if (options.timeZone !== undefined && parseTimeZone(options.timeZone) === null) {
    fields.timeZone = m.errors_client_time_zone();
  }
  return fields;
}

/** Throws a TypeError when the options are unusable (see checkClientOptions). */
export function createClient(options: ClientOptions): PlatformClient {
  const problems = checkClientOptions(options);
  if (Object.keys(problems).length > 0) {
    throw new TypeError(
      `Invalid client options: ${Object.entries(problems)
        .map(([k, v]) => `${k}: ${v}`)
        .join(' ')}`,
    );
  }
  const timeZone = parseTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
  if (timeZone === null) throw new TypeError('Invalid client options: timeZone');
  const context: NormaliseContext = { zone: timeZone };
  options.log?.redact(options.apiSecret);

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({ baseUrl: options.baseUrl, timeoutMs });
  const clock: ClientClock = {
    nowMs: options.now ?? Date.now,
    offsetSeconds: options.clockOffsetSeconds ?? 0,
    answeredOffsetMs: null,
  };
  const notices: ClientNotice[] = [];
  const call = createCaller({
    transport,
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    clock,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    timeoutMs,
    log: options.log,
    random: options.random,
    onRetry: options.onRetry,
    notify(notice) {
      notices.push(notice);
      options.onNotice?.(notice);
    },
  });
  const serverNow = (): Date => new Date(clock.nowMs() + clock.offsetSeconds * 1000);

  return {
    get clockOffsetSeconds() {
      return clock.offsetSeconds;
    },
    get notices() {
      return notices;
    },
    timeZone,
    now: serverNow,
    platformTimeAt: (localMs) => platformTimeAt(clock, localMs),

    async page(operation, request, callOptions) {
      const page = await call(
        operation.endpoint,
        { body: pagedBody(operation.paramKinds, request) },
        (envelope) => normalisePage(envelope.data, operation.normalise, context),
        callOptions,
      );
      // Every descriptor is a SomeList; its own type parameters only narrow what it returns.
      if (page.ok && options.onListPage) {
        // The page is the caller's whatever becomes of keeping it.
        try {
          await options.onListPage(operation as unknown as SomeList, request, page.value, platformTimeAt(clock, clock.nowMs()));
        } catch (error) {
          options.log?.error('list page hook failed', error);
        }
      }
      return page;
    },
    async seatGroupRead(request, callOptions) {
      const checked = validateSeatGroupRead(request);
      if (!checked.ok) return checked;
      return call(
        OPERATIONS.seatGroupRead,
        { query: seatGroupReadQuery(request) },
        (envelope) => normaliseObject(envelope.data, normaliseSeatGroupSettings, context),
        callOptions,
      );
    },
    async seatGroupEdit(request, callOptions) {
      // The caller bounded what a person typed; this gate keeps the request within the platform's own bounds.
      const checked = validateSeatGroupEdit(request, { platformBoundsOnly: true });
      if (!checked.ok) return checked;
      return call(OPERATIONS.seatGroupEdit, { body: seatGroupEditBody(request) }, () => ok(null), callOptions);
    },
    async mmsSend(request, callOptions) {
      const checked = validateMmsSend(request);
      if (!checked.ok) return checked;
      return call(
        OPERATIONS.mmsSend,
        { body: mmsSendBody(request) },
        (envelope) => ok(normaliseMmsSendResult(envelope.body)),
        callOptions,
      );
    },
    close() {
      transport.close();
    },
  };
}
