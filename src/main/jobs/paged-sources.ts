/**
 * How fetch-all pages through each list operation: the request for a page of a
 * window, the record's id (for duplicate detection) and its time (to tell whether
 * the platform lists newest first).
 */
import type {
  CallOptions,
  PagedOperationId,
  PagedRecordTypes,
  PagedRequestTypes,
  PlatformClient,
} from '../api';
import type { Page, Timestamp } from '../../shared/records';
import type { PageRequest } from '../../shared/requests';
import type { Result } from '../../shared/result';
import { splitRecordWindow } from './record-windows';

export type ParamsOf<Op extends PagedOperationId> = PagedRequestTypes[Op]['params'];

export interface PageSource<R> {
  /** Windows of the period, oldest first (one unless a record period was split). */
  windowCount: number;
  fetchPage(window: number, current: number, size: number, options: CallOptions): Promise<Result<Page<R>>>;
  /** A unique id, or null when the records have none. */
  idOf(record: R): string | null;
  /** The time the platform sorts by, when it has one. */
  timeOf(record: R): number | null;
}

type PageCall<P, R> = (request: PageRequest<P>, options: CallOptions) => Promise<Result<Page<R>>>;

function source<P, R>(
  windows: P[],
  call: PageCall<P, R>,
  idOf: (record: R) => string | null,
  timeOf: (record: R) => number | null = () => null,
): PageSource<R> {
  return {
    windowCount: windows.length,
    fetchPage: (window, current, size, options) => call({ current, size, params: windows[window] }, options),
    idOf,
    timeOf,
  };
}

const epoch = (timestamp: Timestamp | null): number | null => timestamp?.epochMs ?? null;

type SourceBuilders = {
  [Op in PagedOperationId]: (
    client: PlatformClient,
    params: ParamsOf<Op>,
  ) => PageSource<PagedRecordTypes[Op]>;
};

const SOURCES: SourceBuilders = {
  voiceRecords: (client, params) =>
    source(
      splitRecordWindow(params),
      (request, options) => client.voiceRecords(request, options),
      (r) => r.voiceId,
      (r) => epoch(r.submitTime) ?? epoch(r.callTime),
    ),
  numberRecords: (client, params) =>
    source(
      splitRecordWindow(params),
      (request, options) => client.numberRecords(request, options),
      (r) => r.callid,
      (r) => epoch(r.startTime),
    ),
  // Task rows share their task id and may lack a call id: no id to check.
  taskDetails: (client, params) =>
    source(
      [params],
      (request, options) => client.taskDetails(request, options),
      () => null,
    ),
  seats: (client, params) =>
    source(
      [params],
      (request, options) => client.seats(request, options),
      (r) => r.keyId,
    ),
  teamLeaders: (client, params) =>
    source(
      [params],
      (request, options) => client.teamLeaders(request, options),
      (r) => r.keyId,
    ),
  numbers: (client, params) =>
    source(
      [params],
      (request, options) => client.numbers(request, options),
      (r) => r.number,
    ),
  axbBindings: (client, params) =>
    source(
      [params],
      (request, options) => client.axbBindings(request, options),
      (r) => r.bindId,
    ),
};

export function pageSourceFor<Op extends PagedOperationId>(
  client: PlatformClient,
  operation: Op,
  params: ParamsOf<Op>,
): PageSource<PagedRecordTypes[Op]> {
  const build: SourceBuilders[Op] = SOURCES[operation];
  return build(client, params);
}
