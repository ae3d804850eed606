import { LIST_OPERATIONS, type ListOperation, type ListParams, type ListRows } from '../operations';
import * as p from '../parse';
import type { Page } from '../records';
import type { Result } from '../result';
import { event, method } from './define';
import type { JobInfo } from './jobs';

/** One page of one list, as the renderer asks for it. Params are checked by the operation's parser in main. */
export interface QueryPageRequestOf<O extends ListOperation> {
  operation: O;
  current: number;
  size: number;
  params: ListParams[O];
}
export type QueryPageRequest = { [O in ListOperation]: QueryPageRequestOf<O> }[ListOperation];

/** The bridge's list methods, typed per operation: a screen of voice records gets `Page<VoiceRecord>`. */
export interface TypedListMethods {
  queryPage<O extends ListOperation>(request: QueryPageRequestOf<O>): Promise<Result<Page<ListRows[O]>>>;
  startLoadAll<O extends ListOperation>(request: StartLoadAllRequestOf<O>): Promise<Result<{ job: JobInfo }>>;
}

export interface StartLoadAllRequestOf<O extends ListOperation> {
  /**
   * Chosen by the caller (a random UUID) so it listens for the job's rows and changes
   * before starting it: the events travel apart from the answer and may arrive first.
   */
  jobId: string;
  operation: O;
  params: ListParams[O];
  concurrency?: number;
}
export type StartLoadAllRequest = { [O in ListOperation]: StartLoadAllRequestOf<O> }[ListOperation];

export type AnyRow = ListRows[ListOperation];

/** Rows a Load all takes into a view at most; beyond it the user is told to narrow the filters or export. */
export const LOAD_ALL_LIMIT = 100_000;

/** A batch of a Load all's rows, typed by the operation it lists (main sends only that operation's rows). */
export interface JobRowsOf<O extends ListOperation> {
  jobId: string;
  operation: O;
  /** Index of the first row of this batch in the whole result. */
  offset: number;
  rows: ListRows[O][];
}

export type JobRows = JobRowsOf<ListOperation>;

/** True when the batch lists this operation: its rows are then that operation's rows. */
export function isBatchOf<O extends ListOperation>(operation: O, batch: JobRows): batch is JobRowsOf<O> {
  return batch.operation === operation;
}

const operation = p.oneOf(LIST_OPERATIONS);

export const listMethods = {
  queryPage: method<QueryPageRequest, Page<AnyRow>>(
    p.object({ operation, current: p.integer, size: p.integer, params: p.plainObject }) as p.Parser<QueryPageRequest>,
  ),
  startLoadAll: method<StartLoadAllRequest, { job: JobInfo }>(
    p.object({ jobId: p.jobId, operation, params: p.plainObject, concurrency: p.optional(p.integer) }) as p.Parser<StartLoadAllRequest>,
  ),
  /** Per-screen filters, page sizes and columns, kept in userData across restarts. */
  loadPreferences: method<undefined, Record<string, unknown>>(p.nothing),
  savePreference: method<{ key: string; value: unknown }, null>(
    p.object({ key: p.string, value: p.json }) as p.Parser<{ key: string; value: unknown }>,
  ),
} as const;

export const listEvents = {
  /** A Load all's rows, in order; how the job goes is told by `jobChanged`, after the rows it reports. */
  jobRows: event<JobRows>(),
} as const;
