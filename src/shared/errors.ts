/**
 * Every error the platform client can report, with a message that says what to do
 * next. Platform status codes become `platform:<status>` with the server's `reason`
 * in `detail` (the reason is authoritative: screens show it next to the message).
 */
import type { AppError } from './result';
import { DEFINITE_WRITE_REFUSALS, STATUS_MEANINGS } from './platform';

/** Human messages for each platform status (the spec's codes plus -15 from platform-notes). */
export const PLATFORM_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  [-1]: 'The API key or secret is wrong. Check them in Accounts.',
  [-2]: "The platform does not accept requests from this computer's IP address. Ask your platform administrator to allow it.",
  [-15]: 'The platform is receiving too many requests. Wait a moment and try again.',
  [-16]:
    "The platform refused the request's timestamp. Check that your computer's date, time and time zone are set correctly.",
  [-18]:
    'The platform had an internal error. Try again in a moment; if it keeps happening, contact platform support.',
  [-20]: 'This data already exists on the platform. Change the duplicate value and try again.',
  [-22]: 'The platform rejected a parameter of the request. Check the values you entered.',
  [-23]: 'The platform limit for this data has been reached. Remove some entries first.',
  [-25]: 'The time range is not allowed: use at most 31 days within the last two months.',
  [-29]: 'This workspace is disabled on the platform. Contact your platform administrator.',
  [-30]: 'This API key is disabled. Enable it in the platform console or use another key in Accounts.',
  [-31]: "This computer's IP address is not on the API key's whitelist. Add it in the platform console.",
  [-35]: 'The search interval is longer than 32 days. Choose a shorter period.',
  [-63]: 'The seat group belongs to another workspace. Check the seat group id and the account in use.',
  [-71]:
    'No more labels can be created and label names must be unique. Delete labels or remove duplicates first.',
  [-72]: 'A label name is required and may have at most 20 characters. Fix the label names.',
};

/** Codes the client reports besides `platform:<status>`. */
export const CLIENT_ERROR_MESSAGES = {
  network: 'The platform could not be reached. Check your internet connection and the base URL in Accounts.',
  timeout: 'The platform did not answer in time. Try again; if it keeps happening, check your connection.',
  cancelled: 'The request was cancelled.',
  'bad-response': 'The platform sent an answer Switchboard cannot read. Try again in a moment.',
  'http-5xx': 'The platform server had an error. Try again in a moment.',
  http: 'The platform answered with an unexpected HTTP status. Check the base URL in Accounts.',
  'outcome-unknown':
    'The request may or may not have been applied: the connection failed after it was sent. Check before resending.',
  validation: 'Some values need fixing before the request can be sent.',
} as const;

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

/** The error for a non-zero platform status; `reason` (the server's text) goes to `detail`. */
export function platformError(status: number, reason: string | null): AppError {
  const known = PLATFORM_ERROR_MESSAGES[status];
  const meaning = STATUS_MEANINGS[status];
  const message =
    known ??
    `The platform refused the request (status ${status}${meaning ? `: ${meaning}` : ''}). See the reason below.`;
  const error: AppError = { code: platformErrorCode(status), message };
  if (reason !== null && reason !== '') error.detail = reason;
  return error;
}

/** A client-side error with its standard message unless a more precise one is given. */
export function clientError(code: ClientErrorCode, message?: string, detail?: string): AppError {
  const error: AppError = { code, message: message ?? CLIENT_ERROR_MESSAGES[code] };
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
