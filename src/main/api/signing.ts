import { createHash } from 'node:crypto';

/** `Sign` header: lowercase MD5 hex of apiKey + apiSecret + timestamp (no separators). */
export function computeSign(apiKey: string, apiSecret: string, timestampSeconds: number): string {
  return createHash('md5').update(`${apiKey}${apiSecret}${timestampSeconds}`, 'utf8').digest('hex');
}

export interface AuthHeaders {
  'Content-Type': string;
  'Api-Key': string;
  Timestamp: string;
  Sign: string;
}

export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

/** The four headers every call carries, the one GET included. */
export function authHeaders(apiKey: string, apiSecret: string, timestampSeconds: number): AuthHeaders {
  return {
    'Content-Type': JSON_CONTENT_TYPE,
    'Api-Key': apiKey,
    Timestamp: String(timestampSeconds),
    Sign: computeSign(apiKey, apiSecret, timestampSeconds),
  };
}
