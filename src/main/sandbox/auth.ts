import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { LIMITS } from '../../shared/platform';
import type { AccountRegistry, AccountState } from './accounts';
import { PlatformError } from './errors';

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function expectedSign(apiKey: string, apiSecret: string, timestamp: string): string {
  return createHash('md5').update(`${apiKey}${apiSecret}${timestamp}`, 'utf8').digest('hex');
}

/**
 * Checks Api-Key, Timestamp (epoch seconds) and Sign (md5 hex of key + secret + timestamp,
 * any letter case) against the server clock; then the key's and workspace's enabled flags.
 */
export function authenticate(
  headers: IncomingHttpHeaders,
  accounts: AccountRegistry,
  serverNowMs: number,
): AccountState {
  const apiKey = header(headers, 'api-key');
  const timestamp = header(headers, 'timestamp');
  const sign = header(headers, 'sign');
  if (apiKey === null || timestamp === null || sign === null) {
    throw new PlatformError(
      -1,
      'account authentication error: Api-Key, Timestamp and Sign headers are required',
    );
  }
  const account = accounts.find(apiKey);
  if (!account || sign.toLowerCase() !== expectedSign(apiKey, account.apiSecret, timestamp)) {
    throw new PlatformError(-1, 'account authentication error');
  }
  const seconds = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(seconds - serverNowMs / 1000) <= LIMITS.clockToleranceSeconds)) {
    throw new PlatformError(
      -16,
      'timestamp expired: the Timestamp is more than 30 minutes from the server time',
    );
  }
  if (!account.enabled) throw new PlatformError(-30, 'API key disabled');
  if (!account.workspaceEnabled) throw new PlatformError(-29, 'workspace disabled');
  return account;
}
