import type { JobProgress } from '../../../shared/contract';
import type { ListOperation } from '../../../shared/lists';
import type { ExportDone, ExportFormat, ExportScope, StartExportRequest } from '../../../shared/methods/export';
import type { AppError } from '../../../shared/result';
import { bridge } from './bridge';
import { watchJob } from './job-events';
import type { ListView } from './list-view.svelte';

export type ExportStatus = 'idle' | 'starting' | 'running' | 'completed' | 'cancelled' | 'failed';

/** `exportDone` events that arrived before the start call answered (the bridge does not order the two). */
const early = new Map<string, ExportDone>();
const waiting = new Map<string, (done: ExportDone) => void>();
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  bridge.onExportDone((done) => {
    const listener = waiting.get(done.jobId);
    if (listener) {
      waiting.delete(done.jobId);
      listener(done);
    } else {
      if (early.size > 20) early.clear();
      early.set(done.jobId, done);
    }
  });
}

function onDone(jobId: string, listener: (done: ExportDone) => void): void {
  const arrived = early.get(jobId);
  if (arrived) {
    early.delete(jobId);
    listener(arrived);
  } else waiting.set(jobId, listener);
}

/** One screen's export: the choices, then progress, then where the file went (or why not). */
export class ExportState<O extends ListOperation> {
  status = $state<ExportStatus>('idle');
  progress = $state<JobProgress | null>(null);
  path = $state<string | null>(null);
  rows = $state(0);
  error = $state<AppError | null>(null);
  warnings = $state<string[]>([]);
  private jobId: string | null = null;

  constructor(private readonly view: ListView<O>) {}

  get running(): boolean {
    return this.status === 'starting' || this.status === 'running';
  }

  /** Checks the filters (errors show at the fields, as Search does), asks where to save, and starts. */
  async start(scope: ExportScope, format: ExportFormat): Promise<void> {
    if (this.running) return;
    const view = this.view;
    const applied = scope === 'page' ? view.appliedParams : null;
    const params = applied ?? view.checkFilters();
    if (params === null) return;
    subscribe();
    this.status = 'starting';
    this.progress = null;
    this.error = null;
    this.warnings = [];
    this.path = null;
    const request = {
      operation: view.operation,
      params,
      format,
      scope,
      ...(scope === 'page' ? { current: applied ? view.page : 1, size: view.size } : {}),
    } as StartExportRequest;
    const started = await bridge.startExport(request);
    if (!started.ok) {
      if (started.error.fields) view.fieldErrors = started.error.fields;
      this.error = started.error;
      this.status = 'failed';
      return;
    }
    if (started.value.jobId === null) {
      this.status = 'idle';
      return;
    }
    const { jobId, path } = started.value;
    this.jobId = jobId;
    this.path = path;
    this.status = 'running';
    const stopWatching = watchJob(jobId, {
      progress: (progress) => {
        if (this.jobId === jobId) this.progress = progress;
      },
    });
    onDone(jobId, (done) => {
      stopWatching();
      if (this.jobId !== jobId) return;
      this.status = done.outcome;
      this.rows = done.rows;
      this.error = done.error;
      this.warnings = done.warnings;
    });
  }

  cancel(): void {
    if (this.jobId !== null && this.status === 'running') void bridge.cancelJob({ jobId: this.jobId });
  }

  async showInFolder(): Promise<void> {
    if (this.path === null) return;
    const shown = await bridge.showInFolder({ path: this.path });
    if (!shown.ok) this.error = shown.error;
  }

  dismiss(): void {
    if (this.running) return;
    this.status = 'idle';
    this.error = null;
    this.warnings = [];
  }
}
