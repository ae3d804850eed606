export interface RequestLogEntry {
  method: string;
  /** Path without the query. */
  path: string;
  apiKey: string | null;
  /** The `status` of the JSON answer as text ("0", "-22", "404"); null when no JSON answer was given. */
  status: string | null;
  /** The injected fault, if any. */
  fault: 'systemError' | 'html502' | 'drop' | 'truncate' | 'rateLimit' | null;
  /** Epoch ms (real clock) when the request arrived. */
  at: number;
  /** The filters of a read (the body's `params`), so tests can check what was asked for; null for writes and bodies without them. */
  params: Readonly<Record<string, unknown>> | null;
}

export const REQUEST_LOG_LIMIT = 10_000;

export interface RequestLog {
  readonly entries: ReadonlyArray<RequestLogEntry>;
  add(entry: RequestLogEntry): void;
  clear(): void;
}

export function createRequestLog(limit = REQUEST_LOG_LIMIT): RequestLog {
  const entries: RequestLogEntry[] = [];
  return {
    entries,
    add(entry) {
      entries.push(entry);
      if (entries.length > limit) entries.splice(0, entries.length - limit);
    },
    clear() {
      entries.length = 0;
    },
  };
}
