/**
 * A profile's scheduled work: a sync every N minutes while the app runs, and a daily
 * report of the previous local day written at a set local time. The validation lives here
 * so the form shows field errors live and main refuses the same things again.
 */
import { echoInput } from './echo';
import { calendarOf, type Window } from './calendar';
import { m } from './i18n';
import type { TimeZone } from './time-zone';
import { safeNamePart } from './safe-name';
import { characterCount, unsendableCharacter } from './validation/text';

export const REPORT_LISTS = ['voice', 'numbers'] as const;
export type ReportListName = (typeof REPORT_LISTS)[number];

export interface DailyReportSettings {
  /** 'HH:MM' on the profile's zone's clock. */
  atLocalTime: string;
  /** Where the workbooks are written. */
  folder: string;
  lists: ReportListName[];
}

export interface ScheduleSettings {
  /** Minutes between scheduled syncs; null is off. */
  syncEveryMinutes: number | null;
  dailyReport: DailyReportSettings | null;
}

export const DEFAULT_SYNC_EVERY_MINUTES = 15;
export const SYNC_EVERY_MINUTES_MIN = 5;
export const SYNC_EVERY_MINUTES_MAX = 24 * 60;
/** Backoff after errors stops growing at this many intervals. */
export const SYNC_BACKOFF_MAX_FACTOR = 4;
export const DEFAULT_SCHEDULE_SETTINGS: Readonly<ScheduleSettings> = { syncEveryMinutes: null, dailyReport: null };

const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** In characters as a person counts them (characterCount), as the message says. */
export const REPORT_FOLDER_MAX_CHARS = 1024;
/** The bidi embeddings, overrides and isolates that make a path read as another. */
const TEXT_DIRECTION = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * What is wrong with a daily-report folder as typed, or null: it must be a full local path
 * (`/…`, or a drive letter then a slash). Pure, so the form checks it too; main then checks
 * that it is a path of the system it runs on and an existing folder.
 */
export function reportFolderProblem(typed: string): string | null {
  const folder = typed.trim();
  if (folder === '') return m.export_schedule_choose_folder();
  if (characterCount(folder) > REPORT_FOLDER_MAX_CHARS) return m.export_schedule_folder_too_long({ max: String(REPORT_FOLDER_MAX_CHARS) });
  if (unsendableCharacter(folder) !== null || TEXT_DIRECTION.test(folder)) return m.export_schedule_folder_hidden_characters();
  // Writing to \\server\share would open an SMB connection (and send the user's credentials) at report time.
  if (/^[\\/]{2}/.test(folder)) return m.export_schedule_folder_network();
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(folder)) return m.export_schedule_folder_url();
  if (!/^(\/|[A-Za-z]:[\\/])/.test(folder)) return m.export_schedule_folder_not_absolute({ typed: echoInput(folder) });
  return null;
}

/** Field-level problems, keyed by field (`syncEveryMinutes`, `atLocalTime`, `folder`, `lists`); empty means they can be saved. */
export function validateScheduleSettings(settings: ScheduleSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const every = settings.syncEveryMinutes;
  if (every !== null && (!Number.isInteger(every) || every < SYNC_EVERY_MINUTES_MIN || every > SYNC_EVERY_MINUTES_MAX)) {
    errors.syncEveryMinutes = m.export_schedule_every_range({ min: String(SYNC_EVERY_MINUTES_MIN), max: String(SYNC_EVERY_MINUTES_MAX) });
  }
  const report = settings.dailyReport;
  if (report !== null) {
    if (!LOCAL_TIME.test(report.atLocalTime)) errors.atLocalTime = m.export_schedule_time_format({ typed: echoInput(report.atLocalTime, 20) });
    const folder = reportFolderProblem(report.folder);
    if (folder !== null) errors.folder = folder;
    if (report.lists.length === 0 || report.lists.some((list) => !REPORT_LISTS.includes(list))) {
      errors.lists = m.export_schedule_choose_lists();
    }
  }
  return errors;
}

/** The stored settings when valid, else off (a hand-edited file never starts work by accident). */
export function scheduleSettingsOf(stored: unknown): ScheduleSettings {
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_SCHEDULE_SETTINGS };
  const candidate = stored as Partial<ScheduleSettings>;
  const report = candidate.dailyReport;
  const settings: ScheduleSettings = {
    syncEveryMinutes: typeof candidate.syncEveryMinutes === 'number' ? candidate.syncEveryMinutes : null,
    dailyReport:
      typeof report === 'object' && report !== null && typeof report.atLocalTime === 'string' && typeof report.folder === 'string' && Array.isArray(report.lists)
        ? { atLocalTime: report.atLocalTime, folder: report.folder, lists: report.lists.filter((list): list is ReportListName => typeof list === 'string') }
        : null,
  };
  // A folder saved before the folder rule grew stricter is kept, not the schedule dropped with it: its report
  // fails saying why, and the form shows the folder's problem, rather than the whole schedule going off unseen.
  const { folder: folderProblem, ...problems } = validateScheduleSettings(settings);
  const keptFolder = folderProblem === undefined || (settings.dailyReport !== null && settings.dailyReport.folder.trim() !== '');
  return keptFolder && Object.keys(problems).length === 0 ? settings : { ...DEFAULT_SCHEDULE_SETTINGS };
}

/** The wait before the next scheduled sync after `failures` errors in a row: doubling, at most 4 intervals. */
export function syncDelayMs(everyMinutes: number, failures: number): number {
  const factor = Math.min(2 ** Math.max(0, failures), SYNC_BACKOFF_MAX_FACTOR);
  return everyMinutes * 60_000 * factor;
}

/** When the report is due on a local day: `atLocalTime` that day (a time skipped by a DST change runs at the next valid instant). */
export function reportDueMs(day: number, atLocalTime: string, zone: TimeZone): number {
  const [hour, minute] = atLocalTime.split(':').map(Number);
  return calendarOf(zone).clockTimeOn(day, hour, minute);
}

/** A report day: the local day written, its key and its window (23, 24 or 25 hours). */
export interface ReportDay extends Window {
  day: number;
  key: string;
}

export function reportDayOf(day: number, zone: TimeZone): ReportDay {
  const calendar = calendarOf(zone);
  return { day, key: calendar.dayKey(day), fromMs: calendar.dayStartMs(day), toMs: calendar.dayStartMs(day + 1) };
}

/** The local day whose report is the latest one due at `nowMs` (the day before the last due time passed). */
export function latestDueReportDay(nowMs: number, atLocalTime: string, zone: TimeZone): number {
  const today = calendarOf(zone).dayOf(nowMs);
  return nowMs >= reportDueMs(today, atLocalTime, zone) ? today - 1 : today - 2;
}

/** The next instant a report falls due after `nowMs`. */
export function nextReportDueMs(nowMs: number, atLocalTime: string, zone: TimeZone): number {
  const today = calendarOf(zone).dayOf(nowMs);
  const dueToday = reportDueMs(today, atLocalTime, zone);
  return nowMs < dueToday ? dueToday : reportDueMs(today + 1, atLocalTime, zone);
}

/** The part of a report's file name a profile's name gives; '' when the name keeps no letter or digit. */
function reportNamePart(profile: { name: string }): string {
  return safeNamePart(profile.name);
}

/** The first 8 characters of a profile's id, safe in a file name. */
function idPart(profile: { id: string }): string {
  return safeNamePart(profile.id).slice(0, 8) || 'unnamed';
}

/**
 * `voice-report_2026-11-01_Ops.xlsx`: the day and the profile, safe as a file name on every system. A name
 * that keeps no letter or digit (`***`) is named by the profile's id instead, and a name that gives the same
 * file name as another of `profiles` (`Ops team` and `Ops-team`; `Ops` and `ops` in a folder that ignores case)
 * gets its id after it, so two profiles reporting into one folder never write over each other's file.
 */
export function reportFileName(list: ReportListName, dayKey: string, profile: { id: string; name: string }, profiles: readonly { id: string; name: string }[] = []): string {
  const named = reportNamePart(profile);
  const key = named.toLowerCase();
  const shared = named !== '' && profiles.some((other) => other.id !== profile.id && reportNamePart(other).toLowerCase() === key);
  const part = named === '' ? `profile-${idPart(profile)}` : shared ? `${named}_${idPart(profile)}` : named;
  return `${list === 'voice' ? 'voice' : 'number'}-report_${dayKey}_${part}.xlsx`;
}
