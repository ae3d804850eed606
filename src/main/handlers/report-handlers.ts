/**
 * The Overview over IPC: the profile's archive, brought up to date first where asked (a
 * report job in the jobs area syncs the window's voice and number records and the seat list),
 * then the figures computed over it. Its workbook (an export job) and its charts' pictures
 * are saved through the desktop port's save dialog, as every export is.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { worded } from '../../shared/i18n/said';
import { isBase64 } from '../../shared/base64';
import type { Accounts } from '../accounts/accounts';
import { unavailableReason, type Archives } from '../archive/archives';
import type { ArchiveStore } from '../archive/archive-store';
import { historyWindow, type SyncPlan } from '../archive/sync-plan';
import type { JobRegistry } from '../jobs/job-registry';
import { completed, runJob, stopped } from '../jobs/run-job';
import { syncLists } from '../jobs/sync-job';
import type { Logger } from '../log';
import type { MmsHistory } from '../mms';
import { checkOverviewWindow, comparisonWindow, computeOverview } from '../reports/compute-overview';
import type { DesktopPort } from '../desktop-port';
import { claimSavePath } from '../export/claim-save-path';
import { fileNotWritten } from '../export/file-not-written';
import { overviewFileName } from '../export/file-name';
import { writeOverviewWorkbook } from '../export/overview-workbook';
import type { ExportStarted } from '../../shared/methods/export';
import { syncCovers } from '../../shared/methods/jobs';
import { CHART_IMAGE_MAX_BYTES } from '../../shared/methods/reports';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';
import type { ListOperation } from '../../shared/operations';
import { ARCHIVE_HISTORY_DAYS_MAX, type ArchiveSettings, type ProfileView } from '../../shared/profiles';
import type { NotRefreshed, Overview, OverviewComparison, OverviewExportRequest } from '../../shared/reports/overview';
import { overviewWindowProblem } from '../../shared/reports/overview-window';
import { fail, failWith, ok, type AppError, type Result } from '../../shared/result';
import { m } from '../../shared/i18n';
import { withAccounts } from './accounts-handlers';
import type { Handlers } from './dispatcher';

type OverviewWindow = { fromMs: number; toMs: number };

const UTC: TimeZone = { kind: 'fixed', name: 'UTC', offsetMinutes: 0 };
/** The first eight bytes of every PNG file. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What "sync first" brings up to date: the lists whose figures depend on the window, and the
 * seat and team-leader lists (snapshots of now; calls by team leader read the leaders). Task
 * details, where a call's seat is, are synced one task at a time from their own screen: no
 * operation lists the tasks, so the Overview cannot know which to fetch.
 */
export const SYNCED_FOR_OVERVIEW: readonly ListOperation[] = ['voiceRecords', 'numberRecords', 'seats', 'teamLeaders'];

export function createReportHandlers(deps: {
  accounts: Accounts;
  archives: Archives;
  jobs: JobRegistry;
  log: Logger;
  /** The MMS screen's send history: its own sends under way show as under way, not as unknown. */
  mmsHistory: MmsHistory;
  desktop: DesktopPort;
  appVersion: string;
  /** Files this session wrote, shared with the exports: Show in folder and Download offer only these. */
  written: Set<string>;
}): Pick<Handlers, 'overview' | 'exportOverview' | 'saveChartImage'> {
  const { accounts, archives, jobs, log, mmsHistory, desktop } = deps;

  function archiveMissing(profileId: string): Result<never> {
    const condition = archives.condition(profileId);
    if (condition.state === 'off') return { ok: false, error: { code: 'archive-off', ...worded({ key: 'export_overview_archive_off' }) } };
    return { ok: false, error: { code: 'archive-unavailable', ...worded({ key: 'export_overview_archive_unavailable', params: { why: unavailableReason(condition) } }) } };
  }

  /**
   * The Overview as a report job: what the archive lacks of the window is fetched (its
   * progress shows where the Overview was asked for, and in the jobs area), then the
   * figures are computed. When the sync fails or is cancelled (offline, say), the figures
   * of what the archive already holds are shown all the same, saying they were not refreshed
   * and why. The job ends when the figures are there.
   */
  async function report(profileId: string, store: ArchiveStore, window: OverviewWindow, compute: () => Promise<Result<Overview>>): Promise<Result<Overview>> {
    // A Sync bringing these lists up to date already (the user's, a scheduled one): not a second writer of them, the figures are the archive's as it holds them, said so.
    const syncing = jobs.list().find((other) => other.state === 'running' && other.profileId === profileId && SYNCED_FOR_OVERVIEW.some((operation) => syncCovers(other, operation)));
    const job = jobs.start({ kind: 'report', title: { key: 'export_overview_name' }, profileId, operation: null, path: null, cancellable: true });
    const plan = overviewSyncPlan(window, accounts.archiveSettings(profileId));
    let answer: Result<Overview> = fail('internal', m.export_crashed_overview());
    await runJob(job, 'Overview', log, async () => {
      if (syncing) {
        answer = await compute();
        if (answer.ok) answer = ok({ ...answer.value, notRefreshed: { reason: 'syncing', operation: syncing.operation } });
        return answer.ok ? completed(0) : stopped(answer.error, job);
      }
      const synced = await syncLists({ accounts, log }, store, profileId, SYNCED_FOR_OVERVIEW, plan, job);
      if (!synced.ok) {
        const held = await compute();
        answer = held.ok ? ok({ ...held.value, notRefreshed: notRefreshedOf(synced.error, job.signal.aborted) }) : held;
        return stopped(synced.error, job);
      }
      answer = await compute();
      return answer.ok ? completed(synced.value.rows) : stopped(answer.error, job, synced.value.rows);
    });
    return answer;
  }

  /** The profile, window and comparison of a request, checked as the Overview screen checks them, with its archive open. */
  async function checked(request: OverviewExportRequest): Promise<Result<{ profile: ProfileView; zone: TimeZone | null; window: OverviewWindow; compare: OverviewComparison; store: ArchiveStore }>> {
    const profileId = request.profileId ?? (await accounts.active())?.id ?? null;
    if (profileId === null) return fail('not-found', m.errors_choose_profile());
    const profile = (await accounts.state()).profiles.find((candidate) => candidate.id === profileId);
    if (!profile) return fail('not-found', m.export_profile_gone());
    const window = { fromMs: request.fromMs, toMs: request.toMs };
    const structural = checkOverviewWindow(window);
    if (!structural.ok) return structural;
    // The screen's rule again: at most the archive's sync history, not starting in the future.
    const zone = parseTimeZone(profile.timeZone);
    const problem = zone ? overviewWindowProblem(window, zone, { maxDays: accounts.archiveSettings(profileId).historyDays, nowMs: Date.now() }) : null;
    if (problem) return { ok: false, error: { code: 'validation', message: problem.message, fields: { [problem.field]: problem.message } } };
    const store = await archives.store(profileId);
    if (!store) return archiveMissing(profileId);
    return ok({ profile, zone, window, compare: request.compare ?? 'none', store });
  }

  return {
    overview: (request) =>
      withAccounts(async () => {
        const asked = await checked(request);
        if (!asked.ok) return asked;
        const { profile, zone, window, compare, store } = asked.value;
        const compute = (): Promise<Result<Overview>> =>
          computeOverview({ store, profileId: profile.id, timeZone: profile.timeZone, window, compare, mmsSends: mmsHistory.list() });
        // A comparison's window is synced too: the sync covers both, from the earlier start.
        const other = compare !== 'none' && zone ? comparisonWindow(window, compare, zone) : null;
        const synced = other ? { fromMs: Math.min(window.fromMs, other.fromMs), toMs: Math.max(window.toMs, other.toMs) } : window;
        return request.syncFirst ? report(profile.id, store, synced, compute) : compute();
      }),

    /**
     * The Overview's workbook: where to save is asked first; then an export job computes the
     * figures over the archive as it is (the screen synced it when it showed them) and writes
     * every figure and breakdown through the Summary sheet's layout.
     */
    exportOverview: (request) =>
      withAccounts(async (): Promise<Result<ExportStarted>> => {
        const asked = await checked(request);
        if (!asked.ok) return asked;
        const { profile, zone, window, compare, store } = asked.value;
        const defaultName = overviewFileName({ what: 'overview', window, profileName: profile.name, zone: zone ?? UTC, now: Date.now(), extension: 'xlsx' });
        const chosen = await desktop.chooseSavePath({ defaultName, filters: [{ name: m.export_filter_xlsx(), extensions: ['xlsx'] }] });
        if (chosen === null) return ok({ job: null });
        const claimed = claimSavePath(desktop.host, chosen);
        if (!claimed.ok) return claimed;
        const reservation = claimed.value;
        const job = jobs.start({ kind: 'export', title: { key: 'export_overview_name' }, profileId: profile.id, operation: null, path: reservation.path, cancellable: true });
        void runJob(job, 'export', log, async () => {
          const computed = await computeOverview({ store, profileId: profile.id, timeZone: profile.timeZone, window, compare, mmsSends: mmsHistory.list() });
          if (!computed.ok) {
            await rm(reservation.partial, { force: true }).catch(() => {});
            return stopped(computed.error, job);
          }
          const result = await writeOverviewWorkbook({ overview: computed.value, profileName: profile.name, appVersion: deps.appVersion, reservation, signal: job.signal });
          if (!result.ok) return stopped(result.error, job);
          deps.written.add(reservation.path);
          log.info(`exported the Overview: ${result.value.rows} table rows on ${result.value.sheets.length} sheets`);
          return completed(result.value.rows);
        });
        return ok({ job: job.started });
      }),

    saveChartImage: (request) =>
      withAccounts(async () => {
        // Refused at the field that carries the picture, as every refusal of the bridge names its field.
        const refuse = (message: string): Result<never> => ({ ok: false, error: { code: 'validation', message, fields: { pngBase64: message } } });
        // Decoding skips what is not base64: data that is not would be read as some other, shorter picture.
        if (!isBase64(request.pngBase64)) return refuse(m.export_chart_not_png());
        const bytes = Buffer.from(request.pngBase64, 'base64');
        if (bytes.length > CHART_IMAGE_MAX_BYTES) return refuse(m.export_chart_too_large({ megabytes: String(CHART_IMAGE_MAX_BYTES / (1024 * 1024)) }));
        if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return refuse(m.export_chart_not_png());
        const profile = await accounts.active();
        const zone = (profile && parseTimeZone(profile.timeZone)) ?? UTC;
        const defaultName = overviewFileName({ what: `overview-${request.name}`, window: null, profileName: profile?.name ?? '', zone, now: Date.now(), extension: 'png' });
        const chosen = await desktop.chooseSavePath({ defaultName, filters: [{ name: m.export_filter_png(), extensions: ['png'] }] });
        if (chosen === null) return ok({ path: null });
        const claimed = claimSavePath(desktop.host, chosen);
        if (!claimed.ok) return claimed;
        const { path, partial } = claimed.value;
        try {
          await writeFile(partial, bytes);
          await rename(partial, path);
        } catch (error) {
          await rm(partial, { force: true }).catch(() => {});
          return failWith(fileNotWritten(error, path, 'export_picture_not_written'));
        }
        deps.written.add(path);
        return ok({ path });
      }),
  };
}

/** Why the figures shown are the archive's as they were, when the sync before them stopped. */
function notRefreshedOf(error: AppError, cancelled: boolean): NotRefreshed {
  if (cancelled || error.code === 'cancelled') return { reason: 'cancelled' };
  if (error.code === 'network' || error.code === 'timeout') return { reason: 'unreachable' };
  return { reason: 'stopped', message: error.message };
}

/** The window itself, from no earlier than the platform still keeps (it refuses a range reaching further back). */
function overviewSyncPlan(window: OverviewWindow, settings: ArchiveSettings): SyncPlan {
  const earliestMs = historyWindow(ARCHIVE_HISTORY_DAYS_MAX, Date.now()).fromMs;
  return { window: { fromMs: Math.max(window.fromMs, earliestMs), toMs: window.toMs }, refreshMs: settings.refreshHours * 3_600_000, taskId: null };
}
