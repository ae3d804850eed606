/**
 * A Sync as a job the Jobs panel shows (progress, Cancel, how it ended): the named lists
 * of one profile brought up to date as the plan says (sync-plan.ts), windowed lists by
 * their uncovered ranges and snapshot lists whole. The Sync button and the Overview's
 * "sync first" run it.
 */
import type { Accounts } from '../accounts/accounts';
import { createClient } from '../api';
import type { JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import type { JobInfo } from '../../shared/methods/jobs';
import type { ListOperation } from '../../shared/operations';
import { fail, ok, type Result } from '../../shared/result';
import type { ArchiveStore } from './archive-store';
import { syncList, type SyncPlan } from './sync-plan';

export interface SyncJobDeps {
  accounts: Accounts;
  jobs: JobRegistry;
  log: Logger;
}

export interface StartedSync {
  job: JobInfo;
  /** Settles when the job ends: the rows fetched, or why it stopped. */
  finished: Promise<Result<{ rows: number }>>;
}

export async function startSyncJob(
  deps: SyncJobDeps,
  store: ArchiveStore,
  profileId: string,
  operations: readonly ListOperation[],
  plan: SyncPlan,
): Promise<Result<StartedSync>> {
  const { accounts, jobs, log } = deps;
  const connection = await accounts.connection(profileId);
  // Its own client without the page hook: sync writes each range with its coverage itself.
  const client = createClient({ ...connection, log });
  const job = jobs.startShown({ kind: 'sync', title: 'Sync', operation: null, path: null, cancellable: true });
  let rows = 0;
  let done = 0;
  const run = async (): Promise<Result<null>> => {
    for (const operation of operations) {
      const onProgress = (progress: { rows: number }): void =>
        jobs.progress(job.id, {
          concurrency: 1,
          rows: rows + progress.rows,
          totalRows: null,
          pagesDone: done,
          totalPages: operations.length,
          rowsPerSecond: 0,
          etaSeconds: null,
        });
      const result = await syncList(store, client, operation, plan, { signal: job.signal, onProgress });
      if (!result.ok) return result;
      rows += result.value.rows;
      done += 1;
    }
    return ok(null);
  };
  const finished = run()
    .then((result): Result<{ rows: number }> => {
      if (result.ok) jobs.end(job.id, { state: 'completed', rows, error: null, warnings: [] });
      else if (result.error.code === 'cancelled' || job.signal.aborted) jobs.end(job.id, { state: 'cancelled', rows, error: null, warnings: [] });
      else jobs.end(job.id, { state: 'failed', rows, error: result.error, warnings: [] });
      return result.ok ? ok({ rows }) : result;
    })
    .catch((error: unknown): Result<{ rows: number }> => {
      log.error('sync crashed', error);
      const stopped = { code: 'internal', message: 'The sync stopped because of an internal error. The details are in the log file.' };
      jobs.end(job.id, { state: 'failed', rows, error: stopped, warnings: [] });
      return fail(stopped.code, stopped.message);
    })
    .finally(() => {
      client.close();
      jobs.finish(job.id);
    });
  const shown = jobs.list().find((candidate) => candidate.jobId === job.id);
  if (!shown) return fail('internal', 'The sync could not be shown.');
  return ok({ job: shown, finished });
}
