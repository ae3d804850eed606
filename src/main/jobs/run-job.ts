/**
 * How every kind of job ends: its work says how, and work that throws ends the job as
 * failed with a message for a person (the error itself goes to the log, never to the user).
 */
import type { AppError, Result } from '../../shared/result';
import type { Logger } from '../log';
import { m } from '../../shared/i18n';
import { say, worded, type MessageKey, type Said } from '../../shared/i18n/said';
import type { JobEnding, JobHandle } from './job-registry';

/** A job that did its work; its warnings are messages of the catalog (sent as such) or, failing that, text. */
export function completed(rows: number, warnings: readonly Said[] | readonly string[] = []): JobEnding {
  if (warnings.every((warning): warning is Said => typeof warning === 'object')) {
    const said = [...warnings];
    return { state: 'completed', rows, error: null, warnings: said.map(say), ...(said.length > 0 ? { warningsSaid: said } : {}) };
  }
  return { state: 'completed', rows, error: null, warnings: warnings.filter((warning) => typeof warning === 'string') };
}

/** A result that is not ok: cancelled when the job was asked to stop (or the work says so), failed otherwise. */
export function stopped(error: AppError, job: Pick<JobHandle, 'signal'>, rows = 0): JobEnding {
  if (error.code === 'cancelled' || job.signal.aborted) return { state: 'cancelled', rows, error: null, warnings: [] };
  return { state: 'failed', rows, error, warnings: [] };
}

/** What a caller that waits for a job learns of how it ended. */
export function resultOf(ending: JobEnding): Result<{ rows: number }> {
  if (ending.state === 'completed') return { ok: true, value: { rows: ending.rows } };
  if (ending.state === 'cancelled') return { ok: false, error: { code: 'cancelled', message: m.export_job_cancelled() } };
  return { ok: false, error: ending.error ?? { code: 'internal', message: m.export_job_stopped() } };
}

/** "The export stopped because of an internal error.", for each work a job names. */
const CRASHED: Readonly<Record<string, MessageKey>> = {
  export: 'export_crashed_export',
  sync: 'export_crashed_sync',
  Overview: 'export_crashed_overview',
  'daily report': 'export_crashed_daily_report',
  'Load all': 'export_crashed_load_all',
  'MMS send': 'export_crashed_mms_send',
};

/**
 * Runs a job's work and ends the job as it says; never throws. `what` names the work for
 * the log and the user ("export", "sync"): "The export stopped because of an internal error."
 */
export async function runJob(job: JobHandle, what: string, log: Logger, work: () => Promise<JobEnding>): Promise<JobEnding> {
  let ending: JobEnding;
  try {
    ending = await work();
  } catch (error) {
    log.error(`${what} crashed`, error);
    ending = {
      state: 'failed',
      rows: 0,
      // As a message of the catalog, so the jobs area words it in the language on show.
      error: { code: 'internal', ...worded(CRASHED[what] ? { key: CRASHED[what] } : { key: 'export_crashed', params: { what } }) },
      warnings: [],
    };
  }
  job.end(ending);
  return ending;
}
