import { mkdtempSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { createLogger } from '../../../src/main/log';
import { createScheduledWork } from '../../../src/main/schedule/scheduled-work';
import type { SchedulerClock } from '../../../src/main/schedule/scheduler';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { calendarOf } from '../../../src/shared/calendar';
import type { ScheduleStatus } from '../../../src/shared/methods/schedule';
import { SANDBOX_PROFILE_ID } from '../../../src/shared/profiles';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { holdInChild, release } from '../archive/hold-archive';
import { startTestServices, valueOf, type TestServices } from '../support/services';

const started: TestServices[] = [];
function services(userDataDir: string): TestServices {
  const test = startTestServices({ userDataDir });
  started.push(test);
  return test;
}
afterEach(async () => {
  for (const test of started.splice(0)) await test.services.close();
});

describe('scheduled work settings', () => {
  it('refuses bad settings with a message naming each field, and keeps good ones with the profile', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-settings-'));
    const first = services(dataDir);
    const refused = await first.call<ScheduleStatus>('setScheduleSettings', {
      profileId: SANDBOX_PROFILE_ID,
      settings: { syncEveryMinutes: 2, dailyReport: { atLocalTime: '6am', folder: ' ', lists: [] } },
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('validation');
    expect(Object.keys(refused.error.fields ?? {}).sort()).toEqual(['atLocalTime', 'folder', 'lists', 'syncEveryMinutes']);
    expect(refused.error.fields?.atLocalTime).toContain('HH:MM');

    first.services.scheduler.start();
    const before = Date.now();
    const saved = valueOf(
      await first.call<ScheduleStatus>('setScheduleSettings', {
        profileId: SANDBOX_PROFILE_ID,
        settings: { syncEveryMinutes: 15, dailyReport: null },
      }),
    );
    expect(saved.settings).toEqual({ syncEveryMinutes: 15, dailyReport: null });
    expect(saved.nextSyncAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(saved.nextSyncAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(saved.nextReportAt).toBeNull();
    await first.services.close();

    const again = services(dataDir);
    expect(valueOf(await again.call<ScheduleStatus>('scheduleStatus', { profileId: SANDBOX_PROFILE_ID })).settings.syncEveryMinutes).toBe(15);
  });

  it('refuses a scheduled sync while the archive is off, naming the field, and keeps a daily report alone', async () => {
    const test = services(mkdtempSync(join(tmpdir(), 'schedule-archive-off-')));
    const { accounts } = test.services;
    accounts.setArchiveSettings(SANDBOX_PROFILE_ID, { ...accounts.archiveSettings(SANDBOX_PROFILE_ID), enabled: false });
    const refused = await test.call<ScheduleStatus>('setScheduleSettings', { profileId: SANDBOX_PROFILE_ID, settings: { syncEveryMinutes: 15, dailyReport: null } });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.fields).toEqual({ syncEveryMinutes: 'Switch the archive on above first: a scheduled sync keeps the records in it.' });
    expect(valueOf(await test.call<ScheduleStatus>('scheduleStatus', { profileId: SANDBOX_PROFILE_ID })).settings.syncEveryMinutes).toBeNull();
    const folder = mkdtempSync(join(tmpdir(), 'schedule-archive-off-reports-'));
    const report = { atLocalTime: '06:00', folder, lists: ['voice'] };
    expect(valueOf(await test.call<ScheduleStatus>('setScheduleSettings', { profileId: SANDBOX_PROFILE_ID, settings: { syncEveryMinutes: null, dailyReport: report } })).settings.dailyReport).toEqual(report);
  });
});

/** The voice report set due at 00:00 (so at any time of day the previous day's is due and not yet written), and the scheduler's first look done. */
async function reportsDueAtMidnight(test: TestServices, folder: string): Promise<void> {
  valueOf(
    await test.call('setScheduleSettings', {
      profileId: SANDBOX_PROFILE_ID,
      settings: { syncEveryMinutes: null, dailyReport: { atLocalTime: '00:00', folder, lists: ['voice'] } },
    }),
  );
  test.services.scheduler.start();
  await test.services.scheduler.reportsSettled;
}

describe('the daily report', () => {
  it("writes yesterday's workbook (Summary and rows) into the folder at start, named by day and profile, once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-report-data-'));
    const folder = mkdtempSync(join(tmpdir(), 'schedule-reports-'));
    const test = services(dataDir);
    await reportsDueAtMidnight(test, folder);
    const zone = parseTimeZone('+08:00') as TimeZone;
    const calendar = calendarOf(zone);
    const yesterday = calendar.dayKey(calendar.dayOf(Date.now()) - 1);
    const name = `voice-report_${yesterday}_Sandbox-demo.xlsx`;
    expect(readdirSync(folder)).toEqual([name]);
    const workbook = unzipSync(readFileSync(join(folder, name)));
    const sheets = new TextDecoder().decode(workbook['xl/workbook.xml']);
    expect(sheets.indexOf('name="Summary"')).toBeGreaterThan(-1);
    expect(sheets.indexOf('name="Summary"')).toBeLessThan(sheets.indexOf('name="Voice records"'));
    const job = test.jobChanges.find((change) => change.state === 'completed');
    expect(job).toMatchObject({ kind: 'export', operation: 'voiceRecords', path: join(folder, name) });
    expect(job?.rows).toBeGreaterThan(0);
    const status = valueOf(await test.call<ScheduleStatus>('scheduleStatus', { profileId: SANDBOX_PROFILE_ID }));
    expect(status.lastReportDay).toBe(yesterday);

    // Started again the same day: nothing is written twice.
    await test.services.close();
    started.splice(0);
    const again = services(dataDir);
    again.services.scheduler.start();
    await again.services.scheduler.reportsSettled;
    expect(again.jobChanges).toHaveLength(0);
  }, 60_000);

  it("writes nothing, and marks nothing done, while yesterday is not over by the platform's clock (this computer's is ahead)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-report-ahead-data-'));
    const folder = mkdtempSync(join(tmpdir(), 'schedule-reports-ahead-'));
    const zone = parseTimeZone('+08:00') as TimeZone;
    const calendar = calendarOf(zone);
    const today = calendar.dayOf(Date.now());
    // The platform's clock an hour before this computer's midnight: by it, "yesterday" is still going on.
    const behindSeconds = Math.ceil((Date.now() - calendar.dayStartMs(today)) / 1000) + 3_600;
    const test = startTestServices({ userDataDir: dataDir, sandboxOptions: { volume: 'small', faults: { clockOffsetSeconds: -behindSeconds } } });
    started.push(test);
    await reportsDueAtMidnight(test, folder);
    expect(readdirSync(folder)).toEqual([]);
    const failed = test.jobChanges.find((change) => change.state === 'failed');
    expect(failed?.error?.code).toBe('day-not-over');
    expect(failed?.error?.message).toContain(calendar.dayKey(today - 1));
    expect(failed?.error?.message).toContain('is not over yet');
    const status = valueOf(await test.call<ScheduleStatus>('scheduleStatus', { profileId: SANDBOX_PROFILE_ID }));
    expect(status.lastReportDay).toBeNull();
  }, 60_000);
});

describe('a daily report switched on again', () => {
  it('resumes with the latest due day: the days it was off are not written all at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-report-resume-data-'));
    const folder = mkdtempSync(join(tmpdir(), 'schedule-reports-resume-'));
    const calendar = calendarOf(parseTimeZone('+08:00') as TimeZone);
    const today = calendar.dayOf(Date.now());
    // The report was on until six days ago, then switched off.
    writeFileSync(join(dataDir, 'report-days.json'), JSON.stringify({ [SANDBOX_PROFILE_ID]: calendar.dayKey(today - 6) }));
    const test = services(dataDir);
    await reportsDueAtMidnight(test, folder);
    expect(readdirSync(folder)).toEqual([`voice-report_${calendar.dayKey(today - 1)}_Sandbox-demo.xlsx`]);
  }, 60_000);

  it('after a day or two closed with it on, still catches the missed days up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-report-closed-data-'));
    const folder = mkdtempSync(join(tmpdir(), 'schedule-reports-closed-'));
    const calendar = calendarOf(parseTimeZone('+08:00') as TimeZone);
    const today = calendar.dayOf(Date.now());
    const first = services(dataDir);
    await reportsDueAtMidnight(first, folder);
    await first.services.close();
    started.splice(0);
    // Closed for two days: the file says the day before yesterday was the last one written.
    writeFileSync(join(dataDir, 'report-days.json'), JSON.stringify({ [SANDBOX_PROFILE_ID]: calendar.dayKey(today - 3) }));
    const again = services(dataDir);
    again.services.scheduler.start();
    await again.services.scheduler.reportsSettled;
    expect(readdirSync(folder).sort()).toEqual([2, 1].map((back) => `voice-report_${calendar.dayKey(today - back)}_Sandbox-demo.xlsx`));
  }, 60_000);
});

describe('a daily report cut off when the app stopped', () => {
  it('is written at the next start: the partial file it left is not taken for a report being written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-report-crash-data-'));
    const folder = mkdtempSync(join(tmpdir(), 'schedule-reports-crash-'));
    const calendar = calendarOf(parseTimeZone('+08:00') as TimeZone);
    const name = `voice-report_${calendar.dayKey(calendar.dayOf(Date.now()) - 1)}_Sandbox-demo.xlsx`;
    // The app was closed (or crashed) ten minutes ago while it wrote yesterday's report.
    const left = join(folder, `${name}.partial-switchboard`);
    writeFileSync(left, 'PK half a workbook');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(left, tenMinutesAgo, tenMinutesAgo);
    const test = services(dataDir);
    await reportsDueAtMidnight(test, folder);
    expect(test.jobChanges.filter((change) => change.state === 'failed').map((change) => change.error?.code)).toEqual([]);
    expect(readdirSync(folder)).toEqual([name]);
    expect(Object.keys(unzipSync(readFileSync(join(folder, name))))).toContain('xl/workbook.xml');
  }, 60_000);

  it('leaves alone a partial file written since the app started: another writer may be at it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'schedule-reports-busy-'));
    const test = services(mkdtempSync(join(tmpdir(), 'schedule-report-busy-data-')));
    const calendar = calendarOf(parseTimeZone('+08:00') as TimeZone);
    const left = join(folder, `voice-report_${calendar.dayKey(calendar.dayOf(Date.now()) - 1)}_Sandbox-demo.xlsx.partial-switchboard`);
    writeFileSync(left, 'PK being written');
    await reportsDueAtMidnight(test, folder);
    expect(test.jobChanges.find((change) => change.state === 'failed')?.error?.code).toBe('file-busy');
    expect(readFileSync(left, 'utf8')).toBe('PK being written');
  }, 60_000);
});

/** A scheduled sync every 5 minutes, its first run let go at once: the failed Sync job it ended as. */
async function failedScheduledSync(test: TestServices, dataDir: string): Promise<JobInfo | undefined> {
  const { accounts, archives } = test.services;
  accounts.setScheduleSettings(SANDBOX_PROFILE_ID, { syncEveryMinutes: 5, dailyReport: null });
  const changes: JobInfo[] = [];
  const jobs = new JobRegistry((job) => changes.push(job));
  const timers: { run: () => void; ms: number }[] = [];
  const clock: SchedulerClock = { now: () => Date.now(), setTimeout: (run, ms) => timers.push({ run, ms }), clearTimeout: () => {} };
  const work = createScheduledWork({ accounts, archives, jobs, log: createLogger({ console: false }), userDataDir: dataDir, appVersion: 'test', clock });
  work.scheduler.start();
  try {
    const tick = timers.find((timer) => timer.ms === 5 * 60_000);
    expect(tick).toBeDefined();
    tick?.run();
    await vi.waitFor(() => expect(changes.some((job) => job.state === 'failed')).toBe(true), { timeout: 10_000 });
    return changes.find((job) => job.state === 'failed');
  } finally {
    work.scheduler.stop();
  }
}

describe('the scheduled sync', () => {
  it('that cannot run (the archive switched off) ends as a failed Sync job naming its profile and saying why, not only in the log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-sync-off-'));
    const test = services(dataDir);
    const { accounts } = test.services;
    accounts.setArchiveSettings(SANDBOX_PROFILE_ID, { ...accounts.archiveSettings(SANDBOX_PROFILE_ID), enabled: false });
    const failed = await failedScheduledSync(test, dataDir);
    expect(failed).toMatchObject({ kind: 'sync', profileId: SANDBOX_PROFILE_ID, title: 'Scheduled sync of Sandbox (demo)' });
    expect(failed?.error?.message).toBe('The archive is switched off for this profile, so there is nothing to sync.');
  });

  it('that finds the archive held by another process says so, as a Sync started by hand would, not that it was never opened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schedule-sync-busy-'));
    const test = services(dataDir);
    const holder = await holdInChild(test.services.archives.pathOf(SANDBOX_PROFILE_ID));
    try {
      const failed = await failedScheduledSync(test, dataDir);
      expect(failed?.error).toMatchObject({ code: 'archive-unavailable', said: { key: 'errors_two_sentences' } });
      expect(failed?.error?.message).toBe('Another Switchboard window or command is using this archive. Close it or let its sync finish, then sync again.');
    } finally {
      await release(holder);
    }
  });
});
