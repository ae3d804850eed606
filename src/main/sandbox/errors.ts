import { STATUS_MEANINGS } from '../../shared/platform';

/** A platform status answer (HTTP 200, `{status, reason}`) raised from anywhere in a route. */
export class PlatformError extends Error {
  constructor(
    readonly code: number,
    reason?: string,
  ) {
    super(reason ?? STATUS_MEANINGS[code] ?? 'error');
    this.name = 'PlatformError';
  }
}

export function parameterError(reason: string): PlatformError {
  return new PlatformError(-22, `parameter error: ${reason}`);
}

export const RATE_LIMITED = -15;
export const SYSTEM_ERROR = -18;
