import { randomUUID } from 'node:crypto';
import { reword } from '../../shared/i18n/reword';
import { say, type Said } from '../../shared/i18n/said';
import { FINISHED_KEPT_PER_KIND, keepRecent, type JobInfo, type JobKind, type JobProgress } from '../../shared/methods/jobs';

/**
 * What a job is, fixed when it starts. Its title may be given as a message of the catalog
 * (sent as such, for a screen to word in its language) or as a function of the interface's
 * language: either is written again when the language changes (reword).
 */
export type JobDescription = Pick<JobInfo, 'kind' | 'profileId' | 'operation' | 'path' | 'cancellable'> & {
  title: string | (() => string) | Said;
};
/** How a job ended. */
export type JobEnding = Pick<JobInfo, 'rows' | 'error' | 'warnings' | 'warningsSaid'> & {
  state: Exclude<JobInfo['state'], 'running'>;
  limited?: boolean;
};

/** A running job, for the code that runs it: its cancel signal, and where it reports. */
export interface JobHandle {
  readonly id: string;
  readonly signal: AbortSignal;
  /** The job as it started (what a start call answers; later changes arrive as `jobChanged`). */
  readonly started: JobInfo;
  progress(progress: JobProgress): void;
  /** The job ends (once; later calls, and progress after it, are ignored). */
  end(ending: JobEnding): void;
}

/**
 * Every job of the app (export, sync, report, Load all, MMS send), running and recently
 * finished: one place that keeps their state, lists them, cancels them, and reports each
 * change as the whole job. Finished jobs are kept up to a few of each kind.
 */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();
  /** Oldest first. */
  private readonly jobs = new Map<string, JobInfo>();
  private readonly titles = new Map<string, () => string>();
  /** Each finished job's error and warnings as worded when it ended: worded again from these after a language switch. */
  private readonly endings = new Map<string, Pick<JobInfo, 'error' | 'warnings' | 'warningsSaid'>>();

  constructor(
    private readonly onChange: (job: JobInfo) => void = () => {},
    private readonly now: () => number = Date.now,
    private readonly keepFinished = FINISHED_KEPT_PER_KIND,
  ) {}

  /**
   * Starts a job. A caller that must listen before it starts (a screen's Load all, whose rows
   * may arrive before the answer) names it: then null when that id is already in use.
   */
  start(description: JobDescription): JobHandle;
  start(description: JobDescription, id: string): JobHandle | null;
  start(description: JobDescription, id: string = randomUUID()): JobHandle | null {
    if (this.jobs.has(id)) return null;
    const controller = new AbortController();
    this.running.set(id, controller);
    const { title, ...fixed } = description;
    if (typeof title === 'function') this.titles.set(id, title);
    if (typeof title === 'object') this.titles.set(id, () => say(title));
    const started: JobInfo = {
      ...fixed,
      ...(typeof title === 'object' ? { title: say(title), titleSaid: title } : { title: typeof title === 'function' ? title() : title }),
      jobId: id,
      startedAt: this.now(),
      endedAt: null,
      state: 'running',
      progress: null,
      rows: 0,
      limited: false,
      error: null,
      warnings: [],
    };
    this.change(started);
    return {
      id,
      signal: controller.signal,
      started,
      progress: (progress) => {
        const job = this.jobs.get(id);
        if (job?.state === 'running') this.change({ ...job, progress });
      },
      end: (ending) => this.end(id, ending),
    };
  }

  /** Whether a job of this id is listed (running, or finished and not forgotten). */
  has(id: string): boolean {
    return this.jobs.has(id);
  }

  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  /**
   * Writes each job's title, and a finished job's error and warnings, again in the language of
   * the moment (after a language switch); what the catalog did not word (a server's reason) stays.
   */
  reword(): void {
    for (const job of this.jobs.values()) {
      const title = this.titles.get(job.jobId)?.() ?? job.title;
      const ended = this.endings.get(job.jobId);
      const error = ended?.error ? { ...ended.error, message: ended.error.said ? say(ended.error.said) : reword(ended.error.message) } : job.error;
      const warnings = ended ? (ended.warningsSaid?.map(say) ?? ended.warnings.map((warning) => reword(warning))) : job.warnings;
      const same = title === job.title && error?.message === job.error?.message && warnings.every((warning, i) => warning === job.warnings[i]);
      if (!same) this.change({ ...job, title, error, warnings });
    }
  }

  /** Newest first. */
  list(): JobInfo[] {
    return [...this.jobs.values()].reverse();
  }

  /** Forgets finished jobs (of one kind, or all); the ones that remain, newest first. */
  clearFinished(kind?: JobKind): JobInfo[] {
    for (const job of this.jobs.values()) {
      if (job.state !== 'running' && (kind === undefined || job.kind === kind)) this.forget(job.jobId);
    }
    return this.list();
  }

  private end(id: string, ending: JobEnding): void {
    const job = this.jobs.get(id);
    this.running.delete(id);
    if (job?.state !== 'running') return;
    this.endings.set(id, { error: ending.error, warnings: ending.warnings, warningsSaid: ending.warningsSaid });
    this.change({ ...job, ...ending, limited: ending.limited ?? false, endedAt: this.now() });
    const kept = new Set(keepRecent(this.list(), this.keepFinished).map((known) => known.jobId));
    for (const known of this.jobs.keys()) if (!kept.has(known)) this.forget(known);
  }

  private forget(id: string): void {
    this.jobs.delete(id);
    this.titles.delete(id);
    this.endings.delete(id);
  }

  private change(job: JobInfo): void {
    this.jobs.set(job.jobId, job);
    this.onChange(job);
  }
}
