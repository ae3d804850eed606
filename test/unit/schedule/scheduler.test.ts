import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler, type ScheduledProfile, type SchedulerClock } from '../../../src/main/schedule/scheduler';
import type { Result } from '../../../src/shared/result';
import type { ReportDay, ReportListName, ScheduleSettings } from '../../../src/shared/schedule';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const MINUTE = 60_000;
const NEW_YORK = parseTimeZone('America/New_York') as TimeZone;
const fakeClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const silent: { info(line: string): void; warn(line: string): void } = { info: () => {}, warn: () => {} };

interface Deferred {
  resolve(result: Result<unknown>): void;
}

function harness(settings: ScheduleSettings, options: { lastDay?: string | null; failingReports?: number; dayNotKept?: boolean; log?: typeof silent } = {}) {
  const profile: ScheduledProfile = { id: 'ops', name: 'Ops', zone: NEW_YORK, settings };
  let failingReports = options.failingReports ?? 0;
  const syncs: Deferred[] = [];
  const syncTimes: number[] = [];
  let busy = false;
  const reports: { list: ReportListName; day: ReportDay; at: number }[] = [];
  let lastDay: string | null = options.lastDay ?? null;
  const scheduler = new Scheduler({
    clock: fakeClock,
    profiles: () => [profile],
    sync: () => {
      if (busy) return null;
      syncTimes.push(Date.now());
      return new Promise((resolve) => syncs.push({ resolve }));
    },
    report: async (_profile, list, day) => {
      reports.push({ list, day, at: Date.now() });
      if (failingReports > 0) {
        failingReports -= 1;
        return { ok: false, error: { code: 'file-error', message: 'The folder is gone.' } };
      }
      return { ok: true, value: null };
    },
    lastReportDay: () => lastDay,
    setLastReportDay: (_id, key) => {
      if (options.dayNotKept) throw new Error('ENOSPC: no space left on device');
      lastDay = key;
    },
    log: options.log ?? silent,
  });
  return {
    scheduler,
    profile,
    syncs,
    syncTimes,
    reports,
    setBusy: (value: boolean) => {
      busy = value;
    },
    lastDay: () => lastDay,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('scheduled sync', () => {
  const start = Date.parse('2026-11-25T10:00:00Z');

  it('syncs every N minutes, and shows the next run', async () => {
    vi.setSystemTime(start);
    const h = harness({ syncEveryMinutes: 15, dailyReport: null });
    h.scheduler.start();
    expect(h.scheduler.nextRuns('ops').syncAt).toBe(start + 15 * MINUTE);
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    h.syncs[0].resolve({ ok: true, value: null });
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    h.syncs[1].resolve({ ok: true, value: null });
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(h.syncTimes).toEqual([start + 15 * MINUTE, start + 30 * MINUTE, start + 45 * MINUTE]);
    expect(h.scheduler.nextRuns('ops').syncAt).toBe(start + 60 * MINUTE);
    h.scheduler.stop();
  });

  it('never starts a second sync while one runs: the tick is skipped', async () => {
    vi.setSystemTime(start);
    const h = harness({ syncEveryMinutes: 10, dailyReport: null });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(h.syncTimes).toHaveLength(1);
    // The first is still running at the next two ticks.
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(h.syncTimes).toHaveLength(1);
    h.syncs[0].resolve({ ok: true, value: null });
    // A sync started by hand also makes the tick wait.
    h.setBusy(true);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(h.syncTimes).toHaveLength(1);
    h.setBusy(false);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(h.syncTimes).toHaveLength(2);
    h.scheduler.stop();
  });

  it('backs off after errors, doubling up to four intervals, and resets after a success', async () => {
    vi.setSystemTime(start);
    const h = harness({ syncEveryMinutes: 10, dailyReport: null });
    h.scheduler.start();
    const gaps: number[] = [];
    const outcomes = [false, false, false, true, true];
    for (const [index, succeeds] of outcomes.entries()) {
      await vi.advanceTimersToNextTimerAsync();
      expect(h.syncTimes).toHaveLength(index + 1);
      h.syncs[index].resolve(succeeds ? { ok: true, value: null } : { ok: false, error: { code: 'network', message: 'down' } });
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersToNextTimerAsync();
    for (let index = 1; index < h.syncTimes.length; index += 1) gaps.push((h.syncTimes[index] - h.syncTimes[index - 1]) / MINUTE);
    // After 1, 2, 3 failures: 20, 40, 40 (capped at 4x); after a success: 10 again.
    expect(gaps).toEqual([20, 40, 40, 10, 10]);
    h.scheduler.stop();
  });
});

describe('scheduled sync settings', () => {
  it('stops ticking when the profile switches it off', async () => {
    vi.setSystemTime(Date.parse('2026-11-25T10:00:00Z'));
    const h = harness({ syncEveryMinutes: 10, dailyReport: null });
    h.scheduler.start();
    h.profile.settings = { syncEveryMinutes: null, dailyReport: null };
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(h.syncTimes).toHaveLength(0);
    expect(h.scheduler.nextRuns('ops').syncAt).toBeNull();
    h.scheduler.stop();
  });
});

describe('daily report', () => {
  const at6 = { atLocalTime: '06:00', folder: '/reports', lists: ['voice' as const] };

  it("writes the previous local day at 06:00 New York time, and only then", async () => {
    // 2026-11-24 05:00 EST
    vi.setSystemTime(Date.parse('2026-11-24T10:00:00Z'));
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-22' });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(0);
    expect(h.scheduler.nextRuns('ops').reportAt).toBe(Date.parse('2026-11-24T11:00:00Z'));
    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1);
    expect(h.reports).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => report.day.key)).toEqual(['2026-11-23']);
    expect(h.reports[0].at).toBe(Date.parse('2026-11-24T11:00:00Z'));
    expect(h.reports[0].day.fromMs).toBe(Date.parse('2026-11-23T05:00:00Z'));
    expect(h.reports[0].day.toMs).toBe(Date.parse('2026-11-24T05:00:00Z'));
    expect(h.lastDay()).toBe('2026-11-23');
    // Nothing more until the next day's 06:00.
    await vi.advanceTimersByTimeAsync(23 * 60 * MINUTE);
    expect(h.reports).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => report.day.key)).toEqual(['2026-11-23', '2026-11-24']);
    h.scheduler.stop();
  });

  it('the day after the November DST change writes a 25-hour day, at 06:00 EST', async () => {
    // 2026-11-02 05:59 EST; 2026-11-01 had 25 hours (EDT until 02:00, then EST).
    vi.setSystemTime(Date.parse('2026-11-02T10:59:00Z'));
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-10-31' });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(MINUTE);
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(1);
    const { day, at } = h.reports[0];
    expect(at).toBe(Date.parse('2026-11-02T11:00:00Z'));
    expect(day.key).toBe('2026-11-01');
    expect(day.fromMs).toBe(Date.parse('2026-11-01T04:00:00Z'));
    expect(day.toMs).toBe(Date.parse('2026-11-02T05:00:00Z'));
    expect(day.toMs - day.fromMs).toBe(25 * 60 * MINUTE);
    h.scheduler.stop();
  });

  it('a run missed while the app was closed is caught up at start, exactly once', async () => {
    // The app last wrote 2026-11-23 and was closed; it starts again on 2026-11-25 at 09:00 EST.
    vi.setSystemTime(Date.parse('2026-11-25T14:00:00Z'));
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-23' });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => report.day.key)).toEqual(['2026-11-24']);
    // A settings change or the next checks during the day write nothing again.
    h.scheduler.refresh();
    await vi.advanceTimersByTimeAsync(6 * 60 * MINUTE);
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(1);
    h.scheduler.stop();
    // A restart the same day writes nothing either.
    const again = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: h.lastDay() });
    again.scheduler.start();
    await again.scheduler.reportsSettled;
    expect(again.reports).toHaveLength(0);
    again.scheduler.stop();
  });

  it("a day whose record the disk refuses (a full disk) is written once, not again at every check, and the day after follows", async () => {
    vi.setSystemTime(Date.parse('2026-11-25T14:00:00Z'));
    const warnings: string[] = [];
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-23', dayNotKept: true, log: { info: () => {}, warn: (line) => void warnings.push(line) } });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => report.day.key)).toEqual(['2026-11-24']);
    expect(warnings).toEqual([expect.stringContaining('The last daily report day (2026-11-24) for Ops could not be kept past this session: ENOSPC')]);
    await vi.advanceTimersByTimeAsync(6 * 60 * MINUTE);
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(1);
    // The next morning's 06:00 writes the next day.
    await vi.advanceTimersByTimeAsync(16 * 60 * MINUTE);
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => report.day.key)).toEqual(['2026-11-24', '2026-11-25']);
    h.scheduler.stop();
  });

  it('a last day that is not a real date (a damaged report-days.json) is taken as none: the latest due day is written', async () => {
    vi.setSystemTime(Date.parse('2026-11-25T14:00:00Z'));
    for (const damaged of ['2026-13-01', '2026-00-10', '2026-02-30']) {
      const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: damaged });
      h.scheduler.start();
      await h.scheduler.reportsSettled;
      expect(h.reports.map((report) => report.day.key), damaged).toEqual(['2026-11-24']);
      expect(h.lastDay()).toBe('2026-11-24');
      h.scheduler.stop();
    }
  });

  it('after days closed, each missed day is written once at start, oldest first, at most the last seven', async () => {
    vi.setSystemTime(Date.parse('2026-11-25T14:00:00Z'));
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-21' });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => report.day.key)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    h.scheduler.stop();
    const long = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-10-01' });
    long.scheduler.start();
    await long.scheduler.reportsSettled;
    expect(long.reports.map((report) => report.day.key)).toEqual([18, 19, 20, 21, 22, 23, 24].map((day) => `2026-11-${day}`));
    long.scheduler.stop();
  });

  it('a report that fails is tried again later, not at every check, and written once it works', async () => {
    const t0 = Date.parse('2026-11-25T14:00:00Z');
    vi.setSystemTime(t0);
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-23', failingReports: 2 });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.lastDay()).toBe('2026-11-23');
    await vi.advanceTimersByTimeAsync(6 * 60 * MINUTE);
    await h.scheduler.reportsSettled;
    // Tried at start, a quarter hour later, then half an hour after that: written then, and not again.
    expect(h.reports.map((report) => (report.at - t0) / MINUTE)).toEqual([0, 15, 45]);
    expect(h.reports.every((report) => report.day.key === '2026-11-24')).toBe(true);
    expect(h.lastDay()).toBe('2026-11-24');
    h.scheduler.stop();
  });

  it('after a report fails, the next run shown is its retry, not the next due time', async () => {
    const t0 = Date.parse('2026-11-25T14:00:00Z');
    vi.setSystemTime(t0);
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-23', failingReports: 1 });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.lastDay()).toBe('2026-11-23');
    // Tried again in a quarter hour: that is the next run, not tomorrow's 06:00.
    expect(h.scheduler.nextRuns('ops').reportAt).toBe(t0 + 15 * MINUTE);
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    await h.scheduler.reportsSettled;
    expect(h.lastDay()).toBe('2026-11-24');
    expect(h.scheduler.nextRuns('ops').reportAt).toBe(Date.parse('2026-11-26T11:00:00Z'));
    h.scheduler.stop();
  });

  it('after a report fails, changed report settings (a folder put right) try again at once', async () => {
    const t0 = Date.parse('2026-11-25T14:00:00Z');
    vi.setSystemTime(t0);
    const h = harness({ syncEveryMinutes: null, dailyReport: at6 }, { lastDay: '2026-11-23', failingReports: 1 });
    h.scheduler.start();
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(1);
    // The same settings saved again: the wait stands.
    h.scheduler.refresh();
    await h.scheduler.reportsSettled;
    expect(h.reports).toHaveLength(1);
    h.profile.settings = { syncEveryMinutes: null, dailyReport: { ...at6, folder: '/reports-now-there' } };
    h.scheduler.refresh();
    await h.scheduler.reportsSettled;
    expect(h.reports.map((report) => (report.at - t0) / MINUTE)).toEqual([0, 0]);
    expect(h.lastDay()).toBe('2026-11-24');
    h.scheduler.stop();
  });
});

describe('the report clock while a retried report runs', () => {
  it('is not looked at every second until the report ends', async () => {
    const t0 = Date.parse('2026-11-25T14:00:00Z');
    vi.setSystemTime(t0);
    const settings: ScheduleSettings = { syncEveryMinutes: null, dailyReport: { atLocalTime: '06:00', folder: '/reports', lists: ['voice'] } };
    const profile: ScheduledProfile = { id: 'ops', name: 'Ops', zone: NEW_YORK, settings };
    let reads = 0;
    let attempts = 0;
    let finish: (result: Result<unknown>) => void = () => {};
    let lastDay: string | null = '2026-11-23';
    const scheduler = new Scheduler({
      clock: fakeClock,
      profiles: () => {
        reads += 1;
        return [profile];
      },
      sync: () => null,
      // The first try fails; the retry a quarter hour later takes an hour (a large day over a slow network).
      report: () => {
        attempts += 1;
        if (attempts === 1) return Promise.resolve({ ok: false, error: { code: 'network', message: 'down' } });
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
      lastReportDay: () => lastDay,
      setLastReportDay: (_id, key) => {
        lastDay = key;
      },
      log: silent,
    });
    scheduler.start();
    await scheduler.reportsSettled;
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(attempts).toBe(2);
    const readsBefore = reads;
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    // A look every quarter hour at most (4 in the hour), not 3,600.
    expect(reads - readsBefore).toBeLessThanOrEqual(8);
    finish({ ok: true, value: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(lastDay).toBe('2026-11-24');
    expect(scheduler.nextRuns('ops').reportAt).toBe(Date.parse('2026-11-26T11:00:00Z'));
    scheduler.stop();
  });
});
