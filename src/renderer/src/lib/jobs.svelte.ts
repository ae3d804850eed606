/**
 * The app's jobs (exports and MMS sends), kept outside any screen: main lists them at start and
 * reports each change, so a job started on one screen is seen and cancelled from every
 * screen, after a reload and in a second window.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { ListOperation } from '../../../shared/operations';
import type { JobInfo } from '../../../shared/methods/jobs';
import type { AppError } from '../../../shared/result';
import { bridge } from './bridge';
import { startDownload } from './download';
import { notifyDesktop } from './desktop-notice';
import { endingTitleOf, outcomeOf } from './job-text';
import { navigation } from './navigation.svelte';
import { screenOfOperation, type ScreenId } from './screens';

/** The screen a job belongs to: where its outcome shows, and where a click on its notification goes. */
function screenOf(job: JobInfo): ScreenId | null {
  if (job.kind === 'mms-send') return 'mms';
  return job.operation === null ? null : screenOfOperation(job.operation);
}

class Jobs {
  /** Newest first, dismissed ones included (so a screen does not fall back to an older export). */
  private all = $state<JobInfo[]>([]);
  /** A failed Open or Show in folder, by job. */
  readonly actionErrors = new SvelteMap<string, AppError>();
  panelOpen = $state(false);
  private readonly dismissed = new SvelteSet<string>();
  private listening = false;

  /** What the jobs area lists: newest first, without the dismissed. */
  get shown(): JobInfo[] {
    return this.all.filter((job) => !this.dismissed.has(job.jobId));
  }

  get running(): JobInfo[] {
    return this.all.filter((job) => job.state === 'running');
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
    this.all = [...this.all, ...listed.value.filter((job) => !known.has(job.jobId))];
  }

  /** A job as main reports it: from an event, or from the call that started it (whichever comes first). */
  receive(job: JobInfo): void {
    const index = this.all.findIndex((known) => known.jobId === job.jobId);
    const before = index === -1 ? null : this.all[index];
    // A late progress event never undoes an ending.
    if (before !== null && before.state !== 'running') return;
    if (index === -1) this.all = [job, ...this.all];
    else this.all[index] = job;
    if (before !== null && job.state !== 'running') this.tellIfAway(job);
  }

  /** What a list's screen shows: its latest export, unless that was dismissed. */
  latestExport(operation: ListOperation): JobInfo | null {
    const latest = this.all.find((job) => job.kind === 'export' && job.operation === operation);
    return latest === undefined || this.dismissed.has(latest.jobId) ? null : latest;
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

  private noteAction(job: JobInfo, result: { ok: true } | { ok: false; error: AppError }): void {
    if (result.ok) this.actionErrors.delete(job.jobId);
    else this.actionErrors.set(job.jobId, result.error);
  }

  private tellIfAway(job: JobInfo): void {
    if (job.state === 'running') return;
    const screen = screenOf(job);
    if (!document.hidden && screen === navigation.current) return;
    notifyDesktop(endingTitleOf(job), `${job.title}: ${outcomeOf(job)}`, () => {
      if (screen !== null) navigation.go(screen);
    });
  }
}

export const jobs = new Jobs();
