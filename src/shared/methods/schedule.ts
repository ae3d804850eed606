/** A profile's scheduled work over IPC: its settings, and when it next runs. */
import * as p from '../parse';
import { REPORT_LISTS, type ScheduleSettings } from '../schedule';
import { method } from './define';

export interface ScheduleStatus {
  profileId: string;
  settings: ScheduleSettings;
  /** Epoch ms of the next scheduled sync; null when off, or while one runs. */
  nextSyncAt: number | null;
  /** Epoch ms the next daily report falls due; null when off. */
  nextReportAt: number | null;
  /** The last day written ('YYYY-MM-DD'); null before the first. */
  lastReportDay: string | null;
}

function nullable<T>(parser: p.Parser<T>): p.Parser<T | null> {
  return (input, path) => (input === null ? null : parser(input, path));
}

const scheduleSettings = p.object({
  syncEveryMinutes: nullable(p.integer),
  dailyReport: nullable(p.object({ atLocalTime: p.string, folder: p.string, lists: p.arrayOf(p.oneOf(REPORT_LISTS)) })),
});

export const scheduleMethods = {
  scheduleStatus: method<{ profileId: string }, ScheduleStatus>(p.object({ profileId: p.string })),
  /** Saves the settings (refused with a message per field when they cannot be); the scheduler follows at once. */
  setScheduleSettings: method<{ profileId: string; settings: ScheduleSettings }, ScheduleStatus>(
    p.object({ profileId: p.string, settings: scheduleSettings }),
  ),
} as const;
