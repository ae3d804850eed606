/**
 * A Sync as a job: the named lists of one profile brought up to date as the plan says
 * (archive/sync-plan.ts), one after another. The Sync button runs it as a sync job; the
 * Overview's "sync first" runs the same work inside its report job.
 */
import type { Accounts } from '../accounts/accounts';
import { createClient } from '../api';
import type { ArchiveStore } from '../archive/archive-store';
import type { Archives } from '../archive/archives';
import { syncList, type SyncPlan } from '../archive/sync-plan';
import type { Logger } from '../log';
import type { JobInfo } from '../../shared/methods/jobs';
import type { Said } from '../../shared/i18n/said';
import { listOf, type ListOperation } from '../../shared/operations';
import { ok, type Result } from '../../shared/result';
import { shownZoneOf } from '../../shared/time-zone';
import { computeProgress } from './fetch-progress';
import type { JobHandle, JobRegistry } from './job-registry';
import { completed, resultOf, runJob, stopped } from './run-job';

export interface SyncJobDeps {
  accounts: Accounts;
  jobs: JobRegistry;
  log: Logger;
  /** Told what each list's retention did: a prune held back waits there for the user's word. */
  archives: Pick<Archives, 'noteRetention'>;
}


export interface StartedSync {
  job: JobInfo;
  /** Settles when the job ends: the rows fetched, or why it stopped (code `cancelled` when it was cancelled). */
  finished: Promise<Result<{ rows: number }>>;
}

/** The lists synced in turn, reported to `job`: rows over all of them, and lists done of all. */
export async function syncLists(
  deps: Pick<SyncJobDeps, 'accounts' | 'log'> & Partial<Pick<SyncJobDeps, 'archives'>>,
  store: ArchiveStore,
  profileId: string,
  operations: readonly ListOperation[],
  plan: SyncPlan,
  job: Pick<JobHandle, 'signal' | 'progress'>,
): Promise<Result<{ rows: number }>> {
  const connection = await deps.accounts.connection(profileId);
  // Its own client without the page hook: sync writes each range with its coverage itself.
  const client = createClient({ ...connection, log: deps.log });
  const startedMs = Date.now();
  let rows = 0;
  try {
    for (const [done, operation] of operations.entries()) {
      const onProgress = (progress: { rows: number }): void =>
        job.progress(
          computeProgress({ pagesDone: done, totalPages: operations.length, rows: rows + progress.rows, totalRows: null, concurrency: 1 }, Date.now() - startedMs),
        );
      const result = await syncList(store, client, operation, plan, { signal: job.signal, onProgress });
      if (!result.ok) return result;
      rows += result.value.rows;
      const retention = result.value.retention;
      if (retention !== undefined && plan.retention !== undefined) {
        const shown = { profileName: connection.profileName, zone: shownZoneOf(connection.timeZone) };
        deps.archives?.noteRetention(profileId, operation, retention, plan.retention.retentionDays, shown);
      }
    }
    return ok({ rows });
  } finally {
    client.close();
  }
}

export async function startSyncJob(
  deps: SyncJobDeps,
  store: ArchiveStore,
  profileId: string,
  operations: readonly ListOperation[],
  plan: SyncPlan,
  /** What the job is called; by default "Sync", or the one list's title. */
  title?: Said,
): Promise<Result<StartedSync>> {
  const { jobs, log } = deps;
  const only = operations.length === 1 ? operations[0] : null;
  const job = jobs.start({
    kind: 'sync',
    title: title ?? (only === null ? { key: 'export_sync_title' } : listOf(only).endpoint.title),
    profileId,
    operation: only,
    path: null,
    cancellable: true,
  });
  const finished = runJob(job, 'sync', log, async () => {
    const synced = await syncLists(deps, store, profileId, operations, plan, job);
    return synced.ok ? completed(synced.value.rows) : stopped(synced.error, job);
  }).then(resultOf);
  return ok({ job: job.started, finished });
}
