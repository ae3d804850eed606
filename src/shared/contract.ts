/**
 * The one IPC contract. Every method the renderer may call and every event main
 * may send is declared here once; main implements it (src/main/handlers), preload
 * exposes it (src/preload), and the browser harness serves it over HTTP.
 */
import type { Result } from './result';
import type { Said } from './i18n/said';
import * as p from './parse';
import { accountMethods } from './methods/accounts';
import { listEvents, listMethods, type TypedListMethods } from './methods/lists';
import { archiveMethods, type HeldPrune, type TypedArchiveMethods } from './methods/archive';
import { exportMethods } from './methods/export';
import { jobEvents, jobMethods } from './methods/jobs';
import { seatGroupMethods } from './methods/seat-groups';
import { mmsEvents, mmsMethods } from './methods/mms';
import { reportMethods } from './methods/reports';
import { scheduleMethods } from './methods/schedule';
import { liveEvents, liveMethods } from './methods/live';
import { languageMethods } from './methods/language';
import { event, method, type EventSpec, type MethodSpec } from './methods/define';

export type { EventSpec, MethodSpec };
export type { JobProgress } from './methods/jobs';

export interface AppInfo {
  name: string;
  version: string;
  /** Which host answers: the Electron shell or the browser harness. */
  host: 'electron' | 'browser';
  platform: string;
}

export const contract = {
  getAppInfo: method<undefined, AppInfo>(p.nothing),
  ...accountMethods,
  ...listMethods,
  ...exportMethods,
  ...archiveMethods,
  ...jobMethods,
  ...seatGroupMethods,
  ...mmsMethods,
  ...reportMethods,
  ...scheduleMethods,
  ...liveMethods,
  ...languageMethods,
  /** Opens an https link in the system browser. */
  openExternal: method<{ url: string }, null>(p.object({ url: p.string })),
} as const;

/** Something the user should know that is not the answer to a call (e.g. the clock is off). */
export interface AppNotice {
  /** archive: the local archive is busy, was set aside, or could not keep some rows. settings: a screen's settings were not saved. */
  kind: 'clock-offset' | 'events-interrupted' | 'archive' | 'settings';
  /** As main worded it; a notice with the data below is worded again where shown (noticeText), so it follows a language switch. */
  message: string;
  /** The message as a message of the catalog, when it is one. */
  said?: Said;
  /** clock-offset: seconds the server is ahead of this computer (negative: behind). */
  offsetSeconds?: number;
  /** A retention prune a sync held back: the notice offers Remove them and Keep them (decideRetention). */
  heldPrune?: HeldPruneNotice;
}

/** A held prune as a notice tells it: which profile's (its name as the sync knew it) and what it would do. */
export interface HeldPruneNotice extends HeldPrune {
  profileId: string;
  profileName: string;
}

export const events = {
  notice: event<AppNotice>(),
  ...listEvents,
  ...jobEvents,
  ...mmsEvents,
  ...liveEvents,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type EventName = keyof typeof events;

export type RequestOf<M extends MethodName> =
  Contract[M] extends MethodSpec<infer Req, unknown> ? Req : never;
export type ResultOf<M extends MethodName> =
  Contract[M] extends MethodSpec<unknown, infer Res> ? Res : never;
export type PayloadOf<E extends EventName> =
  (typeof events)[E] extends EventSpec<infer P> ? P : never;

export type BridgeMethod<M extends MethodName> = [RequestOf<M>] extends [undefined]
  ? () => Promise<Result<ResultOf<M>>>
  : (request: RequestOf<M>) => Promise<Result<ResultOf<M>>>;

export type SubscriptionName<E extends EventName> = `on${Capitalize<E>}`;

/** What `window.switchboard` is: the methods, plus one `onX` subscription per event. */
export type Bridge = {
  [M in Exclude<MethodName, keyof TypedListMethods | keyof TypedArchiveMethods>]: BridgeMethod<M>;
} & TypedListMethods &
  TypedArchiveMethods & {
  [E in EventName as SubscriptionName<E>]: (listener: (payload: PayloadOf<E>) => void) => () => void;
};

export const methodNames = Object.keys(contract) as MethodName[];
export const eventNames = Object.keys(events) as EventName[];

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

export function methodChannel(name: MethodName): string {
  return `switchboard:${name}`;
}

export function eventChannel(name: EventName): string {
  return `switchboard-event:${name}`;
}

export function subscriptionName<E extends EventName>(name: E): SubscriptionName<E> {
  return `on${name.charAt(0).toUpperCase()}${name.slice(1)}` as SubscriptionName<E>;
}
