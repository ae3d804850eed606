import type { WindowDraft } from '../../../shared/operations/filter-values';
import type { Overview, OverviewComparison, OverviewPreset } from '../../../shared/reports/overview';
import { DEFAULT_ARCHIVE_SETTINGS } from '../../../shared/profiles';
import type { AppError } from '../../../shared/result';
import type { TimeZone } from '../../../shared/time-zone';
import type { JobInfo } from '../../../shared/methods/jobs';
import { bridge } from './bridge';
import { askToNotify } from './desktop-notice';
import { jobs } from './jobs.svelte';
import { overviewWindow, periodFieldErrors, presetText } from './overview-window';
import { session } from './session.svelte';

/** Why the Overview could not be shown, and whether Accounts is where to fix it. */
export interface OverviewProblem {
  error: AppError;
  /** The profile's archive is off or cannot be opened: the Overview is computed over it. */
  archive: boolean;
}

/**
 * The Overview screen's state, kept while the app runs: the window chosen and the last
 * answer, so going back to the screen shows it again without another sync.
 */
class OverviewState {
  preset = $state<OverviewPreset>('yesterday');
  /** What the figures are set beside. */
  compare = $state<OverviewComparison>('none');
  custom = $state<WindowDraft>({ from: '', to: '' });
  fieldErrors = $state<Record<string, string>>({});
  status = $state<'idle' | 'working' | 'ready' | 'error'>('idle');
  overview = $state.raw<Overview | null>(null);
  problem = $state<OverviewProblem | null>(null);
  /** The workbook export this screen started last (a job of the app), and why a start was refused. */
  private exportJobId = $state<string | null>(null);
  exportStarting = $state(false);
  exportRefused = $state<AppError | null>(null);
  private seq = 0;
  private profileId: string | null = null;

  readonly zone: TimeZone = $derived(session.zone);
  /**
   * The longest window: the profile's archive sync history, read from main when a profile is
   * followed and when Custom opens (Accounts may have changed it); main checks it again.
   */
  maxDays = $state(DEFAULT_ARCHIVE_SETTINGS.historyDays);

  /** Picks a window; a preset is shown at once, a custom one when its fields are filled and Show is pressed. */
  choose(preset: OverviewPreset): void {
    if (preset === 'custom' && this.preset !== 'custom') {
      this.custom = presetText(this.preset, this.custom, this.zone);
      void this.readMaxDays();
    }
    this.preset = preset;
    if (preset !== 'custom') void this.load();
  }

  /** Computes the Overview of the chosen window, syncing what the archive lacks of it first. */
  async load(): Promise<void> {
    const span = overviewWindow(presetText(this.preset, this.custom, this.zone), this.zone, this.maxDays);
    if (!span.ok) {
      this.fieldErrors = span.errors;
      // A preset has no fields to show it at (This month, with fewer days of history synced than it has).
      if (this.preset !== 'custom') {
        this.overview = null;
        this.problem = { error: { code: 'validation', message: Object.values(span.errors).join(' ') }, archive: false };
        this.status = 'error';
      }
      return;
    }
    this.fieldErrors = {};
    // Figures on screen always belong to the window picked: another window's go at once
    // (a refresh of the same window keeps them, dimmed, until the new answer arrives).
    const shown = this.overview;
    if (shown && (shown.fromMs !== span.fromMs || shown.toMs !== span.toMs || (shown.compared?.kind ?? 'none') !== this.compare)) this.overview = null;
    const seq = ++this.seq;
    this.profileId = session.activeProfileId;
    this.status = 'working';
    this.problem = null;
    const result = await bridge.overview({
      ...(this.profileId ? { profileId: this.profileId } : {}),
      fromMs: span.fromMs,
      toMs: span.toMs,
      syncFirst: true,
      compare: this.compare,
    });
    if (seq !== this.seq) return; // a newer window or profile has taken over
    if (!result.ok && result.error.code === 'validation' && result.error.fields && this.preset === 'custom') {
      // Main's window rule, told at the fields (the history it checks against may have changed);
      // a request main could not read (`bad-request`) names no date field, so it is shown as a problem.
      this.fieldErrors = periodFieldErrors(result.error.fields);
      this.status = this.overview ? 'ready' : 'idle';
      void this.readMaxDays();
      return;
    }
    if (result.ok) {
      performance.mark('switchboard:overview-arrived');
      this.overview = result.value;
      this.status = 'ready';
    } else {
      const archive = result.error.code === 'archive-off' || (await this.archiveIsTheProblem());
      if (seq !== this.seq) return;
      this.problem = { error: result.error, archive };
      this.status = 'error';
    }
  }

  /** The Overview's workbook job, while it runs and once it ended (until dismissed). */
  get exportJob(): JobInfo | null {
    return jobs.find(this.exportJobId);
  }

  /**
   * Saves the figures on screen (their window and comparison) as an .xlsx: main asks where,
   * then writes it as an export job; its progress and outcome show beside the button.
   */
  async exportWorkbook(): Promise<void> {
    const shown = this.overview;
    if (!shown || this.exportStarting || this.exportJob?.state === 'running') return;
    askToNotify();
    this.exportStarting = true;
    this.exportRefused = null;
    const started = await bridge.exportOverview({
      profileId: shown.profileId,
      fromMs: shown.fromMs,
      toMs: shown.toMs,
      compare: shown.compared?.kind ?? 'none',
    });
    this.exportStarting = false;
    if (!started.ok) {
      this.exportRefused = started.error;
      return;
    }
    if (started.value.job !== null) {
      jobs.started(started.value.job);
      this.exportJobId = started.value.job.jobId;
    }
  }

  dismissExport(): void {
    this.exportRefused = null;
    const job = this.exportJob;
    if (job) jobs.dismiss(job);
  }

  /** Sets the figures beside another period (or none), and computes them again. */
  compareWith(comparison: OverviewComparison): void {
    if (comparison === this.compare) return;
    this.compare = comparison;
    void this.load();
  }

  /** Shows the active profile's figures: again only when the profile changed or nothing was shown yet. */
  follow(profileId: string | null): void {
    if (profileId === this.profileId && this.status !== 'idle') return;
    this.overview = null;
    void this.readMaxDays();
    void this.load();
  }

  private async readMaxDays(): Promise<void> {
    const profileId = session.activeProfileId;
    const status = await bridge.archiveStatus(profileId ? { profileId } : {});
    // Another profile's history is not the one the window is checked against.
    if (status.ok && profileId === session.activeProfileId) this.maxDays = status.value.settings.historyDays;
  }

  private async archiveIsTheProblem(): Promise<boolean> {
    const status = await bridge.archiveStatus(this.profileId ? { profileId: this.profileId } : {});
    return status.ok && (status.value.state === 'off' || status.value.state === 'unavailable');
  }
}

export const overviewState = new OverviewState();
