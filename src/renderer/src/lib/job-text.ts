import type { JobInfo, JobKind, JobProgress } from '../../../shared/methods/jobs';

export function fileNameOf(path: string | null): string {
  return path?.split(/[\\/]/).pop() ?? '';
}

/** What a job is, for a person: the label beside each job and the heading of its group. */
export const KIND_LABEL: Record<JobKind, { one: string; group: string }> = {
  export: { one: 'export', group: 'Exports' },
  sync: { one: 'sync', group: 'Syncs' },
  report: { one: 'report', group: 'Reports' },
  loadAll: { one: 'Load all', group: 'Load all' },
  mms: { one: 'MMS send', group: 'MMS sends' },
};

/** What a job counts: rows, or an MMS send's recipients. */
export const UNIT_OF: Record<JobKind, string> = { export: 'rows', sync: 'rows', report: 'rows', loadAll: 'rows', mms: 'recipients' };

/** "1,200 of 30,000 rows · 2,400 rows/s · 12 s left" */
export function progressText(progress: JobProgress | null, unit = 'rows'): string {
  const rows = `${(progress?.rows ?? 0).toLocaleString('en')}${progress?.totalRows ? ` of ${progress.totalRows.toLocaleString('en')}` : ''} ${unit}`;
  if (!progress || progress.rowsPerSecond <= 0) return rows;
  return `${rows} · ${Math.round(progress.rowsPerSecond).toLocaleString('en')} ${unit}/s${timeLeft(progress.etaSeconds)}`;
}

/** How far a job got, 0 to 1; undefined while that is not known (a progress bar then shows that it is busy). */
export function fractionDone(progress: JobProgress | null): number | undefined {
  if (progress?.totalRows) return Math.min(1, progress.rows / progress.totalRows);
  // A sync of several lists knows how many are done, not its rows.
  if (progress?.totalPages && progress.totalPages > 1) return Math.min(1, progress.pagesDone / progress.totalPages);
  return undefined;
}

function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return ` · ${Math.ceil(seconds)} s left`;
  return ` · ${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s left`;
}

/** One line on how a job went, for the jobs area, the screen that started it, and the notification. */
export function outcomeOf(job: JobInfo): string {
  return outcomesOf(job)[job.state];
}

function outcomesOf(job: JobInfo): Record<JobInfo['state'], string> {
  const rows = job.rows.toLocaleString('en');
  const why = (fallback: string): string => job.error?.message ?? fallback;
  switch (job.kind) {
    case 'export':
      return {
        running: 'Running',
        completed: `Saved ${rows} rows to ${fileNameOf(job.path)}`,
        cancelled: 'Cancelled; no file was written.',
        failed: `Failed: ${why('the job stopped.')} No file was written.`,
      };
    case 'sync':
      return {
        running: 'Syncing',
        completed: `Synced: ${rows} rows fetched and kept on this computer`,
        cancelled: 'Cancelled; the ranges finished before are kept.',
        failed: `Failed: ${why('the sync stopped.')} The ranges finished before are kept.`,
      };
    case 'report':
      return {
        running: 'Syncing, then computing the figures',
        completed: `Computed, after syncing ${rows} rows`,
        cancelled: 'Cancelled; the figures were not computed.',
        failed: `Failed: ${why('the report stopped.')}`,
      };
    case 'loadAll':
      return {
        running: 'Loading',
        completed: job.limited ? `Stopped at ${rows} rows: narrow the filters, or export to get everything.` : `Loaded ${rows} rows into the table`,
        cancelled: `Cancelled after ${rows} rows; those are shown.`,
        failed: `Failed: ${why('loading stopped.')}`,
      };
    case 'mms':
      return {
        running: 'Sending',
        completed: `Sent: ${rows} accepted`,
        cancelled: 'Stopped.',
        failed: why('The send stopped.'),
      };
  }
}

/** The notification's title for a job that ended. */
export function endingTitleOf(job: JobInfo): string {
  const what = { export: 'Export', sync: 'Sync', report: 'Overview', loadAll: 'Load all', mms: 'MMS' }[job.kind];
  if (job.state === 'completed') return job.kind === 'mms' ? 'MMS sent' : `${what} finished`;
  if (job.state === 'cancelled') return `${what} cancelled`;
  return job.kind === 'mms' ? 'MMS needs attention' : `${what} failed`;
}
