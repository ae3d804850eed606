import { performance } from 'node:perf_hooks';
import { platformStatusOf } from '../../shared/errors';
import { worded, type Said } from '../../shared/i18n/said';
import { checkPageQuery, LISTS } from '../../shared/operations';
import type { ConnectionReport } from '../../shared/profiles';
import type { AppError } from '../../shared/result';
import { createClient } from '../api/client';
import type { Logger } from '../log';

export interface ConnectionTarget {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeZone: string;
}

const TIMEOUT_MS = 15_000;
/** The first number, page size 1: always valid, but only the parser makes a request the client sends. */
const PROBE = checkPageQuery(LISTS.numbers, { current: 1, size: 1, params: {} });

/**
 * One cheap signed call (the first number, page size 1) that says exactly what is
 * wrong, or that it worked and how long it took. No retries: the answer must be fast.
 */
export async function testConnection(target: ConnectionTarget, log: Logger): Promise<ConnectionReport> {
  const client = createClient({ ...target, log, timeoutMs: TIMEOUT_MS, retry: { maxAttempts: 1 } });
  const started = performance.now();
  try {
    const result = PROBE.ok ? await client.page(LISTS.numbers, PROBE.value) : PROBE;
    const latencyMs = Math.round(performance.now() - started);
    // The platform's clock as its answer's Date header showed it; a clock within the platform's
    // 30 minutes is signed as it is (no correction) but is still told, before it drifts past them.
    const localMs = Date.now();
    const platformMs = client.platformTimeAt(localMs);
    const offsetSeconds = platformMs === null ? client.clockOffsetSeconds : Math.round((platformMs - localMs) / 1000);
    const offsetMinutes = Math.round(offsetSeconds / 60);
    const clockOffsetMinutes = Math.abs(offsetSeconds) >= 60 ? offsetMinutes : null;
    if (result.ok) {
      const corrected = client.clockOffsetSeconds !== 0;
      const said: Said =
        clockOffsetMinutes === null
          ? { key: 'errors_connected', params: { ms: String(latencyMs) } }
          : { key: corrected ? 'errors_connected_clock' : 'errors_connected_clock_within', params: { ms: String(latencyMs), minutes: Math.abs(offsetMinutes) } };
      return { ok: true, ...worded(said), latencyMs, clockOffsetMinutes, code: null, serverReason: null };
    }
    const explained = explain(result.error, hostOf(target.baseUrl));
    return {
      ok: false,
      ...(typeof explained === 'string' ? { message: explained } : worded(explained)),
      latencyMs: null,
      clockOffsetMinutes,
      code: result.error.code,
      serverReason: platformStatusOf(result.error) === null ? null : (result.error.detail ?? null),
    };
  } finally {
    client.close();
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

/** What is wrong, as a message of the catalog (worded where shown); the error's own text when the catalog has none for it. */
function explain(error: AppError, host: string): Said | string {
  const status = platformStatusOf(error);
  if (status === -1) return { key: 'errors_test_auth' };
  if (status === -2) return { key: 'errors_test_ip' };
  if (status === -31) return { key: 'errors_test_whitelist' };
  if (status === -29) return { key: 'errors_test_workspace' };
  if (status === -30) return { key: 'errors_test_key_disabled' };
  if (status === -16) return { key: 'errors_test_timestamp' };
  if (error.code === 'timeout') return { key: 'errors_test_timeout', params: { host, seconds: TIMEOUT_MS / 1000 } };
  if (error.code === 'network') {
    const detail = error.detail ?? '';
    if (/ENOTFOUND|EAI_AGAIN/.test(detail)) return { key: 'errors_test_dns', params: { host } };
    if (TLS_CODES.test(detail)) return { key: 'errors_test_tls', params: { host, detail } };
    if (/ECONNREFUSED/.test(detail)) return { key: 'errors_test_refused', params: { host } };
    return { key: 'errors_test_unreachable', params: { host, detail: detail || { key: 'errors_test_network_failed' } } };
  }
  if (error.code === 'http' || error.code === 'http-5xx' || error.code === 'bad-response') {
    return { key: 'errors_test_not_api', params: { host, detail: error.detail ?? error.code } };
  }
  return error.said ?? error.message;
}
