/**
 * The Overview over IPC: the profile's archive, brought up to date first where asked (a
 * report job in the jobs area syncs the window's voice and number records and the seat list),
 * then the figures computed over it.
 */
import type { Accounts } from '../accounts/accounts';
import type { Archives } from '../archive/archives';
import type { ArchiveStore } from '../archive/archive-store';
import { historyWindow, type SyncPlan } from '../archive/sync-plan';
import type { JobRegistry } from '../jobs/job-registry';
import { completed, runJob, stopped } from '../jobs/run-job';
import { syncLists } from '../jobs/sync-job';
import type { Logger } from '../log';
import type { MmsHistory } from '../mms';
import { checkOverviewWindow, comparisonWindow, computeOverview } from '../reports/compute-overview';
import { parseTimeZone } from '../../shared/time-zone';
import type { ListOperation } from '../../shared/operations';
import { ARCHIVE_HISTORY_DAYS_MAX, type ArchiveSettings } from '../../shared/profiles';
import type { Overview } from '../../shared/reports/overview';
import { overviewWindowProblem } from '../../shared/reports/overview-window';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import { withAccounts } from './accounts-handlers';
import type { Handlers } from './dispatcher';

type OverviewWindow = { fromMs: number; toMs: number };

/** What "sync first" brings up to date: the lists whose figures depend on the window, and the seat list (a snapshot of now). */
const SYNCED_FOR_OVERVIEW: readonly ListOperation[] = ['voiceRecords', 'numberRecords', 'seats'];

export function createReportHandlers(deps: {
  accounts: Accounts;
  archives: Archives;
  jobs: JobRegistry;
  log: Logger;
  /** The MMS screen's send history: its own sends under way show as under way, not as unknown. */
  mmsHistory: MmsHistory;
}): Pick<Handlers, 'overview'> {
  const { accounts, archives, jobs, log, mmsHistory } = deps;

  function archiveMissing(profileId: string): Result<never> {
    const condition = archives.condition(profileId);
    if (condition.state === 'off') {
      return fail('archive-off', 'The Overview is computed over the archive, which is switched off for this profile. Switch it on in Accounts, then open the Overview again.');
    }
    const why = condition.state === 'unavailable' ? condition.message : 'The archive could not be opened.';
    return fail('archive-unavailable', `The Overview is computed over the archive, which cannot be used right now. ${why} Close the other Switchboard window or command, then try again.`);
  }

  /**
   * The Overview as a report job: what the archive lacks of the window is fetched (its
   * progress shows where the Overview was asked for, and in the jobs area), then the
   * figures are computed. When the sync fails or is cancelled (offline, say), the figures
   * of what the archive already holds are shown all the same, saying they were not refreshed
   * and why. The job ends when the figures are there.
   */
  async function report(profileId: string, store: ArchiveStore, window: OverviewWindow, compute: () => Promise<Result<Overview>>): Promise<Result<Overview>> {
    const job = jobs.start({ kind: 'report', title: 'Overview', profileId, operation: null, path: null, cancellable: true });
    const plan = overviewSyncPlan(window, accounts.archiveSettings(profileId));
    let answer: Result<Overview> = fail('internal', 'The Overview stopped because of an internal error. The details are in the log file.');
    await runJob(job, 'Overview', log, async () => {
      const synced = await syncLists({ accounts, log }, store, profileId, SYNCED_FOR_OVERVIEW, plan, job);
      if (!synced.ok) {
        const held = await compute();
        answer = held.ok ? ok({ ...held.value, notRefreshed: notRefreshedReason(synced.error, job.signal.aborted) }) : held;
        return stopped(synced.error, job);
      }
      answer = await compute();
      return answer.ok ? completed(synced.value.rows) : stopped(answer.error, job, synced.value.rows);
    });
    return answer;
  }

  return {
    overview: (request) =>
      withAccounts(async () => {
        const profileId = request.profileId ?? (await accounts.active())?.id ?? null;
        if (profileId === null) return fail('not-found', 'Choose or add a profile in Accounts first.');
        const profile = (await accounts.state()).profiles.find((candidate) => candidate.id === profileId);
        if (!profile) return fail('not-found', 'That profile no longer exists: choose another in Accounts.');
        const window = { fromMs: request.fromMs, toMs: request.toMs };
        const checked = checkOverviewWindow(window);
        if (!checked.ok) return checked;
        // The screen's rule again: at most the archive's sync history, not starting in the future.
        const zone = parseTimeZone(profile.timeZone);
        const problem = zone ? overviewWindowProblem(window, zone, { maxDays: accounts.archiveSettings(profileId).historyDays, nowMs: Date.now() }) : null;
        if (problem) return fail('validation', problem.message);
        const store = await archives.store(profileId);
        if (!store) return archiveMissing(profileId);
        const compare = request.compare ?? 'none';
        const compute = (): Promise<Result<Overview>> =>
          computeOverview({ store, profileId, timeZone: profile.timeZone, window, compare, mmsSends: mmsHistory.list() });
        // A comparison's window is synced too: the sync covers both, from the earlier start.
        const other = compare !== 'none' && zone ? comparisonWindow(window, compare, zone) : null;
        const synced = other ? { fromMs: Math.min(window.fromMs, other.fromMs), toMs: Math.max(window.toMs, other.toMs) } : window;
        return request.syncFirst ? report(profileId, store, synced, compute) : compute();
      }),
  };
}

/** Why the figures shown are the archive's as they were, when the sync before them stopped. */
function notRefreshedReason(error: AppError, cancelled: boolean): string {
  if (cancelled || error.code === 'cancelled') return 'the sync was cancelled';
  if (error.code === 'network' || error.code === 'timeout') return 'the platform could not be reached';
  return `the sync stopped: ${error.message}`;
}

/** The window itself, from no earlier than the platform still keeps (it refuses a range reaching further back). */
function overviewSyncPlan(window: OverviewWindow, settings: ArchiveSettings): SyncPlan {
  const earliestMs = historyWindow(ARCHIVE_HISTORY_DAYS_MAX, Date.now()).fromMs;
  return { window: { fromMs: Math.max(window.fromMs, earliestMs), toMs: window.toMs }, refreshMs: settings.refreshHours * 3_600_000, taskId: null };
}
