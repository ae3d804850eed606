/**
 * One operation call from signing to a decoded result, with the rules that keep it
 * safe: reads retry transient failures with backoff; writes never retry, and a write
 * that failed after it may have reached the server is reported as `outcome-unknown`.
 * A -16 (timestamp refused) is repaired once for reads and writes alike, because the
 * platform refused the request before acting on it. Requests in flight together all get
 * -16 when the clock is far off: the first answer read repairs the clock, and every other
 * goes again with it (a sync's first pages are never lost to the clock).
 */
import { clientError, clockOffsetNotice, platformStatusOf } from '../../shared/errors';
import { m } from '../../shared/i18n';
import { worded, type MessageKey } from '../../shared/i18n/said';
import type { OperationInfo } from '../../shared/platform';
import type { AppError, Result } from '../../shared/result';
import type { Logger } from '../log';
import { type ClientClock, noteAnswerTime, offsetFromDateHeader, signingTimestamp } from './clock';
import { readEnvelope, type Envelope } from './envelope';
import { callFailure, type CallFailure } from './failure';
import { backoffDelayMs, type RetryPolicy, sleep } from './retry';
import { authHeaders } from './signing';
import type { Transport, TransportFailure } from './transport';

export interface RetryInfo {
  /** The operation's id (`voiceRecords`). */
  operation: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** The wait before the next attempt. */
  delayMs: number;
  error: AppError;
  /** -15 or HTTP 429. */
  rateLimited: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's per-request timeout. */
  timeoutMs?: number;
  /** Told before each retry wait (reads only); the fetch engine watches it for -15. */
  onRetry?: (info: RetryInfo) => void;
}

export interface ClientNotice {
  kind: 'clock-offset';
  /** Seconds the server is ahead of this computer (negative: behind). */
  offsetSeconds: number;
  message: string;
}

export interface CallerOptions {
  transport: Transport;
  apiKey: string;
  apiSecret: string;
  clock: ClientClock;
  retry: RetryPolicy;
  timeoutMs: number;
  log?: Logger;
  notify: (notice: ClientNotice) => void;
  /** Told before each retry wait of any call (reads only), besides the call's own onRetry. */
  onRetry?: (info: RetryInfo) => void;
  random?: () => number;
}

export interface OperationRequest {
  query?: Record<string, string>;
  body?: unknown;
}

export type Decode<T> = (envelope: Envelope) => Result<T>;

/** Below this a -16 is not the computer's clock, and no notice is worth showing. */
const NOTICE_THRESHOLD_SECONDS = 60;
const TIMESTAMP_EXPIRED = -16;

export type Caller = <T>(
  endpoint: OperationInfo,
  request: OperationRequest,
  decode: Decode<T>,
  options?: CallOptions,
) => Promise<Result<T>>;

export function createCaller(options: CallerOptions): Caller {
  const { transport, apiKey, apiSecret, clock, retry, log } = options;
  const random = options.random ?? Math.random;
  let noticedOffset = 0;
  /** Server text (a reason, an excerpt) may echo what was sent: the secret and the Sign never leave here. */
  const redactText = (text: string, sign: string): string => {
    let out = text;
    for (const secret of [apiSecret, sign])
      if (secret.length >= 4) out = out.split(secret).join('[redacted]');
    return out;
  };

  async function attemptOnce(
    endpoint: OperationInfo,
    request: OperationRequest,
    callOptions: CallOptions,
  ): Promise<{ ok: true; envelope: Envelope } | { ok: false; failure: CallFailure }> {
    // Server text that echoes the Sign is scrubbed below; the logger scrubs recent Signs too.
    const headers = authHeaders(apiKey, apiSecret, signingTimestamp(clock));
    log?.redactTransient(headers.Sign);
    const outcome = await transport.send({
      method: endpoint.method,
      path: endpoint.path,
      query: request.query,
      body: request.body,
      headers: { ...headers },
      signal: callOptions.signal,
      timeoutMs: callOptions.timeoutMs ?? options.timeoutMs,
    });
    if (outcome.kind === 'failure') return { ok: false, failure: transportFailure(outcome) };
    noteAnswerTime(clock, outcome.date);
    return readEnvelope(outcome, (text) => redactText(text, headers.Sign));
  }

  /** Applies the server's clock from a -16 answer; true when the next attempt is worth making. */
  function repairClock(failure: CallFailure): boolean {
    const offset = offsetFromDateHeader(failure.serverDate, clock.nowMs());
    if (offset === null || offset === clock.offsetSeconds) return false;
    clock.offsetSeconds = offset;
    log?.info(`Clock corrected by ${offset} s from the server's Date header after a -16 answer.`);
    if (
      Math.abs(offset) >= NOTICE_THRESHOLD_SECONDS &&
      Math.abs(offset - noticedOffset) >= NOTICE_THRESHOLD_SECONDS
    ) {
      noticedOffset = offset;
      options.notify({ kind: 'clock-offset', offsetSeconds: offset, message: clockOffsetNotice(offset) });
    }
    return true;
  }

  return async function call<T>(
    endpoint: OperationInfo,
    request: OperationRequest,
    decode: Decode<T>,
    callOptions: CallOptions = {},
  ): Promise<Result<T>> {
    const operation = endpoint.id;
    const isWrite = endpoint.write;
    let clockRepaired = false;
    let attempt = 0;
    let failedAttempts = 0;
    let rateLimitedAttempts = 0;
    for (;;) {
      attempt += 1;
      const signedWithOffset = clock.offsetSeconds;
      const outcome = await attemptOnce(endpoint, request, callOptions);
      if (outcome.ok) return decode(outcome.envelope);
      const { failure } = outcome;

      if (!clockRepaired && platformStatusOf(failure.error) === TIMESTAMP_EXPIRED) {
        clockRepaired = true;
        // Another request repaired the clock while this one was out: go again with it.
        if (clock.offsetSeconds !== signedWithOffset || repairClock(failure)) continue;
      }

      if (isWrite) return { ok: false, error: writeError(failure, operation) };

      if (failure.rateLimited) rateLimitedAttempts += 1;
      else failedAttempts += 1;
      const cancelled = callOptions.signal?.aborted === true;
      const exhausted = failure.rateLimited
        ? rateLimitedAttempts > retry.maxRateLimitRetries
        : failedAttempts >= retry.maxAttempts;
      if (cancelled || !failure.retryable || exhausted) {
        if (!cancelled) log?.warn(`${operation} failed after ${attempt} attempt(s): ${failure.error.code}`);
        if (cancelled) return { ok: false, error: clientError('cancelled') };
        return { ok: false, error: failure.retryable ? { ...failure.error, transient: true } : failure.error };
      }
      const delayMs = failure.rateLimited
        ? backoffDelayMs(rateLimitedAttempts, retry.rateLimitBaseDelayMs, retry.maxDelayMs, random)
        : backoffDelayMs(failedAttempts, retry.baseDelayMs, retry.maxDelayMs, random);
      log?.warn(`${operation}: ${failure.error.code} on attempt ${attempt}; trying again in ${delayMs} ms`);
      const info: RetryInfo = { operation, attempt, delayMs, error: failure.error, rateLimited: failure.rateLimited };
      options.onRetry?.(info);
      callOptions.onRetry?.(info);
      if (!(await sleep(delayMs, callOptions.signal)))
        return { ok: false, error: clientError('cancelled') };
    }
  };
}

function transportFailure(outcome: TransportFailure): CallFailure {
  const maybeApplied = outcome.phase === 'maybe-sent';
  switch (outcome.failure) {
    case 'cancelled':
      return callFailure(clientError('cancelled', undefined, outcome.message), { maybeApplied });
    case 'timeout':
      return callFailure(clientError('timeout', undefined, outcome.message), {
        retryable: true,
        maybeApplied,
      });
    case 'truncated':
      return callFailure(
        clientError('bad-response', { key: 'errors_answer_cut_off' }, outcome.message),
        { retryable: true, maybeApplied },
      );
    case 'network':
      return callFailure(clientError('network', undefined, outcome.message), {
        retryable: true,
        maybeApplied,
      });
  }
}

/** What a write that may have been applied says, by operation: what to check before sending again. */
const WRITE_UNKNOWN: Readonly<Record<string, MessageKey>> = {
  mmsSend: 'errors_write_unknown_mms',
  seatGroupEdit: 'errors_write_unknown_seat_group',
};

/**
 * A platform refusal of a write in the words of that write, where the common table's words
 * (about "data" and "entries") say nothing to the person sending an MMS.
 */
const WRITE_REFUSALS: Readonly<Record<string, Readonly<Record<number, MessageKey>>>> = {
  mmsSend: { [-20]: 'errors_mms_refused_exists', [-23]: 'errors_mms_refused_limit' },
};

/** A write never retries; a failure after it may have reached the server says so. */
function writeError(failure: CallFailure, operation: string): AppError {
  const status = platformStatusOf(failure.error);
  const refusal = status === null ? undefined : WRITE_REFUSALS[operation]?.[status];
  if (refusal) return { ...failure.error, ...worded({ key: refusal }) };
  if (!failure.maybeApplied) return failure.error;
  const cause = failure.error.detail
    ? m.errors_message_with_detail({ message: failure.error.message, detail: failure.error.detail })
    : failure.error.message;
  return {
    code: 'outcome-unknown',
    ...worded({ key: WRITE_UNKNOWN[operation] ?? 'errors_write_unknown_other' }),
    detail: `${failure.error.code}: ${cause}`,
  };
}
