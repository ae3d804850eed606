/**
 * One daily report file: a day's voice or number records, with the Summary sheet first and
 * the rows after it, written by the export engine (partial file, then rename) as an export
 * job in the jobs area, so its end is told like any export's (a notification when away).
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { m } from '../../shared/i18n';
import type { Accounts } from '../accounts/accounts';
import { createClient, type PlatformClient } from '../api';
import { runExport } from '../export/export-job';
import { partialPathOf } from '../export/reservation';
import { checkFetchAll } from '../jobs/fetch-all';
import type { JobRegistry } from '../jobs/job-registry';
import { completed, runJob, stopped } from '../jobs/run-job';
import type { Logger } from '../log';
import { formatInstant } from '../../shared/cell-text';
import { checkPageQuery, listOf, type SomeList } from '../../shared/operations';
import { type AppError, type Result, fail, ok } from '../../shared/result';
import { reportFileName, type ReportDay, type ReportListName } from '../../shared/schedule';
import { formatIsoInZone, type TimeZone } from '../../shared/time-zone';
import { isFullPathOn, notFullPathHere, profilesReportingInto } from './report-folder';

export interface DailyReportDeps {
  accounts: Accounts;
  jobs: JobRegistry;
  log: Logger;
  appVersion: string;
  /**
   * When this app started (epoch ms): a partial file of a daily report older than that was left by a run the
   * app's end cut off (closed, crashed, power lost), as the scheduler never writes one report twice at once.
   */
  appStartedAtMs: number;
}

const OPERATIONS = { voice: 'voiceRecords', numbers: 'numberRecords' } as const;

/** The platform's window for a day: from its midnight to its last second (the platform's end time is included). */
export function reportParams(day: ReportDay, zone: TimeZone): { strTime: string; endTime: string } {
  return { strTime: formatIsoInZone(day.fromMs, zone), endTime: formatIsoInZone(day.toMs - 1000, zone) };
}

/** File times are coarse (2 s on FAT drives; a clock tick elsewhere): a file this close to the start may be newer. */
const MTIME_COARSENESS_MS = 2_000;

/**
 * Removes the partial file of `path` a daily report left when the app stopped mid-run. Left there, it reads as
 * a report being written (file-busy) until the export's day-old cleanup: the missed report would fail at every
 * retry for up to a day. A partial written since the app started is someone else's and is left alone.
 */
function removePartialLeftBefore(path: string, appStartedAtMs: number): void {
  const partial = partialPathOf(path);
  try {
    const info = statSync(partial, { throwIfNoEntry: false });
    if (info?.isFile() && info.mtimeMs < appStartedAtMs - MTIME_COARSENESS_MS) rmSync(partial, { force: true });
  } catch {
    // Not removable (a read-only folder): the export's claim says so.
  }
}

/**
 * A day's report is written once the day is over by the platform's clock, not only by this
 * computer's: a clock running ahead would otherwise write a day still going on, and mark it
 * done. One record of the day is asked first (the client learns the platform's time from
 * the answer); the error says what to expect, and the scheduler tries again later.
 */
async function dayNotOverOnPlatform(client: PlatformClient, list: SomeList, day: ReportDay, zone: TimeZone, signal: AbortSignal): Promise<AppError | null> {
  const request = checkPageQuery(list, { current: 1, size: 1, params: reportParams(day, zone) });
  if (!request.ok) return request.error;
  const first = await client.page(list, request.value, { signal });
  if (!first.ok) return first.error;
  const localMs = Date.now();
  const platformMs = client.platformTimeAt(localMs);
  if (platformMs === null || platformMs >= day.toMs) return null;
  return {
    code: 'day-not-over',
    message: m.export_daily_report_day_not_over({ day: day.key, platformTime: formatInstant(platformMs, zone), localTime: formatInstant(localMs, zone) }),
  };
}

export async function writeDailyReport(
  deps: DailyReportDeps,
  profile: { id: string; name: string; zone: TimeZone },
  listName: ReportListName,
  day: ReportDay,
  folder: string,
): Promise<Result<{ path: string; rows: number }>> {
  const operation = OPERATIONS[listName];
  const list: SomeList = listOf(operation);
  const title = (): string => m.export_daily_report_title({ title: list.endpoint.title(), day: day.key });
  /** A report that cannot start is told where every report is, in the jobs area, as a failed job saying why (as a scheduled sync's). */
  const notStarted = (error: AppError): Result<never> => {
    deps.jobs.start({ kind: 'export', title, profileId: profile.id, operation, path: null, cancellable: false }).end({ state: 'failed', rows: 0, error, warnings: [] });
    return { ok: false, error };
  };
  // A profile file from another system (C:\Reports read on Linux) must not resolve against the working directory.
  if (!isFullPathOn(process.platform, folder)) return notStarted({ code: 'folder-not-absolute', message: notFullPathHere(folder) });
  // Named apart from any other profile reporting into the same folder whose name would give the same file name.
  const path = join(folder, reportFileName(listName, day.key, profile, profilesReportingInto(deps.accounts.scheduledProfiles(), folder)));
  const query = checkFetchAll(list, reportParams(day, profile.zone), {});
  if (!query.ok) return notStarted(query.error);
  removePartialLeftBefore(path, deps.appStartedAtMs);
  const job = deps.jobs.start({ kind: 'export', title, profileId: profile.id, operation, path, cancellable: true });
  const ending = await runJob(job, 'daily report', deps.log, async () => {
    const connection = await deps.accounts.connection(profile.id);
    const client = createClient({ ...connection, log: deps.log });
    try {
      const notOver = await dayNotOverOnPlatform(client, list, day, profile.zone, job.signal);
      if (notOver) return stopped(notOver, job);
      const written = await runExport({
        client,
        list,
        selection: { scope: 'all', query: query.value },
        format: 'xlsx',
        path,
        timeZone: profile.zone.name,
        signal: job.signal,
        onProgress: (progress) => job.progress(progress),
        about: { profileName: connection.profileName, appVersion: deps.appVersion },
      });
      return written.ok ? completed(written.value.rows, written.value.warningsSaid) : stopped(written.error, job);
    } finally {
      client.close();
    }
  });
  if (ending.state === 'completed') return ok({ path, rows: ending.rows });
  return ending.error ? { ok: false, error: ending.error } : fail('cancelled', m.export_daily_report_cancelled());
}
