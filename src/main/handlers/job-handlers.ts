import { ok } from '../../shared/result';
import type { JobRegistry } from '../jobs/job-registry';
import type { Handlers } from './dispatcher';

/** The jobs area over IPC: what runs and ran, Cancel, and Clear finished. */
export function createJobHandlers(jobs: JobRegistry): Pick<Handlers, 'listJobs' | 'cancelJob' | 'clearFinishedJobs'> {
  return {
    listJobs: () => ok(jobs.list()),
    cancelJob: ({ jobId }) => {
      jobs.cancel(jobId);
      return ok(null);
    },
    clearFinishedJobs: ({ kind }) => ok(jobs.clearFinished(kind)),
  };
}
