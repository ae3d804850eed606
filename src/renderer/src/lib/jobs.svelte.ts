/**
 * The app's jobs (exports, syncs, reports, Load alls, MMS sends), kept outside any screen:
 * main lists them at start and reports each change as the whole job (`jobChanged`), so a
 * job started on one screen is seen and cancelled from every screen, after a reload and in
 * a second window. The screen that started a job follows it here too.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { ListOperation } from '../../../shared/operations';
import { JOB_KINDS, keepRecent, syncCovers, type JobInfo, type JobKind } from '../../../shared/methods/jobs';
import type { AppError } from '../../../shared/result';
import { bridge } from './bridge';
import { startDownload } from './download';
import { notifyDesktop } from './desktop-notice';
import { endingTitleOf, outcomeOf, titleOf } from './job-text';
import { m } from '../../../shared/i18n';
import { navigation } from './navigation.svelte';
import { screenOfOperation, type ScreenId } from './screens';

/** The screen a job belongs to: where its outcome shows, and where a click on its notification goes. */
function screenOf(job: JobInfo): ScreenId | null {
  if (job.kind === 'mms') return 'mms';
  if (job.kind === 'report') return 'overview';
  return job.operation === null ? null : screenOfOperation(job.operation);
}

export interface JobGroup {
  kind: JobKind;
  jobs: JobInfo[];
}

type Follower = (job: JobInfo) => void;

class Jobs {
  /** Newest first, dismissed ones included (so a screen does not fall back to an older job). */
  private all = $state<JobInfo[]>([]);
  /** A failed Open or Show in folder, by job. */
  readonly actionErrors = new SvelteMap<string, AppError>();
  panelOpen = $state(false);
  private readonly dismissed = new SvelteSet<string>();
  private readonly followers = new Map<string, Follower>();
  private listening = false;

  /** What the jobs area lists: newest first, without the dismissed. */
  get shown(): JobInfo[] {
    return this.all.filter((job) => !this.dismissed.has(job.jobId));
  }

  /** The shown jobs by kind, in a fixed order of kinds; kinds without jobs are left out. */
  get groups(): JobGroup[] {
    const shown = this.shown;
    return JOB_KINDS.map((kind) => ({ kind, jobs: shown.filter((job) => job.kind === kind) })).filter((group) => group.jobs.length > 0);
  }

  get running(): JobInfo[] {
    return this.all.filter((job) => job.state === 'running');
  }

  get finishedShown(): number {
    return this.shown.filter((job) => job.state !== 'running').length;
  }

  /** Subscribes to main's job events and takes the jobs it already has. */
  async load(): Promise<void> {
    if (this.listening) return;
    this.listening = true;
    bridge.onJobChanged((job) => this.receive(job));
    const listed = await bridge.listJobs();
    if (!listed.ok) return;
    // Events that arrived while listing are newer than the list.
    const known = new Set(this.all.map((job) => job.jobId));
    this.all = keepRecent([...this.all, ...listed.value.filter((job) => !known.has(job.jobId))]);
  }

  /** A job from the answer to the call that started it: taken unless an event told of it first (events are newer). */
  started(job: JobInfo): void {
    if (!this.all.some((known) => known.jobId === job.jobId)) this.receive(job);
  }

  /** A job as main reports it. */
  receive(job: JobInfo): void {
    const index = this.all.findIndex((known) => known.jobId === job.jobId);
    const before = index === -1 ? null : this.all[index];
    // A late progress event never undoes an ending; an ended job told again (worded again after a language switch) is taken.
    if (before !== null && before.state !== 'running') {
      if (job.state === before.state) this.all = this.all.with(index, job);
      return;
    }
    if (index === -1) this.all = keepRecent([job, ...this.all]);
    else if (job.state === 'running') this.all[index] = job;
    else this.all = keepRecent(this.all.with(index, job));
    this.followers.get(job.jobId)?.(job);
    if (before?.state === 'running' && job.state !== 'running') this.tellIfAway(job);
  }

  /** Calls `follower` with each change of one job (the screen that started it); returns a function that stops. */
  follow(jobId: string, follower: Follower): () => void {
    this.followers.set(jobId, follower);
    return () => {
      if (this.followers.get(jobId) === follower) this.followers.delete(jobId);
    };
  }

  /** The latest job of a kind for a list (what that list's screen shows), unless it was dismissed. */
  latest(kind: JobKind, operation: ListOperation): JobInfo | null {
    const latest = this.all.find((job) => job.kind === kind && job.operation === operation);
    return latest === undefined || this.dismissed.has(latest.jobId) ? null : latest;
  }

  /**
   * The latest sync of a profile that brought a list up to date, its own or one of several lists
   * (a scheduled sync), unless it was dismissed: what the list's screen says of its syncs.
   */
  latestSync(operation: ListOperation, profileId: string | null): JobInfo | null {
    const latest = this.all.find((job) => syncCovers(job, operation) && job.profileId === profileId);
    return latest === undefined || this.dismissed.has(latest.jobId) ? null : latest;
  }

  /** A job by its id (one a screen started and follows: the Overview's workbook), unless it was dismissed. */
  find(jobId: string | null): JobInfo | null {
    const job = jobId === null ? undefined : this.all.find((candidate) => candidate.jobId === jobId);
    return job === undefined || this.dismissed.has(job.jobId) ? null : job;
  }

  /** The running job of a kind (the Overview's report), if any. */
  runningOf(kind: JobKind): JobInfo | null {
    return this.all.find((job) => job.kind === kind && job.state === 'running') ?? null;
  }

  cancel(job: JobInfo): void {
    if (job.state === 'running' && job.cancellable) void bridge.cancelJob({ jobId: job.jobId });
  }

  async open(job: JobInfo): Promise<void> {
    if (job.path !== null) this.noteAction(job, await bridge.openExportedFile({ path: job.path }));
  }

  async showInFolder(job: JobInfo): Promise<void> {
    if (job.path !== null) this.noteAction(job, await bridge.showInFolder({ path: job.path }));
  }

  /** Browser mode: the finished file as a one-time download (a page cannot open a folder). */
  async download(job: JobInfo): Promise<void> {
    if (job.path === null) return;
    const offered = await bridge.downloadExport({ path: job.path });
    if (offered.ok) startDownload(offered.value.url);
    this.noteAction(job, offered);
  }

  dismiss(job: JobInfo): void {
    if (job.state !== 'running') this.dismissed.add(job.jobId);
  }

  /** Forgets every finished job, here and in main (a reload lists only what still runs). */
  async clearFinished(): Promise<void> {
    for (const job of this.all) if (job.state !== 'running') this.dismissed.add(job.jobId);
    const remaining = await bridge.clearFinishedJobs({});
    if (!remaining.ok) return;
    const kept = new Set(remaining.value.map((job) => job.jobId));
    // A job that started meanwhile is kept even if the answer left before it.
    this.all = this.all.filter((job) => kept.has(job.jobId) || job.state === 'running');
  }

  private noteAction(job: JobInfo, result: { ok: true } | { ok: false; error: AppError }): void {
    if (result.ok) this.actionErrors.delete(job.jobId);
    else this.actionErrors.set(job.jobId, result.error);
  }

  private tellIfAway(job: JobInfo): void {
    const screen = screenOf(job);
    if (!document.hidden && screen === navigation.current) return;
    notifyDesktop(endingTitleOf(job), m.export_notify_body({ title: titleOf(job), outcome: outcomeOf(job) }), () => {
      if (screen !== null) navigation.go(screen);
    });
  }
}

export const jobs = new Jobs();
