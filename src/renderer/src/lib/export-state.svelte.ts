import type { ListOperation } from '../../../shared/operations';
import type { ExportFileFormat, ExportHeaders, ExportScope, StartExportRequest } from '../../../shared/methods/export';
import type { JobInfo, JobProgress } from '../../../shared/methods/jobs';
import { m } from '../../../shared/i18n';
import type { AppError } from '../../../shared/result';
import { bridge } from './bridge';
import { askToNotify } from './desktop-notice';
import { jobs } from './jobs.svelte';
import { outcomeOf, warningsOf } from './job-text';
import type { ListView } from './list-view.svelte';

export type ExportStatus = 'idle' | 'starting' | 'running' | 'completed' | 'cancelled' | 'failed';

/**
 * One screen's view of its export: the start (checks, save dialog) is the screen's;
 * the running job is the app's (the jobs store), so leaving the screen loses nothing
 * and coming back shows it again.
 */
export class ExportState<O extends ListOperation> {
  private starting = $state(false);
  /** Why the last start was refused (before any job existed). */
  private refused = $state<AppError | null>(null);

  constructor(private readonly view: ListView<O>) {}

  private get job(): JobInfo | null {
    return jobs.latest('export', this.view.operation);
  }

  get status(): ExportStatus {
    if (this.starting) return 'starting';
    if (this.refused !== null) return 'failed';
    return this.job?.state ?? 'idle';
  }

  get running(): boolean {
    return this.status === 'starting' || this.status === 'running';
  }

  get progress(): JobProgress | null {
    return this.job?.progress ?? null;
  }

  get path(): string | null {
    return this.job?.path ?? null;
  }

  get rows(): number {
    return this.job?.rows ?? 0;
  }

  get error(): AppError | null {
    return this.refused ?? this.job?.error ?? (this.job ? (jobs.actionErrors.get(this.job.jobId) ?? null) : null);
  }

  /** How the export went, in the words of the jobs area ("Saved 4 rows to calls.xlsx"); '' before it starts. */
  get outcome(): string {
    return this.job ? outcomeOf(this.job) : '';
  }

  get warnings(): string[] {
    return this.job ? warningsOf(this.job) : [];
  }

  /**
   * Exports what the table shows (its query: the filters as applied, sort, search, column
   * filters): this page or every matching row, with the table's columns or all. Before the
   * first search the form is checked as Search checks it (errors show at the fields) and used.
   * Asks where to save, then starts. `headers`: the header row's names (default the interface language's).
   */
  async start(scope: ExportScope, format: ExportFileFormat, columns: 'table' | 'all', headers: ExportHeaders = 'interface'): Promise<void> {
    if (this.running) return;
    const view = this.view;
    // A column filter that cannot apply is left out of the table's rows; a file without it would
    // surprise, so nothing starts until it is fixed (the screen says so at the field).
    const problem = view.filterProblems[0];
    if (problem) {
      this.refused = { code: 'validation', message: m.export_refused_filter({ message: problem.message }) };
      return;
    }
    // The query of the rows on show; when none arrived (the archive failed to answer), the one the table asked for.
    const shown = view.shownQuery ?? view.query;
    const params = shown?.params ?? view.checkFilters();
    if (params === null) return;
    askToNotify();
    this.starting = true;
    this.refused = null;
    const request = {
      ...(shown ?? { operation: view.operation, source: view.source }),
      params,
      format,
      scope,
      ...(scope === 'page' ? { current: shown ? view.page : 1, size: view.size } : {}),
      ...(columns === 'table' ? { columns: $state.snapshot(view.visibleKeys) } : {}),
      ...(headers === 'interface' ? {} : { headers }),
    } as StartExportRequest;
    const started = await bridge.startExport(request);
    this.starting = false;
    if (!started.ok) {
      if (started.error.fields) view.fieldErrors = started.error.fields;
      this.refused = started.error;
      return;
    }
    if (started.value.job !== null) jobs.started(started.value.job);
  }

  cancel(): void {
    if (this.job) jobs.cancel(this.job);
  }

  async showInFolder(): Promise<void> {
    if (this.job) await jobs.showInFolder(this.job);
  }

  /** Browser mode: the finished file as a download (the page cannot open a folder). */
  async download(): Promise<void> {
    if (this.job) await jobs.download(this.job);
  }

  dismiss(): void {
    if (this.running) return;
    this.refused = null;
    if (this.job) jobs.dismiss(this.job);
  }
}
