import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Accounts } from '../../../src/main/accounts/accounts';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { writeDailyReport } from '../../../src/main/schedule/daily-report';
import { profilesReportingInto, reportFolderProblemHere } from '../../../src/main/schedule/report-folder';
import type { ScheduleStatus } from '../../../src/shared/methods/schedule';
import { SANDBOX_PROFILE_ID } from '../../../src/shared/profiles';
import { reportDayOf, reportFileName, reportFolderProblem, scheduleSettingsOf, validateScheduleSettings, type ScheduleSettings } from '../../../src/shared/schedule';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { startTestServices, type TestServices } from '../support/services';

const withFolder = (folder: string): ScheduleSettings => ({ syncEveryMinutes: null, dailyReport: { atLocalTime: '06:00', folder, lists: ['voice'] } });
/** The folder's field error as the form and main's first check report it. */
const folderError = (folder: string): string | undefined => validateScheduleSettings(withFolder(folder)).folder;
/** Longest message text around an echo of at most 120 characters. */
const ECHO_BOUND = 400;

describe('the daily-report folder, as typed (shared by the form and main)', () => {
  it.each([
    ['a path up from the working directory', '../../etc/passwd', /full path/],
    ['a relative path', 'relative/dir', /full path/],
    ['an object key', '__proto__', /full path/],
    ['a drive-relative Windows path', 'C:reports', /full path/],
    ['a UNC share', '\\\\host\\share\\x', /network share.*SMB/s],
    ['a share written with slashes', '//host/share/x', /network share.*SMB/s],
    ['a javascript: address', 'javascript:alert(1)', /not a link or web address/],
    ['a file: address', 'file:///etc/passwd', /not a link or web address/],
    ['a NUL character', 'a\u0000b', /hidden control/],
    ['a control character in a full path', '/home/u/re\u0007ports', /hidden control/],
    ['DEL', '/home/u/\u007freports', /hidden control/],
    ['a lone high surrogate', '/home/u/\ud800reports', /broken character/],
    ['a lone low surrogate', '/home/u/\udc00', /broken character/],
    ['a right-to-left override', '/home/u/\u202Estroper', /text-direction/],
    ['a directional isolate', '/home/u/\u2067x\u2069', /text-direction/],
  ])('refuses %s as a field error', (_what, folder, message) => {
    const error = folderError(folder);
    expect(error).toMatch(message);
    expect(reportFolderProblem(folder)).toBe(error);
  });

  it('refuses a path longer than 1024 characters without repeating it', () => {
    const huge = `/${'a'.repeat(1024 * 1024)}`;
    const error = folderError(huge);
    expect(error).toMatch(/longer than 1024 characters/);
    expect(error?.length).toBeLessThan(ECHO_BOUND);
    expect(folderError(`/${'a'.repeat(1023)}`)).toBeUndefined();
  });

  it('repeats at most 120 characters of what was typed', () => {
    const error = folderError(`relative/${'x'.repeat(1000)}`);
    expect(error).toMatch(/full path/);
    expect(error?.length).toBeLessThan(ECHO_BOUND);
    expect(error).toContain(`relative/${'x'.repeat(100)}`);
    expect(error).not.toContain('x'.repeat(120));
  });

  it.each([['/home/u/reports'], ['C:\\Reports'], ['D:/x'], ['  /home/u/reports  '], ['/home/u/报表 2026']])('accepts the full local path %j', (folder) => {
    expect(reportFolderProblem(folder)).toBeNull();
    expect(validateScheduleSettings(withFolder(folder))).toEqual({});
  });
});

describe("main's check of the folder at save time", () => {
  const started: TestServices[] = [];
  afterEach(async () => {
    for (const test of started.splice(0)) await test.services.close();
  });

  it('accepts an existing folder; refuses a missing one, a file, and a path of another system', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-folder-'));
    const file = join(dir, 'a-file.txt');
    writeFileSync(file, 'x');
    expect(await reportFolderProblemHere(dir)).toBeNull();
    expect(await reportFolderProblemHere(join(dir, 'missing'))).toBe(`The folder "${join(dir, 'missing')}" does not exist: create it or pick another.`);
    expect(await reportFolderProblemHere(join(dir, 'a-file.txt', 'below'))).toMatch(/does not exist/);
    expect(await reportFolderProblemHere(file)).toMatch(/is a file, not a folder/);
    expect(await reportFolderProblemHere('C:\\Reports', 'linux')).toMatch(/not a full folder path on the computer Switchboard runs on, whose paths look like \/home\/me\/reports/);
    expect(await reportFolderProblemHere('/home/u/reports', 'win32')).toMatch(/whose paths look like C:\\Reports/);
    expect(await reportFolderProblemHere('relative/dir')).toMatch(/full path/);
  });

  it('refuses to save a folder that does not exist, as a field error, and keeps the settings saved before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'report-folder-save-'));
    const test = startTestServices({ userDataDir: dataDir });
    started.push(test);
    const missing = join(dataDir, 'no-such-folder', 'y'.repeat(300));
    const refused = await test.call<ScheduleStatus>('setScheduleSettings', { profileId: SANDBOX_PROFILE_ID, settings: withFolder(missing) });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('validation');
    expect(Object.keys(refused.error.fields ?? {})).toEqual(['folder']);
    expect(refused.error.fields?.folder).toMatch(/^The folder ".*…" does not exist: create it or pick another\.$/);
    expect(refused.error.fields?.folder.length).toBeLessThan(ECHO_BOUND);
    const status = await test.call<ScheduleStatus>('scheduleStatus', { profileId: SANDBOX_PROFILE_ID });
    expect(status.ok && status.value.settings.dailyReport).toBeNull();

    const saved = await test.call<ScheduleStatus>('setScheduleSettings', { profileId: SANDBOX_PROFILE_ID, settings: withFolder(dataDir) });
    expect(saved.ok && saved.value.settings.dailyReport?.folder).toBe(dataDir);
  });

  it('writes no report into a folder that is not a full path here (a profile file from another system), and says so in the jobs area', async () => {
    const zone = parseTimeZone('UTC') as TimeZone;
    const unused = {} as never;
    const jobs = new JobRegistry();
    const written = await writeDailyReport(
      { accounts: unused as Accounts, jobs, log: unused, appVersion: 'test', appStartedAtMs: 0 },
      { id: 'p', name: 'P', zone },
      'voice',
      reportDayOf(20_000, zone),
      process.platform === 'win32' ? '/reports' : 'C:\\Reports',
    );
    expect(written).toMatchObject({ ok: false, error: { code: 'folder-not-absolute' } });
    // As a scheduled sync that cannot start: a failed job saying why, not a line in the log alone.
    expect(jobs.list()).toEqual([
      expect.objectContaining({ kind: 'export', state: 'failed', profileId: 'p', operation: 'voiceRecords', path: null, error: expect.objectContaining({ code: 'folder-not-absolute', message: expect.stringMatching(/full folder path/) }) }),
    ]);
  });
});

describe('a schedule saved before the folder rule', () => {
  it('is read back whole, its folder with it, so nothing goes off unseen; an empty folder still drops it', () => {
    const saved = { syncEveryMinutes: 30, dailyReport: { atLocalTime: '06:00', folder: 'reports', lists: ['voice'] } };
    expect(scheduleSettingsOf(saved)).toEqual(saved);
    expect(validateScheduleSettings(scheduleSettingsOf(saved)).folder).toMatch(/full path/);
    expect(scheduleSettingsOf({ ...saved, dailyReport: { ...saved.dailyReport, folder: ' ' } })).toEqual({ syncEveryMinutes: null, dailyReport: null });
    expect(scheduleSettingsOf({ ...saved, syncEveryMinutes: 1 })).toEqual({ syncEveryMinutes: null, dailyReport: null });
  });
});

describe("a daily report's file name", () => {
  it('names the day and the profile in its own script; two profiles whose names keep no letter never share a file', () => {
    expect(reportFileName('voice', '2026-11-24', { id: 'sandbox', name: 'Sandbox (demo)' })).toBe('voice-report_2026-11-24_Sandbox-demo.xlsx');
    expect(reportFileName('numbers', '2026-11-24', { id: 'x', name: 'Ops' })).toBe('number-report_2026-11-24_Ops.xlsx');
    expect(reportFileName('voice', '2026-11-24', { id: 'x', name: '运营 / 夜班' })).toBe('voice-report_2026-11-24_运营-夜班.xlsx');
    const first = reportFileName('voice', '2026-11-24', { id: '3f2b9c1e-0000-4000-8000-000000000001', name: '***' });
    const second = reportFileName('voice', '2026-11-24', { id: '9a7d5e4c-0000-4000-8000-000000000002', name: '???' });
    expect(first).not.toBe(second);
    for (const name of [first, second]) expect(name).toMatch(/^voice-report_2026-11-24_profile-[0-9a-f]{8}\.xlsx$/);
  });
});

describe('two profiles whose names make one file name', () => {
  // Profile names are unique as typed, but a file name keeps only letters, digits, '.', '_' and '-', and a
  // Windows or macOS folder does not tell upper from lower case.
  it.each([
    ['a space and a dash', 'Ops team', 'Ops-team'],
    ['a slash and a space', 'Ops/night', 'Ops night'],
    ['case, on a folder that ignores it', 'Ops-Team', 'ops team'],
    ['the sandbox and a namesake', 'Sandbox (demo)', 'Sandbox demo'],
  ])('never share a report file (%s)', (_what, firstName, secondName) => {
    const first = { id: '3f2b9c1e-0000-4000-8000-000000000001', name: firstName };
    const second = { id: '9a7d5e4c-0000-4000-8000-000000000002', name: secondName };
    const profiles = [first, second, { id: 'other', name: 'Billing' }];
    const firstFile = reportFileName('voice', '2026-11-24', first, profiles);
    const secondFile = reportFileName('voice', '2026-11-24', second, profiles);
    expect(firstFile.toLowerCase()).not.toBe(secondFile.toLowerCase());
    expect(firstFile).toMatch(/_3f2b9c1e\.xlsx$/);
    expect(secondFile).toMatch(/_9a7d5e4c\.xlsx$/);
  });

  it('are named apart only when both report into one folder', () => {
    const reporting = (id: string, name: string, folder: string | null) => ({ id, name, schedule: folder === null ? { syncEveryMinutes: 30, dailyReport: null } : withFolder(folder) });
    const profiles = [reporting('1', 'Ops team', '/reports'), reporting('2', 'Ops-team', '/other'), reporting('3', 'ops team', null), reporting('4', 'OPS TEAM', '/REPORTS/.')];
    // Letter case aside, as Windows and macOS folders are.
    expect(profilesReportingInto(profiles, '/reports').map((profile) => profile.id)).toEqual(['1', '4']);
    const sharing = profilesReportingInto(profiles, '/reports');
    expect(reportFileName('voice', '2026-11-24', profiles[0], sharing)).toBe('voice-report_2026-11-24_Ops-team_1.xlsx');
    // Another folder, or no report at all: the plain name.
    expect(reportFileName('voice', '2026-11-24', profiles[1], profilesReportingInto(profiles, '/other'))).toBe('voice-report_2026-11-24_Ops-team.xlsx');
  });

  it('a name no other profile shares keeps its plain file name', () => {
    const profiles = [{ id: 'a', name: 'Ops' }, { id: 'b', name: 'Billing' }];
    expect(reportFileName('voice', '2026-11-24', profiles[0], profiles)).toBe('voice-report_2026-11-24_Ops.xlsx');
  });
});

describe("the daily report's time, as typed", () => {
  it('is repeated in its error as a readable line: no control character, no half of an emoji', () => {
    const error = (atLocalTime: string): string | undefined =>
      validateScheduleSettings({ syncEveryMinutes: null, dailyReport: { atLocalTime, folder: '/reports', lists: ['voice'] } }).atLocalTime;
    const controls = error('06\u0000:00\nok\u001b[2J');
    expect(controls).toMatch(/HH:MM/);
    expect(controls).not.toMatch(/\p{Cc}/u);
    const emoji = error(`${'1'.repeat(19)}🕕🕕`);
    expect(emoji).not.toMatch(/\p{Cs}/u);
    expect(emoji).toContain('1'.repeat(19));
  });
});
