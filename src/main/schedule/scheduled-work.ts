/**
 * The app's scheduler wired to its services: scheduled syncs run as ordinary sync jobs of
 * the profile's archive, daily reports as export jobs, and the settings are read from and
 * saved with the profile. Also the IPC handlers for the settings and the next runs.
 */
import { join } from 'node:path';
import { m } from '../../shared/i18n';
import type { Said } from '../../shared/i18n/said';
import { AccountsError, type Accounts } from '../accounts/accounts';
import { noArchiveError, type Archives } from '../archive/archives';
import { SYNCED_LISTS, syncPlanOf } from '../archive/sync-plan';
import type { JobRegistry } from '../jobs/job-registry';
import { startSyncJob } from '../jobs/sync-job';
import type { Logger } from '../log';
import { withAccounts } from '../handlers/accounts-handlers';
import type { Handlers } from '../handlers/dispatcher';
import type { ScheduleStatus } from '../../shared/methods/schedule';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import { parseTimeZone } from '../../shared/time-zone';
import { dayOfKey } from '../../shared/calendar';
import { latestDueReportDay } from '../../shared/schedule';
import { writeDailyReport } from './daily-report';
import { scheduleSettingsProblemsHere } from './report-folder';
import { ReportDaysFile } from './report-days-file';
import { Scheduler, SYSTEM_CLOCK, type ScheduledProfile, type SchedulerClock } from './scheduler';

export const REPORT_DAYS_FILE = 'report-days.json';

export interface ScheduledWorkDeps {
  accounts: Accounts;
  archives: Archives;
  jobs: JobRegistry;
  log: Logger;
  userDataDir: string;
  appVersion: string;
  clock?: SchedulerClock;
  /** When the app started (default: now, as the services start with it). */
  startedAtMs?: number;
}

export interface ScheduledWork {
  scheduler: Scheduler;
  handlers: Pick<Handlers, 'scheduleStatus' | 'setScheduleSettings'>;
}

export function createScheduledWork(deps: ScheduledWorkDeps): ScheduledWork {
  const { accounts, archives, jobs, log } = deps;
  const days = new ReportDaysFile(join(deps.userDataDir, REPORT_DAYS_FILE));
  const appStartedAtMs = deps.startedAtMs ?? Date.now();

  function profiles(): ScheduledProfile[] {
    try {
      return accounts.scheduledProfiles().flatMap((profile) => {
        const zone = parseTimeZone(profile.timeZone);
        return zone === null ? [] : [{ id: profile.id, name: profile.name, zone, settings: profile.schedule }];
      });
    } catch (error) {
      log.warn('Scheduled work: the profiles could not be read.', error);
      return [];
    }
  }

  /** A scheduled sync is named with its profile: its job card and its notification say whose data it brought. */
  function scheduledSyncTitle(profileId: string): Said {
    const profile = profiles().find((scheduled) => scheduled.id === profileId)?.name ?? profileId;
    return { key: 'export_sync_title_scheduled', params: { profile } };
  }

  /** A scheduled sync that cannot start is told where every sync is, in the jobs area, as a failed Sync job saying why. */
  function notStarted(profileId: string, error: AppError): Result<unknown> {
    const job = jobs.start({ kind: 'sync', title: scheduledSyncTitle(profileId), profileId, operation: null, path: null, cancellable: false });
    job.end({ state: 'failed', rows: 0, error, warnings: [] });
    return { ok: false, error };
  }

  async function sync(profileId: string): Promise<Result<unknown>> {
    const settings = accounts.archiveSettings(profileId);
    if (!settings.enabled) return notStarted(profileId, { code: 'archive-off', message: m.export_schedule_archive_off() });
    const store = await archives.store(profileId, 'sync');
    if (!store) return notStarted(profileId, noArchiveError(archives.condition(profileId)));
    const plan = syncPlanOf(settings, Date.now(), null);
    const started = await startSyncJob({ accounts, jobs, log, archives }, store, profileId, SYNCED_LISTS, plan, scheduledSyncTitle(profileId));
    return started.ok ? started.value.finished : notStarted(profileId, started.error);
  }

  const scheduler = new Scheduler({
    clock: deps.clock,
    profiles,
    sync: (profileId) => {
      const running = jobs.list().some((job) => job.kind === 'sync' && job.profileId === profileId && job.state === 'running');
      return running ? null : sync(profileId).catch((error: unknown) => fail('internal', error instanceof Error ? error.message : String(error)));
    },
    report: (profile, list, day, folder) => writeDailyReport({ accounts, jobs, log, appVersion: deps.appVersion, appStartedAtMs }, profile, list, day, folder),
    lastReportDay: (profileId) => days.get(profileId),
    setLastReportDay: (profileId, dayKey) => days.set(profileId, dayKey),
    log,
  });

  /**
   * A daily report switched on again resumes with the latest due day: the days it was off were never due, so
   * they are not written all at once at the next check (days missed while the app was closed, with it on, are).
   */
  function resumeReports(profileId: string, atLocalTime: string): void {
    const stored = days.get(profileId);
    const last = stored === null ? null : dayOfKey(stored);
    const profile = profiles().find((candidate) => candidate.id === profileId);
    if (last === null || profile === undefined) return;
    const dueDay = latestDueReportDay((deps.clock ?? SYSTEM_CLOCK).now(), atLocalTime, profile.zone);
    if (last < dueDay - 1) scheduler.markReportDay(profile, dueDay - 1);
  }

  function status(profileId: string): ScheduleStatus {
    const next = scheduler.nextRuns(profileId);
    return {
      profileId,
      settings: accounts.scheduleSettings(profileId),
      nextSyncAt: next.syncAt,
      nextReportAt: next.reportAt,
      lastReportDay: days.get(profileId),
    };
  }

  return {
    scheduler,
    handlers: {
      scheduleStatus: ({ profileId }) => withAccounts(async () => ok(status(profileId))),
      setScheduleSettings: ({ profileId, settings }) =>
        withAccounts(async () => {
          const fields = await scheduleSettingsProblemsHere(settings);
          // A scheduled sync keeps records in the archive: with it off, every run would fail.
          if (settings.syncEveryMinutes !== null && !accounts.archiveSettings(profileId).enabled) {
            fields.syncEveryMinutes ??= m.export_schedule_needs_archive();
          }
          if (Object.keys(fields).length > 0) throw new AccountsError('validation', m.errors_schedule_settings_fields(), fields);
          const reportWasOff = accounts.scheduleSettings(profileId).dailyReport === null;
          accounts.setScheduleSettings(profileId, settings);
          if (reportWasOff && settings.dailyReport !== null) resumeReports(profileId, settings.dailyReport.atLocalTime);
          scheduler.refresh();
          return ok(status(profileId));
        }),
    },
  };
}
