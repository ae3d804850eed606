import type { PlatformClient } from '../api';
import { checkPageQuery, type CheckedQuery, listOf, type ListOperation, type ListParams, type ListRecords, type ListRows } from '../../shared/operations';
import type { JobInfo } from '../../shared/methods/jobs';
import { type JobRowsOf, LOAD_ALL_LIMIT } from '../../shared/methods/lists';
import type { Page } from '../../shared/records';
import { formatNumber, m } from '../../shared/i18n';
import { fail, ok, type Result } from '../../shared/result';
import { describeDrift } from '../jobs/drift-warnings';
import { checkFetchAll, fetchAll } from '../jobs/fetch-all';
import type { JobEnding, JobHandle, JobRegistry } from '../jobs/job-registry';
import { completed, runJob, stopped } from '../jobs/run-job';
import type { Logger } from '../log';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { Handlers } from './dispatcher';
import type { EmitEvent } from './dispatcher';

/** Rows are sent to the page in batches, not per page, to keep the bridge quiet. */
const ROW_BATCH_INTERVAL_MS = 150;

type ListHandlers = Pick<Handlers, 'queryPage' | 'startLoadAll'>;

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

  /** Fetches every page into the view's rows (as `jobRows` batches) up to LOAD_ALL_LIMIT; how it ended. */
  async function loadAll<O extends ListOperation>(
    client: PlatformClient,
    operation: O,
    query: CheckedQuery<ListParams[O], ListRecords[O]>,
    job: JobHandle,
    concurrency: number | undefined,
  ): Promise<JobEnding> {
    const limiter = new AbortController();
    const stop = AbortSignal.any([job.signal, limiter.signal]);
    let delivered = 0;
    let batch: ListRows[O][] = [];
    let batchOffset = 0;
    let lastFlush = Date.now();
    const flush = (): void => {
      if (batch.length === 0) return;
      const rows: JobRowsOf<O> = { jobId: job.id, offset: batchOffset, operation, rows: batch };
      emit('jobRows', rows);
      batchOffset += batch.length;
      batch = [];
      lastFlush = Date.now();
    };

    const result = await fetchAll(client, listOf(operation), query, {
      signal: stop,
      concurrency,
      onProgress: (progress) => job.progress(progress),
      onRows: (rows) => {
        const room = LOAD_ALL_LIMIT - delivered;
        batch.push(...rows.slice(0, room));
        delivered += Math.min(rows.length, room);
        if (delivered >= LOAD_ALL_LIMIT) limiter.abort();
        if (Date.now() - lastFlush >= ROW_BATCH_INTERVAL_MS) flush();
      },
    });
    // Every row the job counts is sent before the change that ends it.
    flush();
    if (limiter.signal.aborted && !job.signal.aborted) {
      return {
        ...completed(delivered, [{ key: 'errors_load_all_limit', params: { count: formatNumber(LOAD_ALL_LIMIT) } }]),
        limited: true,
      };
    }
    if (result.ok) return completed(delivered, describeDrift(result.value));
    if (result.error.code !== 'cancelled' && !job.signal.aborted) log.warn(`load all ${operation} failed`, result.error.code);
    return stopped(result.error, job, delivered);
  }

  async function startLoadAll<O extends ListOperation>(
    jobId: string,
    operation: O,
    params: unknown,
    concurrency: number | undefined,
  ): Promise<Result<{ job: JobInfo }>> {
    const { client, connection } = await pool.active();
    // The only check of a Load all: its pages are derived from this query, never parsed again.
    const list = listOf(operation);
    const checked = checkFetchAll(list, params, { concurrency, now: client.now() });
    if (!checked.ok) return checked;
    const job = jobs.start(
      { kind: 'loadAll', title: list.endpoint.title, profileId: connection.profileId, operation, path: null, cancellable: true },
      jobId,
    );
    if (!job) return fail('bad-request', m.errors_job_id_taken());
    void runJob(job, 'Load all', log, () => loadAll(client, operation, checked.value, job, concurrency));
    return ok({ job: job.started });
  }

  return {
    queryPage: ({ operation, current, size, params }) =>
      withAccounts(() => queryPage(operation, { current, size, params })),

    startLoadAll: ({ jobId, operation, params, concurrency }) =>
      withAccounts(() => startLoadAll(jobId, operation, params, concurrency)),
  };
}
