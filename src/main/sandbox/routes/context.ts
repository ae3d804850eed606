import type { AccountState } from '../accounts';
import type { SandboxData } from '../data/types';
import { parameterError } from '../errors';
import type { MmsOutbox } from '../mms-outbox';
import type { SeatGroupStore } from '../seat-group-store';

/** What an operation sees of the request and the sandbox's state. */
export interface RouteContext {
  /** The request body as received (empty for the GET). */
  rawBody: string;
  query: URLSearchParams;
  account: AccountState;
  /** The server clock: real time plus the clock-offset fault. */
  serverNowMs: number;
  data: SandboxData;
  seatGroups: SeatGroupStore;
  mms: MmsOutbox;
  /** Serve the platform's sample quirks (default true). */
  quirks: boolean;
}

/** The JSON answer of a successful operation. */
export type RouteAnswer = Record<string, unknown>;
export type RouteHandler = (context: RouteContext) => RouteAnswer;

export function jsonBody(context: RouteContext): unknown {
  try {
    return JSON.parse(context.rawBody);
  } catch {
    throw parameterError('the body is not valid JSON');
  }
}

export function success(extra: Record<string, unknown>): RouteAnswer {
  return { status: '0', reason: 'success', ...extra };
}
