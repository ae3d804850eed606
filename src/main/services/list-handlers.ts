import type { PagedRecordTypes, PagedRequestTypes, PlatformClient } from '../api';
import { validateListQuery } from '../../shared/list-validation';
import type { ListOperation, ListParams } from '../../shared/lists';
import type { PageRequest } from '../../shared/requests';
import type { AnyRow, JobDone } from '../../shared/methods/lists';
import type { Page } from '../../shared/records';
import { ok, type Result } from '../../shared/result';
import { describeDrift } from '../jobs/drift-warnings';
import { fetchAll } from '../jobs/fetch-all';
import type { JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { Handlers } from './dispatcher';
import type { EmitEvent } from './index';
import { toRow } from './rows';

/** "Load all" in a view takes at most this many rows; beyond it, export is the tool. */
export const LOAD_ALL_LIMIT = 100_000;
/** Rows are sent to the page in batches, not per page, to keep the bridge quiet. */
const ROW_BATCH_INTERVAL_MS = 150;

type ListHandlers = Pick<Handlers, 'queryPage' | 'startLoadAll' | 'cancelJob'>;

type PageCall<O extends ListOperation> = (request: PagedRequestTypes[O]) => Promise<Result<Page<PagedRecordTypes[O]>>>;

function pageCall<O extends ListOperation>(client: PlatformClient, operation: O): PageCall<O> {
  return (client[operation] as PageCall<O>).bind(client);
}


export function createListHandlers(deps: {
  pool: ClientPool;
  jobs: JobRegistry;
  emit: EmitEvent;
  log: Logger;
}): ListHandlers {
  const { pool, jobs, emit, log } = deps;

  async function queryPage<O extends ListOperation>(
    operation: O,
    request: PagedRequestTypes[O],
  ): Promise<Result<Page<AnyRow>>> {
    const checked = validateListQuery(operation, request as PageRequest<ListParams[O]>);
    if (!checked.ok) return checked;
    const { client } = await pool.active();
    const result = await pageCall(client, operation)(request);
    if (!result.ok) return result;
    return ok({ ...result.value, records: result.value.records.map((record) => toRow(operation, record)) });
  }

  async function runLoadAll<O extends ListOperation>(
    client: PlatformClient,
    operation: O,
    params: PagedRequestTypes[O]['params'],
    jobId: string,
    signal: AbortSignal,
    concurrency: number | undefined,
  ): Promise<void> {
    const limiter = new AbortController();
    const stop = AbortSignal.any([signal, limiter.signal]);
    let delivered = 0;
    let totalRows: number | null = null;
    let batch: AnyRow[] = [];
    let batchOffset = 0;
    let lastFlush = Date.now();
    const flush = (): void => {
      if (batch.length === 0) return;
      emit('jobRows', { jobId, offset: batchOffset, rows: batch });
      batchOffset += batch.length;
      batch = [];
      lastFlush = Date.now();
    };
    const done = (outcome: JobDone['outcome'], extra: Partial<JobDone> = {}): void => {
      flush();
      emit('jobDone', { jobId, outcome, rows: delivered, totalRows, error: null, warnings: [], ...extra });
    };

    const result = await fetchAll(client, operation, params, {
      signal: stop,
      concurrency,
      onProgress: (progress) => {
        totalRows = progress.totalRows;
        emit('jobProgress', { jobId, ...progress });
      },
      onRows: (rows) => {
        const room = LOAD_ALL_LIMIT - delivered;
        for (const record of rows.slice(0, room)) batch.push(toRow(operation, record));
        delivered += Math.min(rows.length, room);
        if (delivered >= LOAD_ALL_LIMIT) limiter.abort();
        if (Date.now() - lastFlush >= ROW_BATCH_INTERVAL_MS) flush();
      },
    });
    if (limiter.signal.aborted && !signal.aborted) {
      done('limited', {
        warnings: [
          `Only the first ${LOAD_ALL_LIMIT.toLocaleString('en')} rows are loaded into the table. Narrow the filters, or export to get everything.`,
        ],
      });
    } else if (result.ok) {
      done('completed', { warnings: describeDrift(result.value) });
    } else if (result.error.code === 'cancelled' || signal.aborted) {
      done('cancelled');
    } else {
      log.warn(`load all ${operation} failed`, result.error.code);
      done('failed', { error: result.error });
    }
  }

  return {
    queryPage: ({ operation, current, size, params }) =>
      withAccounts(() => queryPage(operation, { current, size, params } as PagedRequestTypes[typeof operation])),

    startLoadAll: (request) =>
      withAccounts(async () => {
        const checked = validateListQuery(request.operation, { current: 1, size: 100, params: request.params });
        if (!checked.ok) return checked;
        const { client } = await pool.active();
        const job = jobs.start();
        void runLoadAll(client, request.operation, request.params, job.id, job.signal, request.concurrency)
          .catch((error: unknown) => {
            log.error('load all crashed', error);
            emit('jobDone', {
              jobId: job.id,
              outcome: 'failed',
              rows: 0,
              totalRows: null,
              error: { code: 'internal', message: 'Loading stopped because of an internal error. The details are in the log file.' },
              warnings: [],
            });
          })
          .finally(() => jobs.finish(job.id));
        return ok({ jobId: job.id, limit: LOAD_ALL_LIMIT });
      }),

    cancelJob: ({ jobId }) => {
      jobs.cancel(jobId);
      return ok(null);
    },
  };
}
