/**
 * One HTTP exchange with the platform: keep-alive agents, a per-request timeout,
 * cancellation, and the body as text (the caller parses it, so a non-JSON answer,
 * an HTML error page or a cut-off body can be reported exactly). Never throws.
 */
import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosResponse } from 'axios';
import { m } from '../../shared/i18n';

export interface TransportOptions {
  baseUrl: string;
  /** Default per-request timeout. */
  timeoutMs: number;
  /** Sockets per host (the fetch engine runs at most 16 requests at once). */
  maxSockets?: number;
}

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Operation path, e.g. /v3/mmsSend; appended to the base URL's own path. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface TransportResponse {
  kind: 'response';
  httpStatus: number;
  statusText: string;
  contentType: string | null;
  /** HTTP `Date` header (server clock), if sent. */
  date: string | null;
  body: string;
}

export type TransportFailureKind = 'cancelled' | 'timeout' | 'network' | 'truncated';

export interface TransportFailure {
  kind: 'failure';
  failure: TransportFailureKind;
  /** `before-send`: the request certainly never reached the server (DNS, refused, TLS, bad URL, cancelled early). */
  phase: 'before-send' | 'maybe-sent';
  /** Secret-free description (an error code and the host, never headers). */
  message: string;
  httpStatus?: number;
}

export type TransportOutcome = TransportResponse | TransportFailure;

export interface Transport {
  send(request: TransportRequest): Promise<TransportOutcome>;
  /** Closes idle keep-alive sockets. */
  close(): void;
}

/** Errors that happen before a single byte of the request can reach the server. */
const BEFORE_SEND_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** Joins base URL and operation path, keeping any path prefix of the base (https://host/proxy + /v3/x). */
export function operationUrl(baseUrl: string, path: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const prefix = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * Idle keep-alive sockets are dropped after this long. Without it Node keeps them for
 * ever, while servers close theirs (Node's after 5 s): a request could then be written
 * into a socket the server has just closed and fail with ECONNRESET, and on a busy
 * machine every retry could draw another such socket.
 */
const IDLE_SOCKET_MS = 4_000;

export function createTransport(options: TransportOptions): Transport {
  const maxSockets = options.maxSockets ?? 16;
  const agentOptions = { keepAlive: true, maxSockets, timeout: IDLE_SOCKET_MS };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(agentOptions);

  async function send(request: TransportRequest): Promise<TransportOutcome> {
    const url = operationUrl(options.baseUrl, request.path);
    if (url === null) {
      return failure('network', 'before-send', m.errors_transport_bad_url());
    }
    if (request.signal?.aborted) return failure('cancelled', 'before-send', m.errors_transport_cancelled_before());

    const timeoutMs = request.timeoutMs ?? options.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCancel = (): void => controller.abort();
    request.signal?.addEventListener('abort', onCancel, { once: true });

    try {
      const response: AxiosResponse<string> = await axios.request<string>({
        url,
        method: request.method,
        params: request.query,
        data: request.body === undefined ? undefined : JSON.stringify(request.body),
        headers: request.headers,
        httpAgent,
        httpsAgent,
        signal: controller.signal,
        responseType: 'text',
        transformResponse: [(data: unknown) => data],
        validateStatus: () => true,
        maxRedirects: 0,
        proxy: false,
      });
      return {
        kind: 'response',
        httpStatus: response.status,
        statusText: response.statusText ?? '',
        contentType: headerText(response.headers['content-type']),
        date: headerText(response.headers.date),
        body: typeof response.data === 'string' ? response.data : String(response.data ?? ''),
      };
    } catch (error: unknown) {
      if (timedOut) return failure('timeout', 'maybe-sent', m.errors_transport_timeout({ ms: String(timeoutMs) }));
      if (request.signal?.aborted)
        return failure('cancelled', 'maybe-sent', m.errors_transport_cancelled_during());
      return describeAxiosFailure(error, url);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCancel);
    }
  }

  return {
    send,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

function describeAxiosFailure(error: unknown, url: string): TransportFailure {
  const host = safeHost(url);
  if (!axios.isAxiosError(error)) {
    return failure('network', 'maybe-sent', m.errors_transport_failed({ host }));
  }
  const code = error.code ?? errorCodeOfCause(error.cause);
  if (error.response) {
    // Headers arrived, then the body stopped: a cut-off answer.
    return {
      ...failure(
        'truncated',
        'maybe-sent',
        m.errors_transport_cut_off({ host, status: error.response.status }),
      ),
      httpStatus: error.response.status,
    };
  }
  const causeCode = errorCodeOfCause(error.cause) ?? code;
  if (causeCode !== undefined && BEFORE_SEND_CODES.has(causeCode)) {
    return failure('network', 'before-send', m.errors_transport_connect({ host, code: causeCode }));
  }
  return failure(
    'network',
    'maybe-sent',
    causeCode ? m.errors_transport_connection_failed_code({ host, code: causeCode }) : m.errors_transport_connection_failed({ host }),
  );
}

function errorCodeOfCause(cause: unknown): string | undefined {
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') {
    return cause.code;
  }
  return undefined;
}

function failure(
  kind: TransportFailureKind,
  phase: TransportFailure['phase'],
  message: string,
): TransportFailure {
  return { kind: 'failure', failure: kind, phase, message };
}

function headerText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the server';
  }
}
