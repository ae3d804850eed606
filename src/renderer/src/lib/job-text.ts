import { totalOf, type JobInfo, type JobKind, type JobProgress } from '../../../shared/methods/jobs';
import { formatNumber, m } from '../../../shared/i18n';
import { formatInstant, type TimeZone } from '../../../shared/time-zone';
import { say } from '../../../shared/i18n/said';
import { errorText } from '../../../shared/errors';

export function fileNameOf(path: string | null): string {
  return path?.split(/[\\/]/).pop() ?? '';
}

/**
 * A line cut around one part of it, so that part can be shown in an element of its own (a file
 * name as a path): [before, part, after]; the whole line first when the part is not in it.
 */
export function cutAround(line: string, part: string): [string, string, string] {
  const at = part === '' ? -1 : line.lastIndexOf(part);
  return at === -1 ? [line, '', ''] : [line.slice(0, at), part, line.slice(at + part.length)];
}

/** What a job is, for a person: the label beside each job and the heading of its group (message functions, read when shown). */
export const KIND_LABEL: Record<JobKind, { one: () => string; group: () => string }> = {
  export: { one: m.export_kind_export, group: m.export_kind_exports },
  sync: { one: m.export_kind_sync, group: m.export_kind_syncs },
  report: { one: m.export_kind_report, group: m.export_kind_reports },
  loadAll: { one: m.export_kind_load_all, group: m.export_kind_load_all },
  mms: { one: m.export_kind_mms_send, group: m.export_kind_mms_sends },
};

/** What a job counts: rows, or an MMS send's recipients. */
export type JobUnit = 'rows' | 'recipients';
export const UNIT_OF: Record<JobKind, JobUnit> = { export: 'rows', sync: 'rows', report: 'rows', loadAll: 'rows', mms: 'recipients' };

/** "Sync · started 2026-11-27 10:15": when a job started, in `zone` (the active profile's), as every time the app shows. */
export function startedText(job: Pick<JobInfo, 'startedAt'>, zone: TimeZone): string {
  return m.export_job_started({ time: formatInstant(job.startedAt, zone, 'minute') });
}

/** "1,200 rows", "42 recipients": a count of what a job counts. */
export function countText(count: number, unit: JobUnit = 'rows'): string {
  const done = formatNumber(count);
  return unit === 'rows' ? m.export_count_rows({ done }) : m.export_count_recipients({ done });
}

/** "1,200 of 30,000 rows · 2,400 rows/s · 12 s left" */
export function progressText(progress: JobProgress | null, unit: JobUnit = 'rows'): string {
  const done = formatNumber(progress?.rows ?? 0);
  const known = totalOf(progress);
  const total = known === null ? null : formatNumber(known);
  const rows =
    total === null
      ? countText(progress?.rows ?? 0, unit)
      : unit === 'rows'
        ? m.export_count_rows_of({ done, total })
        : m.export_count_recipients_of({ done, total });
  if (!progress || progress.rowsPerSecond <= 0) return rows;
  const rate = formatNumber(Math.round(progress.rowsPerSecond));
  return `${rows} · ${unit === 'rows' ? m.lists_load_rate({ rate }) : m.export_rate_recipients({ rate })}${timeLeft(progress.etaSeconds)}`;
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
  if (seconds < 60) return ` · ${m.lists_eta_seconds({ seconds: String(Math.ceil(seconds)) })}`;
  return ` · ${m.lists_eta_minutes({ minutes: String(Math.floor(seconds / 60)), seconds: String(Math.ceil(seconds % 60)) })}`;
}

/** A job's title in the language on show: worded again from its message of the catalog when it carries one. */
export function titleOf(job: Pick<JobInfo, 'title' | 'titleSaid'>): string {
  return job.titleSaid ? say(job.titleSaid) : job.title;
}

/** A job's warnings in the language on show: worded again from their messages of the catalog when it carries them. */
export function warningsOf(job: Pick<JobInfo, 'warnings' | 'warningsSaid'>): string[] {
  return job.warningsSaid?.map(say) ?? job.warnings;
}

/** One line on how a job went, for the jobs area, the screen that started it, and the notification. */
export function outcomeOf(job: JobInfo): string {
  return outcomesOf(job)[job.state]();
}

function outcomesOf(job: JobInfo): Record<JobInfo['state'], () => string> {
  const rows = formatNumber(job.rows);
  const why = (fallback: () => string): string => (job.error ? errorText(job.error) : fallback());
  switch (job.kind) {
    case 'export':
      return {
        running: m.export_outcome_running,
        completed: () => m.export_outcome_export_saved({ rows, file: fileNameOf(job.path) }),
        cancelled: m.export_outcome_export_cancelled,
        failed: () => m.export_outcome_export_failed({ why: why(m.export_outcome_export_stopped) }),
      };
    case 'sync':
      return {
        running: m.export_outcome_syncing,
        completed: () => m.export_outcome_sync_done({ rows }),
        cancelled: m.export_outcome_sync_cancelled,
        failed: () => m.export_outcome_sync_failed({ why: why(m.export_outcome_sync_stopped) }),
      };
    case 'report':
      return {
        running: m.export_outcome_report_running,
        completed: () => m.export_outcome_report_done({ rows }),
        cancelled: m.export_outcome_report_cancelled,
        failed: () => m.export_outcome_failed({ why: why(m.export_outcome_report_stopped) }),
      };
    case 'loadAll':
      return {
        running: m.export_outcome_loading,
        completed: () => (job.limited ? m.export_outcome_load_limited({ rows }) : m.export_outcome_loaded({ rows })),
        cancelled: () => m.export_outcome_load_cancelled({ rows }),
        failed: () => m.export_outcome_failed({ why: why(m.export_outcome_load_stopped) }),
      };
    case 'mms':
      return {
        running: m.export_outcome_sending,
        completed: () => m.export_outcome_sent({ rows }),
        cancelled: m.export_outcome_mms_stopped,
        failed: () => why(m.export_outcome_send_stopped),
      };
  }
}

/** The notification's title for a job that ended. */
export function endingTitleOf(job: JobInfo): string {
  const titles = {
    export: [m.export_title_export_finished, m.export_title_export_cancelled, m.export_title_export_failed],
    sync: [m.export_title_sync_finished, m.export_title_sync_cancelled, m.export_title_sync_failed],
    report: [m.export_title_overview_finished, m.export_title_overview_cancelled, m.export_title_overview_failed],
    loadAll: [m.export_title_load_all_finished, m.export_title_load_all_cancelled, m.export_title_load_all_failed],
    mms: [m.export_title_mms_sent, m.export_title_mms_cancelled, m.export_title_mms_attention],
  }[job.kind];
  return (job.state === 'completed' ? titles[0] : job.state === 'cancelled' ? titles[1] : titles[2])();
}
