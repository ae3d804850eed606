/**
 * Every error the platform client can report, with a message that says what to do
 * next. Platform status codes become `platform:<status>` with the server's `reason`
 * in `detail` (the reason is authoritative: screens show it next to the message).
 */
import type { AppError } from './result';
import { m } from './i18n';
import { say, worded, type MessageKey, type Said } from './i18n/said';
import { DEFINITE_WRITE_REFUSALS, STATUS_MEANINGS } from './platform';

/**
 * Human messages for each platform status (the spec's codes plus -15 from platform-notes),
 * as messages of the catalog: an error carries its message as data (`said`), so a screen
 * words it in the language on show.
 */
export const PLATFORM_ERROR_MESSAGES: Readonly<Record<number, MessageKey>> = {
  [-1]: 'errors_platform_auth',
  [-2]: 'errors_platform_ip',
  [-15]: 'errors_platform_rate',
  [-16]: 'errors_platform_timestamp',
  [-18]: 'errors_platform_internal',
  [-20]: 'errors_platform_duplicate',
  [-22]: 'errors_platform_parameter',
  [-23]: 'errors_platform_limit',
  [-25]: 'errors_platform_range',
  [-29]: 'errors_platform_workspace_disabled',
  [-30]: 'errors_platform_key_disabled',
  [-31]: 'errors_platform_whitelist',
  [-35]: 'errors_platform_interval',
  [-63]: 'errors_platform_workspace_mismatch',
  [-71]: 'errors_platform_labels_full',
  [-72]: 'errors_platform_label_name',
};

/** Codes the client reports besides `platform:<status>`, each with its message of the catalog. */
export const CLIENT_ERROR_MESSAGES = {
  network: 'errors_client_network',
  timeout: 'errors_client_timeout',
  cancelled: 'errors_client_cancelled',
  'bad-response': 'errors_client_bad_response',
  'http-5xx': 'errors_client_http_5xx',
  http: 'errors_client_http',
  'outcome-unknown': 'errors_client_outcome_unknown',
  validation: 'errors_client_validation',
} as const satisfies Record<string, MessageKey>;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_MESSAGES;

export const PLATFORM_CODE_PREFIX = 'platform:';

export function platformErrorCode(status: number): string {
  return `${PLATFORM_CODE_PREFIX}${status}`;
}

/** The platform status inside a `platform:<status>` code, or null. */
export function platformStatusOf(error: AppError): number | null {
  if (!error.code.startsWith(PLATFORM_CODE_PREFIX)) return null;
  const status = Number(error.code.slice(PLATFORM_CODE_PREFIX.length));
  return Number.isInteger(status) ? status : null;
}

/** An error's message in the language on show: worded again from its message of the catalog when it carries one. */
export function errorText(error: Pick<AppError, 'message' | 'said'>): string {
  return error.said ? say(error.said) : error.message;
}

/** The error for a non-zero platform status; `reason` (the server's text) goes to `detail`. */
export function platformError(status: number, reason: string | null): AppError {
  const known = PLATFORM_ERROR_MESSAGES[status];
  const meaning = STATUS_MEANINGS[status];
  const said: Said = known
    ? { key: known }
    : meaning
      ? { key: 'errors_platform_unknown_meaning', params: { status, meaning } }
      : { key: 'errors_platform_unknown', params: { status } };
  const error: AppError = { code: platformErrorCode(status), ...worded(said) };
  if (reason !== null && reason !== '') error.detail = reason;
  return error;
}

/** A client-side error with its standard message unless a more precise one is given (a message of the catalog, or text). */
export function clientError(code: ClientErrorCode, message?: string | Said, detail?: string): AppError {
  const said = message ?? { key: CLIENT_ERROR_MESSAGES[code] };
  const error: AppError = { code, ...(typeof said === 'string' ? { message: said } : worded(said)) };
  if (detail !== undefined && detail !== '') error.detail = detail;
  return error;
}

/**
 * What a failed write proves. `refused`: it never took effect (the platform refused it
 * before doing anything, or it never left this computer). `unknown`: it may have taken
 * effect (a -18 or another status, a timeout or a dropped answer after sending).
 */
export function writeFailureKind(error: AppError): 'refused' | 'unknown' {
  if (error.code === 'outcome-unknown') return 'unknown';
  const status = platformStatusOf(error);
  if (status === null) return 'refused';
  return DEFINITE_WRITE_REFUSALS.has(status) ? 'refused' : 'unknown';
}

/** How far a clock is off, to the minute: "1 hour 5 minutes", "45 minutes". */
export function clockAmountText(offsetSeconds: number): string {
  const totalMinutes = Math.round(Math.abs(offsetSeconds) / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(m.errors_clock_hours({ count: hours }));
  if (minutes > 0 || hours === 0) parts.push(m.errors_clock_minutes({ count: minutes }));
  return parts.join(' ');
}

/** The notice shown when the clock is corrected, e.g. "Your computer's clock is off by 45 minutes (behind the server). …" */
export function clockOffsetNotice(offsetSeconds: number): string {
  // A positive offset: the server is ahead, so this computer is behind it.
  const notice = offsetSeconds > 0 ? m.errors_clock_behind : m.errors_clock_ahead;
  return notice({ amount: clockAmountText(offsetSeconds) });
}
