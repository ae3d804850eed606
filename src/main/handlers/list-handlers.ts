import type { PlatformClient } from '../api';
import { checkPageQuery, type CheckedQuery, listOf, type ListOperation, type ListParams, type ListRecords, type ListRows } from '../../shared/operations';
import { type JobDone, type JobRowsOf, LOAD_ALL_LIMIT } from '../../shared/methods/lists';
import type { Page } from '../../shared/records';
import { fail, ok, type Result } from '../../shared/result';
import { describeDrift } from '../jobs/drift-warnings';
import { checkFetchAll, fetchAll } from '../jobs/fetch-all';
import type { JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { Handlers } from './dispatcher';
import type { EmitEvent } from './dispatcher';

/** Rows are sent to the page in batches, not per page, to keep the bridge quiet. */
const ROW_BATCH_INTERVAL_MS = 150;

type ListHandlers = Pick<Handlers, 'queryPage' | 'startLoadAll' | 'cancelJob'>;

export function createListHandlers(deps: {
  pool: Pick<ClientPool, 'active'>;
  jobs: JobRegistry;
  emit: EmitEvent;
  log: Logger;
}): ListHandlers {
  const { pool, jobs, emit, log } = deps;

  /** The request enters main here: the operation's parser checks it, against the platform's clock, before anything is sent. */
  async function queryPage<O extends ListOperation>(
    operation: O,
    request: { current: number; size: number; params: unknown },
  ): Promise<Result<Page<ListRows[O]>>> {
    const list = listOf(operation);
    const { client } = await pool.active();
    const checked = checkPageQuery(list, request, { now: client.now() });
    if (!checked.ok) return checked;
    const result = await client.page(list, checked.value);
    if (!result.ok) return result;
    return ok({ ...result.value, records: result.value.records.map((record) => list.toRow(record)) });
  }

  async function runLoadAll<O extends ListOperation>(
    client: PlatformClient,
    operation: O,
    query: CheckedQuery<ListParams[O], ListRecords[O]>,
    jobId: string,
    signal: AbortSignal,
    concurrency: number | undefined,
  ): Promise<void> {
    const limiter = new AbortController();
    const stop = AbortSignal.any([signal, limiter.signal]);
    let delivered = 0;
    let totalRows: number | null = null;
    let batch: ListRows[O][] = [];
    let batchOffset = 0;
    let lastFlush = Date.now();
    const flush = (): void => {
      if (batch.length === 0) return;
      const rows: JobRowsOf<O> = { jobId, offset: batchOffset, operation, rows: batch };
      emit('jobRows', rows);
      batchOffset += batch.length;
      batch = [];
      lastFlush = Date.now();
    };
    const done = (outcome: JobDone['outcome'], extra: Partial<JobDone> = {}): void => {
      flush();
      emit('jobDone', { jobId, outcome, rows: delivered, totalRows, error: null, warnings: [], ...extra });
    };

    const result = await fetchAll(client, listOf(operation), query, {
      signal: stop,
      concurrency,
      onProgress: (progress) => {
        totalRows = progress.totalRows;
        emit('jobProgress', { jobId, ...progress });
      },
      onRows: (rows) => {
        const room = LOAD_ALL_LIMIT - delivered;
        batch.push(...rows.slice(0, room));
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

  async function startLoadAll<O extends ListOperation>(
    jobId: string,
    operation: O,
    params: unknown,
    concurrency: number | undefined,
  ): Promise<Result<null>> {
    const { client } = await pool.active();
    // The only check of a Load all: its pages are derived from this query, never parsed again.
    const checked = checkFetchAll(listOf(operation), params, { concurrency, now: client.now() });
    if (!checked.ok) return checked;
    const job = jobs.claim(jobId);
    if (!job) return fail('bad-request', 'A job with that id is already running: each Load all needs a new id.');
    void runLoadAll(client, operation, checked.value, job.id, job.signal, concurrency)
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
    return ok(null);
  }

  return {
    queryPage: ({ operation, current, size, params }) =>
      withAccounts(() => queryPage(operation, { current, size, params })),

    startLoadAll: ({ jobId, operation, params, concurrency }) =>
      withAccounts(() => startLoadAll(jobId, operation, params, concurrency)),

    cancelJob: ({ jobId }) => {
      jobs.cancel(jobId);
      return ok(null);
    },
  };
}
