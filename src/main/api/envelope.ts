/**
 * Reads the platform's answer: `{ status, reason, data, ... }` with status as a
 * string or a number. Anything else (an HTML error page, text, a cut-off body, a
 * JSON without status) becomes a failure that says what came back.
 */
import { clientError, platformError } from '../../shared/errors';
import { m } from '../../shared/i18n';
import type { Said } from '../../shared/i18n/said';
import { callFailure, type CallFailure } from './failure';
import { looksTruncatedJson, parseJsonExact } from './json-text';
import type { TransportResponse } from './transport';
import { isRecord } from '../../shared/parse';

export interface Envelope {
  status: 0;
  reason: string | null;
  data: unknown;
  /** The whole answer (MMS send puts its results beside data). */
  body: Record<string, unknown>;
}

export type EnvelopeOutcome = { ok: true; envelope: Envelope } | { ok: false; failure: CallFailure };

const EXCERPT_CHARS = 160;

/** -18 system error and -15 rate limit pass; the others will answer the same again. */
const RETRYABLE_STATUSES = new Set([-18, -15]);

export function readEnvelope(response: TransportResponse, redact: (text: string) => string): EnvelopeOutcome {
  const { httpStatus, body } = response;
  const serverDate = response.date;
  // Redacted before it is said: the message's inputs go to the screen, which words them again. Only a fault says it.
  const httpLabel = (): string => redact(`HTTP ${httpStatus}${response.statusText ? ` ${response.statusText}` : ''}`);
  const transient = httpStatus >= 500 || httpStatus === 429 || (httpStatus >= 200 && httpStatus < 300);
  // A 4xx page is a refusal by whatever answered; a 5xx or a broken 2xx may follow the platform acting.
  const maybeApplied = httpStatus >= 500 || (httpStatus >= 200 && httpStatus < 300);
  // Redact before cutting: a secret straddling the cut would otherwise survive in part.
  const shown = (text: string): string => excerpt(redact(text));
  const fault = (message: Said, detail: string, retryable = transient): EnvelopeOutcome => ({
    ok: false,
    failure: callFailure(clientError(httpErrorCode(httpStatus), message, redact(detail)), {
      retryable,
      maybeApplied,
      rateLimited: httpStatus === 429,
      serverDate,
    }),
  });

  const trimmed = body.trim();
  if (isHtml(trimmed, response.contentType)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    return fault(
      { key: 'errors_html_page', params: { http: httpLabel(), advice: advice(httpStatus) } },
      title ? m.errors_page_title({ title: shown(title) }) : m.errors_page_starts({ text: shown(trimmed) }),
    );
  }
  if (trimmed === '') {
    return fault({ key: 'errors_empty_answer', params: { http: httpLabel(), advice: advice(httpStatus) } }, '');
  }

  let parsed: unknown;
  try {
    parsed = parseJsonExact(trimmed);
  } catch {
    if (looksTruncatedJson(trimmed)) {
      // No excerpt: screens show `detail` as the server's words, and the end of a cut-off body is raw JSON.
      return fault(
        { key: 'errors_cut_off_bytes', params: { bytes: String(Buffer.byteLength(body)), http: httpLabel(), advice: advice(httpStatus) } },
        '',
        true,
      );
    }
    return fault(
      { key: 'errors_not_json', params: { http: httpLabel(), advice: advice(httpStatus) } },
      m.errors_answer_starts({ text: shown(trimmed) }),
    );
  }

  if (!isRecord(parsed) || !('status' in parsed)) {
    return fault(
      { key: 'errors_no_status', params: { http: httpLabel(), advice: advice(httpStatus) } },
      m.errors_answer_starts({ text: shown(trimmed) }),
      httpStatus >= 500 || httpStatus === 429,
    );
  }
  const status = readStatus(parsed.status);
  if (status === null) {
    return fault(
      { key: 'errors_status_not_number', params: { http: httpLabel() } },
      `status: ${shown(JSON.stringify(parsed.status) ?? '')}`,
      false,
    );
  }
  const reason = readReason(parsed.reason);
  if (status > 0) {
    // Platform statuses are 0 or negative; a positive one is a web server's own error body
    // (Spring's `{ timestamp, status: 404, error, path }`).
    const error = readReason(parsed.error) ?? reason ?? '';
    const shownAdvice = advice(httpStatus >= 300 ? httpStatus : status);
    return fault(
      httpStatus === status
        ? { key: 'errors_web_error', params: { http: httpLabel(), advice: shownAdvice } }
        : { key: 'errors_web_error_status', params: { http: httpStatus, status, advice: shownAdvice } },
      `${status} ${error}`.trim(),
    );
  }
  if (status !== 0) {
    return {
      ok: false,
      failure: callFailure(platformError(status, reason === null ? null : redact(reason)), {
        retryable: RETRYABLE_STATUSES.has(status),
        maybeApplied: false,
        rateLimited: status === -15,
        serverDate,
      }),
    };
  }
  return { ok: true, envelope: { status: 0, reason, data: parsed.data, body: parsed } };
}

function httpErrorCode(httpStatus: number): 'http-5xx' | 'http' | 'bad-response' {
  if (httpStatus >= 500) return 'http-5xx';
  if (httpStatus >= 300 || httpStatus < 200) return 'http';
  return 'bad-response';
}

function advice(httpStatus: number): Said {
  if (httpStatus >= 500) return { key: 'errors_advice_5xx' };
  if (httpStatus === 429) return { key: 'errors_advice_429' };
  if (httpStatus >= 300) return { key: 'errors_advice_base_url' };
  return { key: 'errors_advice_retry' };
}

function isHtml(trimmed: string, contentType: string | null): boolean {
  if (contentType !== null && /html/i.test(contentType)) return true;
  return /^<(!doctype|html|head|body|\?xml|[a-z]+[\s>])/i.test(trimmed);
}

/** A status is a whole number the size of a code; anything else (1e21, 12.5, "x") is not a platform answer. */
function readStatus(value: unknown): number | null {
  const status = typeof value === 'string' && /^\s*-?\d{1,9}\s*$/.test(value) ? Number(value) : value;
  return typeof status === 'number' && Number.isSafeInteger(status) && Math.abs(status) < 1e9 ? status : null;
}

function readReason(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}


function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}
