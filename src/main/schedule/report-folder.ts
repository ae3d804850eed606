/**
 * Main's check of a daily-report folder at save time: the form's checks again, then that it
 * is a full path on the system main runs on (the page may run on another one in browser
 * mode) and an existing folder. Not checked when the schedule is read back: a folder that is
 * missing for a while (an unplugged drive) makes that day's report fail and be tried again.
 */
import { stat } from 'node:fs/promises';
import { posix, resolve, win32 } from 'node:path';
import { m } from '../../shared/i18n';
import { echoInput } from '../../shared/echo';
import { reportFolderProblem, validateScheduleSettings, type ScheduleSettings } from '../../shared/schedule';

/** `/x` is absolute to Windows too, but on whichever drive is current: a drive letter is asked for there. */
export function isFullPathOn(platform: NodeJS.Platform, folder: string): boolean {
  return platform === 'win32' ? win32.isAbsolute(folder) && /^[A-Za-z]:/.test(folder) : posix.isAbsolute(folder);
}

/** Why `folder` is not a full folder path on this system, with an example of one. */
export function notFullPathHere(folder: string, platform: NodeJS.Platform = process.platform): string {
  return m.export_schedule_folder_not_here({ folder: echoInput(folder), example: platform === 'win32' ? 'C:\\Reports' : '/home/me/reports' });
}

/**
 * The profiles whose daily reports are written into `folder` (letter case aside: Windows and macOS folders
 * ignore it): only their names can clash with a report's file name there.
 */
export function profilesReportingInto<P extends { schedule: ScheduleSettings }>(profiles: readonly P[], folder: string): P[] {
  const key = resolve(folder).toLowerCase();
  return profiles.filter((profile) => profile.schedule.dailyReport !== null && resolve(profile.schedule.dailyReport.folder).toLowerCase() === key);
}

/** What is wrong with `typed` as the folder daily reports are written to, or null. */
export async function reportFolderProblemHere(typed: string, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  const problem = reportFolderProblem(typed);
  if (problem !== null) return problem;
  const folder = typed.trim();
  const shown = echoInput(folder);
  if (!isFullPathOn(platform, folder)) return notFullPathHere(folder, platform);
  try {
    const info = await stat(folder);
    return info.isDirectory() ? null : m.export_schedule_folder_not_directory({ folder: shown });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? m.export_schedule_folder_missing({ folder: shown }) : m.export_schedule_folder_unusable({ folder: shown });
  }
}

/** Every field problem of the settings, the folder checked on this system too; empty when they can be saved. */
export async function scheduleSettingsProblemsHere(settings: ScheduleSettings, platform: NodeJS.Platform = process.platform): Promise<Record<string, string>> {
  const fields = validateScheduleSettings(settings);
  if (settings.dailyReport !== null && fields.folder === undefined) {
    const folder = await reportFolderProblemHere(settings.dailyReport.folder, platform);
    if (folder !== null) fields.folder = folder;
  }
  return fields;
}
