/**
 * An independent client for the contract tests: signs requests the way the spec says
 * (md5 hex of key + secret + epoch seconds) with nothing but node:crypto and fetch,
 * so the sandbox is checked against the spec, not against the app's own client.
 */
import { createHash } from 'node:crypto';

export function md5Sign(apiKey: string, apiSecret: string, timestamp: string): string {
  return createHash('md5')
    .update(apiKey + apiSecret + timestamp)
    .digest('hex');
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  apiKey?: string;
  apiSecret?: string;
  timestamp?: string;
  sign?: string;
  omitHeaders?: readonly ('Api-Key' | 'Timestamp' | 'Sign')[];
}

export interface CallResult {
  httpStatus: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export interface Target {
  baseUrl: string;
  credentials: { apiKey: string; apiSecret: string };
}

export async function call(target: Target, path: string, options: CallOptions = {}): Promise<CallResult> {
  const apiKey = options.apiKey ?? target.credentials.apiKey;
  const apiSecret = options.apiSecret ?? target.credentials.apiSecret;
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  const signing: [string, string][] = [
    ['Api-Key', apiKey],
    ['Timestamp', timestamp],
    ['Sign', options.sign ?? md5Sign(apiKey, apiSecret, timestamp)],
  ];
  const omitted = new Set<string>(options.omitHeaders ?? []);
  const headers = new Headers({ 'Content-Type': 'application/json;charset=UTF-8' });
  for (const [name, value] of signing) if (!omitted.has(name)) headers.set(name, value);
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const response = await fetch(`${target.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { httpStatus: response.status, headers: response.headers, text, json };
}

export interface Answer {
  status: string | number;
  reason: string;
  data?: unknown;
  [key: string]: unknown;
}

export interface Page<T> {
  total: number;
  size: number;
  current: number;
  pages: number;
  records: T[];
  searchCount?: boolean;
}

/** The JSON answer of a call; fails the test when there is none. */
export function answerOf(result: CallResult): Answer {
  if (typeof result.json !== 'object' || result.json === null)
    throw new Error(`not a JSON answer: ${result.text.slice(0, 200)}`);
  return result.json as Answer;
}

export async function status(target: Target, path: string, options: CallOptions = {}): Promise<string> {
  return String(answerOf(await call(target, path, options)).status);
}

export async function page<T>(target: Target, path: string, body: unknown): Promise<Page<T>> {
  const answer = answerOf(await call(target, path, { body }));
  if (String(answer.status) !== '0') throw new Error(`status ${String(answer.status)}: ${answer.reason}`);
  return answer.data as Page<T>;
}

/** Fetches every page of a paged operation (bounded). */
export async function allRecords<T>(
  target: Target,
  path: string,
  params: unknown,
  maxPages = 200,
): Promise<T[]> {
  const records: T[] = [];
  for (let current = 1; current <= maxPages; current++) {
    const data = await page<T>(target, path, { current, size: 100, params });
    records.push(...data.records);
    if (current >= data.pages) return records;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** ISO 8601 with an explicit offset, in the given zone offset (minutes). */
export function isoAt(ms: number, offsetMinutes = 0): string {
  const shifted = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${shifted}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const PATHS = {
  voiceRecords: '/v3/voice/recordGroupQuery',
  taskDetails: '/v3/cc/preview/queryTaskDetail',
  numberRecords: '/v3/number/record/queryPage',
  seats: '/v3/cc/seat/query',
  teamLeaders: '/v3/cc/teamleader/query',
  numbers: '/v3/number/queryPage',
  axbBindings: '/v3/number/pns/queryBindPage',
  seatGroupRead: '/v3/cc/seatGroup/basicSettingResp',
  seatGroupEdit: '/v3/cc/seatGroup/basicSetting',
  mmsSend: '/v3/mmsSend',
} as const;
