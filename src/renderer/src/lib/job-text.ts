import type { JobProgress } from '../../../shared/contract';
import type { JobInfo, JobKind } from '../../../shared/methods/jobs';

export function fileNameOf(path: string | null): string {
  return path?.split(/[\\/]/).pop() ?? '';
}

/** What a job counts: an export's or a sync's rows, an MMS send's recipients. */
export const UNIT_OF: Record<JobKind, string> = { export: 'rows', 'mms-send': 'recipients', sync: 'rows' };

/** "1,200 of 30,000 rows · 2,400 rows/s · 12 s left" */
export function progressText(progress: JobProgress | null, unit = 'rows'): string {
  const rows = `${(progress?.rows ?? 0).toLocaleString('en')}${progress?.totalRows ? ` of ${progress.totalRows.toLocaleString('en')}` : ''} ${unit}`;
  if (!progress || progress.rowsPerSecond <= 0) return rows;
  return `${rows} · ${Math.round(progress.rowsPerSecond).toLocaleString('en')} ${unit}/s${timeLeft(progress.etaSeconds)}`;
}

/** How far a job got, 0 to 1 (0 while the total is not known). */
export function fractionDone(progress: JobProgress | null): number {
  return progress?.totalRows ? Math.min(1, progress.rows / progress.totalRows) : 0;
}

function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return ` · ${Math.ceil(seconds)} s left`;
  return ` · ${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s left`;
}

/** One line on how a job went, for the jobs area and the notification. */
export function outcomeOf(job: JobInfo): string {
  if (job.kind === 'mms-send') return mmsOutcomeOf(job);
  if (job.kind === 'sync') return syncOutcomeOf(job);
  switch (job.state) {
    case 'running':
      return 'Running';
    case 'completed':
      return `Saved ${job.rows.toLocaleString('en')} rows to ${fileNameOf(job.path)}`;
    case 'cancelled':
      return 'Cancelled; no file was written.';
    case 'failed':
      return `Failed: ${job.error?.message ?? 'the job stopped.'} No file was written.`;
  }
}

function mmsOutcomeOf(job: JobInfo): string {
  switch (job.state) {
    case 'running':
      return 'Sending';
    case 'completed':
      return `Sent: ${job.rows.toLocaleString('en')} accepted`;
    case 'cancelled':
      return 'Stopped.';
    case 'failed':
      return job.error?.message ?? 'The send stopped.';
  }
}

/** The notification's title for a job that ended. */
export function endingTitleOf(job: JobInfo): string {
  const what = job.kind === 'mms-send' ? 'MMS' : 'Export';
  if (job.state === 'completed') return job.kind === 'mms-send' ? 'MMS sent' : 'Export finished';
  if (job.state === 'cancelled') return `${what} cancelled`;
  return job.kind === 'mms-send' ? 'MMS needs attention' : 'Export failed';
}

function syncOutcomeOf(job: JobInfo): string {
  switch (job.state) {
    case 'running':
      return 'Syncing';
    case 'completed':
      return `Synced: ${job.rows.toLocaleString('en')} rows fetched and kept on this computer`;
    case 'cancelled':
      return 'Cancelled; the ranges finished before are kept.';
    case 'failed':
      return `Failed: ${job.error?.message ?? 'the sync stopped.'} The ranges finished before are kept.`;
  }
}
