import { randomUUID } from 'node:crypto';
import type { JobProgress } from '../../shared/contract';
import type { JobInfo } from '../../shared/methods/jobs';

export interface Job {
  id: string;
  signal: AbortSignal;
}

/** What a shown job is, fixed when it starts. */
export type JobDescription = Pick<JobInfo, 'kind' | 'title' | 'operation' | 'path' | 'cancellable'>;
/** How a shown job ended. */
export type JobEnding = Pick<JobInfo, 'rows' | 'error' | 'warnings'> & { state: Exclude<JobInfo['state'], 'running'> };

/** Finished jobs kept for the jobs area (and a reload) beside the running ones. */
const KEEP_FINISHED = 20;

/**
 * Running jobs by id, so the renderer can cancel one; finished jobs remove themselves.
 * Jobs started with `startShown` (exports) belong to the app rather than to a screen:
 * the registry keeps their state, lists them, and reports each change.
 */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();
  /** Shown jobs, oldest first. */
  private readonly shown = new Map<string, JobInfo>();

  constructor(
    private readonly onChange: (job: JobInfo) => void = () => {},
    private readonly now: () => number = Date.now,
    private readonly keepFinished = KEEP_FINISHED,
  ) {}

  start(): Job {
    return this.begin(randomUUID());
  }

  /**
   * Starts a job under an id its caller chose (a screen names its Load all before starting
   * it, so it listens before the first event); null when that id is already in use.
   */
  claim(id: string): Job | null {
    if (this.running.has(id) || this.shown.has(id)) return null;
    return this.begin(id);
  }

  private begin(id: string): Job {
    const controller = new AbortController();
    this.running.set(id, controller);
    return { id, signal: controller.signal };
  }

  startShown(description: JobDescription): Job {
    const job = this.start();
    this.change({
      ...description,
      jobId: job.id,
      startedAt: this.now(),
      state: 'running',
      progress: null,
      rows: 0,
      error: null,
      warnings: [],
    });
    return job;
  }

  progress(id: string, progress: Omit<JobProgress, 'jobId'>): void {
    const job = this.shown.get(id);
    if (job?.state === 'running') this.change({ ...job, progress: { jobId: id, ...progress } });
  }

  end(id: string, ending: JobEnding): void {
    const job = this.shown.get(id);
    if (job?.state !== 'running') return;
    this.change({ ...job, ...ending });
    this.forgetOldFinished();
  }

  finish(id: string): void {
    this.running.delete(id);
  }

  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }

  /** Shown jobs, newest first. */
  list(): JobInfo[] {
    return [...this.shown.values()].reverse();
  }

  private change(job: JobInfo): void {
    this.shown.set(job.jobId, job);
    this.onChange(job);
  }

  private forgetOldFinished(): void {
    const finished = [...this.shown.values()].filter((job) => job.state !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - this.keepFinished))) this.shown.delete(job.jobId);
  }
}
