/**
 * The built-in sandbox: a faithful simulator of the platform's /v3 API on 127.0.0.1,
 * with deterministic data from a seed and faults that can be switched on at run time.
 * Plain Node: the app's demo profile, the tests, the benchmarks and the CLI all use it.
 */
import { createAccountRegistry, type SandboxAccount } from './accounts';
import { buildSandboxData } from './data';
import type { SandboxData, SandboxVolume } from './data/types';
import type { LiveDayOptions } from './data/live';
import { createFaultInjector, type SandboxFaults } from './faults';
import { createMmsOutbox, type SentMms } from './mms-outbox';
import { createRequestLog, type RequestLogEntry } from './request-log';
import { createSeatGroupStore, type SeatGroupSettings } from './seat-group-store';
import { startServer } from './server';

export { DEFAULT_ACCOUNT } from './accounts';
export { NO_FAULTS } from './faults';
export { HISTORY_DAYS, VOLUMES } from './data';
export type {
  SandboxAccount,
  SandboxFaults,
  SentMms,
  SeatGroupSettings,
  SandboxData,
  SandboxVolume,
  RequestLogEntry,
};
export type * from './data/types';
export type { LiveDay, LiveDayOptions } from './data/live';

export interface SandboxOptions {
  /** 0 or omitted: a random free port. */
  port?: number;
  /** Default 1. */
  seed?: number;
  /** Default 'default'. */
  volume?: SandboxVolume;
  /** Data ends at this instant. Default: now, floored to the hour. */
  anchor?: Date;
  /** Default: one account, sandbox-demo-key / sandbox-demo-secret. */
  accounts?: SandboxAccount[];
  faults?: Partial<SandboxFaults>;
  /** Serve the quirks of the platform's samples (numeric status, sipGroupId, numbers as text...). Default true. */
  quirks?: boolean;
  /**
   * A live day from the start (data/live.ts): calls keep arriving after the anchor with
   * current times and seats change status every few seconds. Default off: fixed data.
   * `true` takes the defaults. It can also be switched at run time (`data.live`).
   */
  live?: boolean | LiveDayOptions;
}

export interface Sandbox {
  /** http://127.0.0.1:PORT, no trailing slash. */
  baseUrl: string;
  port: number;
  /** The first account's key and secret. */
  credentials: { apiKey: string; apiSecret: string };
  setFaults(faults: Partial<SandboxFaults>): void;
  /** Changes an account; a new apiKey (with apiSecret) adds one. */
  setAccount(apiKey: string, patch: Partial<SandboxAccount>): void;
  /** The last 10,000 requests, oldest first. */
  readonly requestLog: ReadonlyArray<RequestLogEntry>;
  clearRequestLog(): void;
  /** Every accepted MMS recipient, in order. */
  readonly mmsSent: ReadonlyArray<SentMms>;
  data: SandboxData;
  /** Stops answering (the port is closed, connections are dropped) until `online`: the platform out of reach. */
  offline(): Promise<void>;
  /** Listens on the same address again. */
  online(): Promise<void>;
  /** Direct edits "behind the app's back". */
  seatGroups: {
    get(id: number): SeatGroupSettings | undefined;
    set(id: number, patch: Partial<SeatGroupSettings>): void;
  };
  close(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

export function defaultAnchor(now = Date.now()): Date {
  return new Date(Math.floor(now / HOUR_MS) * HOUR_MS);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new TypeError(`seed must be a whole number, not ${seed}`);
  const anchor = options.anchor ?? defaultAnchor();
  if (Number.isNaN(anchor.getTime())) throw new TypeError('anchor must be a valid date');
  const accounts = createAccountRegistry(options.accounts);
  const faults = createFaultInjector(seed, options.faults);
  const data = buildSandboxData({
    seed,
    anchor,
    volume: options.volume ?? 'default',
    workspace: accounts.first().workspace,
    live: options.live === true ? {} : options.live || null,
  });
  const seatGroups = createSeatGroupStore(seed, data.seatGroups());
  const mms = createMmsOutbox(seed);
  const requestLog = createRequestLog();
  const server = await startServer(
    { data, seatGroups, mms, accounts, faults, requestLog, quirks: options.quirks ?? true },
    options.port ?? 0,
  );
  const first = accounts.first();
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    port: server.port,
    credentials: { apiKey: first.apiKey, apiSecret: first.apiSecret },
    setFaults: (patch) => faults.set(patch),
    setAccount: (apiKey, patch) => accounts.update(apiKey, patch),
    requestLog: requestLog.entries,
    clearRequestLog: () => requestLog.clear(),
    mmsSent: mms.sent,
    data,
    offline: () => server.offline(),
    online: () => server.online(),
    seatGroups: { get: (id) => seatGroups.get(id), set: (id, patch) => seatGroups.set(id, patch) },
    close: () => server.close(),
  };
}
