import { m } from '../../shared/i18n';
import { ok } from '../../shared/result';
import type { JobRegistry } from '../jobs/job-registry';
import type { Handlers } from './dispatcher';

/** The jobs area over IPC: what runs and ran, Cancel, and Clear finished. */
export function createJobHandlers(jobs: JobRegistry): Pick<Handlers, 'listJobs' | 'cancelJob' | 'clearFinishedJobs'> {
  return {
    listJobs: () => ok(jobs.list()),
    cancelJob: ({ jobId }) => {
      // Not a silent success for an id the jobs area does not list: the caller would think it stopped something.
      if (!jobs.has(jobId)) {
        const message = m.errors_job_unknown();
        return { ok: false, error: { code: 'not-found', message, fields: { jobId: message } } };
      }
      jobs.cancel(jobId);
      return ok(null);
    },
    clearFinishedJobs: ({ kind }) => ok(jobs.clearFinished(kind)),
  };
}
