import type { AppError } from '../../shared/result';

/** A failed attempt, with what the retry and write-safety rules need to know about it. */
export interface CallFailure {
  error: AppError;
  /** A read may try again: the cause is likely to pass (-18, -15, network, 5xx, bad body, timeout). */
  retryable: boolean;
  /**
   * The request may have reached the server and been acted on: a write that fails
   * this way is reported as `outcome-unknown`. False when the platform answered with
   * a status (a definite answer) or the request never left this computer.
   */
  maybeApplied: boolean;
  /** -15 or HTTP 429: the fetch engine slows down. */
  rateLimited: boolean;
  /** The server's HTTP `Date` header, for the -16 clock repair. */
  serverDate: string | null;
}

export function callFailure(error: AppError, flags: Partial<Omit<CallFailure, 'error'>> = {}): CallFailure {
  return {
    error,
    retryable: flags.retryable ?? false,
    maybeApplied: flags.maybeApplied ?? false,
    rateLimited: flags.rateLimited ?? false,
    serverDate: flags.serverDate ?? null,
  };
}
