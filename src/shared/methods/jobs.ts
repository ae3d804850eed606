/**
 * The one job model: an export, a sync, an Overview report, a Load all and an MMS send are
 * each a `JobInfo`, reported whole by one event (`jobChanged`) whenever it starts, moves
 * on or ends, and listed in one place, the jobs area.
 */
import type { ListOperation } from '../operations';
import * as p from '../parse';
import type { AppError } from '../result';
import type { Said } from '../i18n/said';
import { event, method } from './define';

export const JOB_KINDS = ['export', 'sync', 'report', 'loadAll', 'mms'] as const;
/** Work that outlives the call that started it. */
export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = 'running' | 'completed' | 'cancelled' | 'failed';

/** How far a job got: rows (an export, a sync, a report's sync, a Load all) or recipients (an MMS send). */
export interface JobProgress {
  /** Pages requested at once right now (lowered when the platform rate-limits). */
  concurrency: number;
  rows: number;
  totalRows: number | null;
  /** Pages, lists (a sync) or batches (an MMS send) done. */
  pagesDone: number;
  totalPages: number | null;
  rowsPerSecond: number;
  etaSeconds: number | null;
}

/**
 * The total a count is told against ("1,200 of 30,000 rows"), while the count is within it:
 * past it (the platform's total grew while the rows were fetched) the count stands alone,
 * never "1,200 of 1,000 rows" or 120 %.
 */
export function totalOf(progress: Pick<JobProgress, 'rows' | 'totalRows'> | null | undefined): number | null {
  return progress?.totalRows && progress.rows <= progress.totalRows ? progress.totalRows : null;
}

/** One job as the jobs area shows it: what it is, how far it got, and how it ended. */
export interface JobInfo {
  jobId: string;
  kind: JobKind;
  /** For a person: "Voice records". */
  title: string;
  /** The title as a message of the catalog, when it is one: a screen words it in the language on show (`title` is the fallback). */
  titleSaid?: Said;
  /** The profile whose data it reads or sends for; null when it has none. */
  profileId: string | null;
  /** The list it reads, which names the screen it belongs to; null when it belongs to no list. */
  operation: ListOperation | null;
  /** The file it writes (completed: where it is; otherwise nothing is left there). */
  path: string | null;
  /** Epoch milliseconds. */
  startedAt: number;
  /** Epoch milliseconds; null while it runs. */
  endedAt: number | null;
  /** False for an MMS send: a batch on its way cannot be called back, and stopping between batches is not offered. */
  cancellable: boolean;
  state: JobState;
  progress: JobProgress | null;
  /** Rows written, kept or loaded, or numbers accepted (MMS). */
  rows: number;
  /** A Load all that stopped at its row limit on purpose: its rows so far are its result. */
  limited: boolean;
  error: AppError | null;
  /** Drift and other things the user should know about the result. */
  warnings: string[];
  /** The same warnings as messages of the catalog, when each is one: a screen words them in the language on show (`warnings` is the fallback). */
  warningsSaid?: Said[];
}

/**
 * Whether a job is a sync that brings a list up to date: a sync of that list alone, or of
 * several lists at once (the schedule's, a Sync of every list), which names no list.
 */
export function syncCovers(job: Pick<JobInfo, 'kind' | 'operation'>, operation: ListOperation): boolean {
  return job.kind === 'sync' && (job.operation === null || job.operation === operation);
}

/** Finished jobs kept per kind, beside the running ones; older ones are forgotten. */
export const FINISHED_KEPT_PER_KIND = 10;

/** The jobs to keep (in the order given): every running one, and the first `keep` finished of each kind. */
export function keepRecent(jobs: readonly JobInfo[], keep = FINISHED_KEPT_PER_KIND): JobInfo[] {
  const finished = new Map<JobKind, number>();
  return jobs.filter((job) => {
    if (job.state === 'running') return true;
    const seen = (finished.get(job.kind) ?? 0) + 1;
    finished.set(job.kind, seen);
    return seen <= keep;
  });
}

export const jobMethods = {
  /** The jobs main runs or ran this session (newest first), so a reload or a second window sees them. */
  listJobs: method<undefined, JobInfo[]>(p.nothing),
  /** Stops a running job; nothing happens for one already ended. An id of no job listed (never one, or cleared) is `not-found`. */
  cancelJob: method<{ jobId: string }, null>(p.object({ jobId: p.jobId })),
  /** Forgets the finished jobs (of one kind, or all); answers the jobs that remain, newest first. */
  clearFinishedJobs: method<{ kind?: JobKind }, JobInfo[]>(p.object({ kind: p.optional(p.oneOf(JOB_KINDS)) })),
} as const;

export const jobEvents = {
  /** A job started, moved on or ended: the whole job each time. */
  jobChanged: event<JobInfo>(),
} as const;
