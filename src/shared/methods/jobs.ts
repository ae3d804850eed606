import type { ListOperation } from '../operations';
import * as p from '../parse';
import type { AppError } from '../result';
import { event, method } from './define';

export interface JobProgress {
  jobId: string;
  /** Pages requested at once right now (lowered when the platform rate-limits). */
  concurrency: number;
  rows: number;
  totalRows: number | null;
  pagesDone: number;
  totalPages: number | null;
  rowsPerSecond: number;
  etaSeconds: number | null;
}

/** Work that outlives the screen it was started from. */
export type JobKind = 'export' | 'mms-send' | 'sync';
export type JobState = 'running' | 'completed' | 'cancelled' | 'failed';

/** One job as the jobs area shows it: what it is, how far it got, and how it ended. */
export interface JobInfo {
  jobId: string;
  kind: JobKind;
  /** For a person: "Voice records". */
  title: string;
  /** The list it reads, which names the screen it belongs to; null when it belongs to none. */
  operation: ListOperation | null;
  /** The file it writes (completed: where it is; otherwise nothing is left there). */
  path: string | null;
  /** Epoch milliseconds. */
  startedAt: number;
  /** False for an MMS send: a batch on its way cannot be called back, and stopping between batches is not offered. */
  cancellable: boolean;
  state: JobState;
  progress: JobProgress | null;
  /** Rows written (export) or numbers accepted (MMS), once finished. */
  rows: number;
  error: AppError | null;
  warnings: string[];
}

export const jobMethods = {
  /** The jobs main runs or ran this session (newest first), so a reload or a second window sees them. */
  listJobs: method<undefined, JobInfo[]>(p.nothing),
} as const;

export const jobEvents = {
  jobProgress: event<JobProgress>(),
  /** A job started, moved on or ended; the whole job each time. */
  jobChanged: event<JobInfo>(),
} as const;
