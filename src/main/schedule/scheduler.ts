/**
 * The app's scheduled work, one per app: per profile a sync every N minutes (skipped while
 * one runs, backing off after errors) and the daily report of the previous local day at a
 * set local time, caught up at start when the app was closed at that time. The clock and
 * the timers are injected, so tests drive time.
 */
import { calendarOf, dayOfKey } from '../../shared/calendar';
import type { Logger } from '../log';
import type { Result } from '../../shared/result';
import {
  latestDueReportDay,
  nextReportDueMs,
  reportDayOf,
  syncDelayMs,
  type ReportDay,
  type ReportListName,
  type ScheduleSettings,
} from '../../shared/schedule';
import type { TimeZone } from '../../shared/time-zone';

export interface SchedulerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ScheduledProfile {
  id: string;
  name: string;
  zone: TimeZone;
  settings: ScheduleSettings;
}

export interface SchedulerDeps {
  clock?: SchedulerClock;
  profiles(): ScheduledProfile[];
  /** Starts a sync of the profile and settles when it ends; null when one of the profile runs already. */
  sync(profileId: string): Promise<Result<unknown>> | null;
  /** Writes one list's report of one day into the folder. */
  report(profile: ScheduledProfile, list: ReportListName, day: ReportDay, folder: string): Promise<Result<unknown>>;
  /** The last day written ('YYYY-MM-DD'), kept across restarts. */
  lastReportDay(profileId: string): string | null;
  setLastReportDay(profileId: string, dayKey: string): void;
  log: Pick<Logger, 'info' | 'warn'>;
  /** A next run moved (for the screens that show it). */
  onChange?(): void;
}

export interface NextRuns {
  /** Epoch ms of the next scheduled sync; null when off or while one runs. */
  syncAt: number | null;
  /** Epoch ms the next daily report falls due; null when off. */
  reportAt: number | null;
}

/** How often the report clock is looked at again at most: a sleeping computer or a moved clock is noticed within this. */
export const REPORT_CHECK_MS = 15 * 60_000;
/** Missed days written at start at most (the platform keeps two months, a folder wants the recent ones). */
export const REPORT_CATCH_UP_DAYS = 7;
/** The longest wait before a failed report is tried again. */
export const REPORT_RETRY_MAX_MS = 4 * 3_600_000;

interface SyncLoop {
  everyMinutes: number;
  timer: unknown;
  nextAt: number | null;
  failures: number;
  running: boolean;
}

export class Scheduler {
  private readonly clock: SchedulerClock;
  private readonly loops = new Map<string, SyncLoop>();
  private readonly reporting = new Set<string>();
  /**
   * After a report failed: when to try again, how many failed in a row (a notification each time must stay rare),
   * and the report settings that failed (other settings, e.g. the folder put right, are tried at once).
   */
  private readonly reportRetries = new Map<string, { at: number; failures: number; settings: string }>();
  /** The last day written this session, so a day whose record the disk refused (a full disk) is not written again and again. */
  private readonly daysWritten = new Map<string, number>();
  private reportTimer: unknown = null;
  private started = false;
  /** Settles when the report work started by the last check is done (tests wait on it). */
  reportsSettled: Promise<void> = Promise.resolve();

  constructor(private readonly deps: SchedulerDeps) {
    this.clock = deps.clock ?? SYSTEM_CLOCK;
  }

  /** Starts the timers and writes any report missed while the app was closed. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.refresh();
  }

  stop(): void {
    this.started = false;
    for (const loop of this.loops.values()) this.clock.clearTimeout(loop.timer);
    this.loops.clear();
    if (this.reportTimer !== null) this.clock.clearTimeout(this.reportTimer);
    this.reportTimer = null;
  }

  /** Profiles or their settings changed: the loops follow (a changed interval starts counting again). */
  refresh(): void {
    if (!this.started) return;
    const profiles = this.deps.profiles();
    const wanted = new Map(profiles.flatMap((profile) => (profile.settings.syncEveryMinutes === null ? [] : [[profile.id, profile.settings.syncEveryMinutes] as const])));
    for (const [id, loop] of this.loops) {
      if (wanted.get(id) !== loop.everyMinutes) {
        this.clock.clearTimeout(loop.timer);
        this.loops.delete(id);
      }
    }
    for (const [id, everyMinutes] of wanted) {
      if (this.loops.has(id)) continue;
      const loop: SyncLoop = { everyMinutes, timer: null, nextAt: null, failures: 0, running: false };
      this.loops.set(id, loop);
      this.scheduleSync(id, loop, syncDelayMs(everyMinutes, 0));
    }
    this.checkReports();
  }

  nextRuns(profileId: string): NextRuns {
    const loop = this.loops.get(profileId);
    const profile = this.deps.profiles().find((candidate) => candidate.id === profileId);
    return { syncAt: loop?.nextAt ?? null, reportAt: profile === undefined ? null : this.nextReportAt(profile, this.clock.now()) };
  }

  /** When a profile's report runs next: its next due time, or sooner the retry of one that failed. */
  private nextReportAt(profile: ScheduledProfile, now: number): number | null {
    const report = profile.settings.dailyReport;
    if (report === null) return null;
    return Math.min(nextReportDueMs(now, report.atLocalTime, profile.zone), this.retryOf(profile)?.at ?? Number.POSITIVE_INFINITY);
  }

  /** The wait after a failed report, unless the report's settings changed since it failed. */
  private retryOf(profile: ScheduledProfile): { at: number; failures: number } | null {
    const retry = this.reportRetries.get(profile.id);
    if (retry === undefined) return null;
    if (retry.settings === JSON.stringify(profile.settings.dailyReport)) return retry;
    this.reportRetries.delete(profile.id);
    return null;
  }

  /**
   * The report clock is looked at again at the next due time or retry, and at least every REPORT_CHECK_MS. A
   * profile whose reports are being written is left out: its retry time has passed (that is why it runs), so
   * counting it would look every second until it ends; its end arms the check again.
   */
  private armReportCheck(): void {
    if (this.reportTimer !== null) this.clock.clearTimeout(this.reportTimer);
    this.reportTimer = null;
    if (!this.started) return;
    const now = this.clock.now();
    const waiting = this.deps.profiles().filter((profile) => !this.reporting.has(profile.id));
    const next = Math.min(...waiting.map((profile) => this.nextReportAt(profile, now) ?? Number.POSITIVE_INFINITY));
    if (Number.isFinite(next)) {
      this.reportTimer = this.clock.setTimeout(() => this.checkReports(), Math.max(1000, Math.min(next - now, REPORT_CHECK_MS)));
    }
  }

  private scheduleSync(profileId: string, loop: SyncLoop, delayMs: number): void {
    this.clock.clearTimeout(loop.timer);
    loop.nextAt = this.clock.now() + delayMs;
    loop.timer = this.clock.setTimeout(() => this.tick(profileId, loop), delayMs);
    this.deps.onChange?.();
  }

  private tick(profileId: string, loop: SyncLoop): void {
    if (this.loops.get(profileId) !== loop) return;
    // A profile deleted or switched off meanwhile stops here rather than failing every interval.
    if (this.deps.profiles().find((profile) => profile.id === profileId)?.settings.syncEveryMinutes !== loop.everyMinutes) {
      this.refresh();
      return;
    }
    const startedAt = this.clock.now();
    // Never two at once: a tick while a sync runs (this one's or one started by hand) is skipped.
    const running = loop.running ? null : this.deps.sync(profileId);
    this.scheduleSync(profileId, loop, syncDelayMs(loop.everyMinutes, 0));
    if (running === null) {
      this.deps.log.info(`Scheduled sync of ${profileId} skipped: a sync of it is running.`);
      return;
    }
    loop.running = true;
    void running.then(
      (result) => this.synced(profileId, loop, startedAt, result.ok),
      () => this.synced(profileId, loop, startedAt, false),
    );
  }

  private synced(profileId: string, loop: SyncLoop, startedAt: number, succeeded: boolean): void {
    loop.running = false;
    if (this.loops.get(profileId) !== loop) return;
    if (succeeded) {
      loop.failures = 0;
      return;
    }
    loop.failures += 1;
    const delay = syncDelayMs(loop.everyMinutes, loop.failures);
    this.deps.log.warn(`Scheduled sync of ${profileId} failed (${loop.failures} in a row); the next in ${delay / 60_000} minutes.`);
    this.scheduleSync(profileId, loop, Math.max(0, startedAt + delay - this.clock.now()));
  }

  private checkReports(): void {
    if (this.reportTimer !== null) this.clock.clearTimeout(this.reportTimer);
    this.reportTimer = null;
    if (!this.started) return;
    const now = this.clock.now();
    const work: Promise<void>[] = [];
    for (const profile of this.deps.profiles()) {
      const report = profile.settings.dailyReport;
      if (report === null) continue;
      if (this.reporting.has(profile.id) || (this.retryOf(profile)?.at ?? 0) > now) continue;
      const dueDay = latestDueReportDay(now, report.atLocalTime, profile.zone);
      // A day that is not a real date (a damaged file) is none: else no day would ever follow it.
      const stored = this.deps.lastReportDay(profile.id);
      const kept = stored === null ? null : dayOfKey(stored);
      const written = this.daysWritten.get(profile.id) ?? null;
      const last = kept === null || written === null ? (kept ?? written) : Math.max(kept, written);
      const first = last === null ? dueDay : Math.max(last + 1, dueDay - REPORT_CATCH_UP_DAYS + 1);
      if (first > dueDay) continue;
      work.push(this.writeReports(profile, first, dueDay));
    }
    this.reportsSettled = Promise.all(work).then(() => undefined);
    this.armReportCheck();
  }

  /**
   * Takes `day` as the last day written (its report was, or a report switched on again resumes after it), for this
   * session and, where the disk takes it, after a restart: a refusal (a full disk) is only logged, so a report is
   * never written again and again meanwhile.
   */
  markReportDay(profile: ScheduledProfile, day: number): void {
    this.daysWritten.set(profile.id, day);
    const key = calendarOf(profile.zone).dayKey(day);
    try {
      this.deps.setLastReportDay(profile.id, key);
    } catch (error) {
      this.deps.log.warn(`The last daily report day (${key}) for ${profile.name} could not be kept past this session: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async writeReports(profile: ScheduledProfile, firstDay: number, lastDay: number): Promise<void> {
    const report = profile.settings.dailyReport;
    if (report === null) return;
    this.reporting.add(profile.id);
    try {
      for (let day = firstDay; day <= lastDay; day += 1) {
        const window = reportDayOf(day, profile.zone);
        for (const list of report.lists) {
          const written = await this.deps.report(profile, list, window, report.folder).catch((error: unknown) => ({
            ok: false as const,
            error: { code: 'internal', message: error instanceof Error ? error.message : String(error) },
          }));
          // Tried again later (a quarter hour, doubling up to 4 hours), so a folder or a network that comes back gets its file.
          if (!written.ok) {
            const failures = (this.retryOf(profile)?.failures ?? 0) + 1;
            const waitMs = Math.min(REPORT_CHECK_MS * 2 ** (failures - 1), REPORT_RETRY_MAX_MS);
            this.reportRetries.set(profile.id, { at: this.clock.now() + waitMs, failures, settings: JSON.stringify(report) });
            this.deps.log.warn(`The daily ${list} report of ${window.key} for ${profile.name} was not written: ${written.error.message}`);
            this.deps.onChange?.();
            return;
          }
        }
        this.reportRetries.delete(profile.id);
        this.markReportDay(profile, day);
      }
    } finally {
      this.reporting.delete(profile.id);
      this.armReportCheck();
    }
  }
}
