import { performance } from 'node:perf_hooks';
import { platformStatusOf } from '../../shared/errors';
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
    const offsetMinutes = Math.round(client.clockOffsetSeconds / 60);
    const clockOffsetMinutes = Math.abs(client.clockOffsetSeconds) >= 60 ? offsetMinutes : null;
    if (result.ok) {
      const clock =
        clockOffsetMinutes === null
          ? ''
          : ` Your computer's clock is off by ${Math.abs(offsetMinutes)} minute${Math.abs(offsetMinutes) === 1 ? '' : 's'}; Switchboard corrects for it, but please fix the clock.`;
      return { ok: true, message: `Connected in ${latencyMs} ms.${clock}`, latencyMs, clockOffsetMinutes, code: null, serverReason: null };
    }
    return {
      ok: false,
      message: explain(result.error, hostOf(target.baseUrl)),
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

function explain(error: AppError, host: string): string {
  const status = platformStatusOf(error);
  if (status === -1) return 'The API key or the API secret is wrong (status -1). Copy both again from the platform console.';
  if (status === -2) return "The platform restricts this computer's IP address (status -2). Ask your administrator to allow it.";
  if (status === -31) return "This computer's IP address is not on the key's whitelist (status -31). Add it in the platform console.";
  if (status === -29) return 'This workspace is disabled on the platform (status -29). Contact your platform administrator.';
  if (status === -30) return 'This API key is disabled (status -30). Enable it in the platform console or use another key.';
  if (status === -16) {
    return "The platform rejected the timestamp even after correcting for its clock (status -16). Check your computer's date, time and time zone.";
  }
  if (error.code === 'timeout') return `${host} did not answer within ${TIMEOUT_MS / 1000} seconds. Check the base URL and your network.`;
  if (error.code === 'network') {
    const detail = error.detail ?? '';
    if (/ENOTFOUND|EAI_AGAIN/.test(detail)) return `The name ${host} could not be found (DNS). Check the base URL and your network.`;
    if (TLS_CODES.test(detail)) return `The secure connection to ${host} failed (${detail}). Check the base URL; a proxy may be intercepting TLS.`;
    if (/ECONNREFUSED/.test(detail)) return `Nothing is listening at ${host} (connection refused). Check the base URL and port.`;
    return `Could not reach ${host}: ${detail || 'the network failed'}. Check the base URL and your network.`;
  }
  if (error.code === 'http' || error.code === 'http-5xx' || error.code === 'bad-response') {
    return `${host} answered, but not as the platform API does (${error.detail ?? error.code}). Check the base URL, including any path prefix.`;
  }
  return error.message;
}
