/**
 * The one rule for how long an Overview window may be and when it may fall: at most the
 * profile's archive sync history (Accounts → Archive, "days of history": 60 by default, at
 * most 62), counted on the zone's wall clock so a window across a daylight-saving change is
 * not a day short or long; and not starting in the future (a window may end later than now:
 * it is "today so far"). The Overview screen checks it as the user types, main again.
 */
import { calendarOf, DAY_MS, type Window } from '../calendar';
import { formatNumber, m } from '../i18n';
import type { TimeZone } from '../time-zone';

export interface OverviewWindowRules {
  /** The profile's archive sync history in days. */
  maxDays: number;
  nowMs: number;
}

/** A window's ends as the overview request names them; the screen marks its own period fields. */
export type OverviewWindowField = 'fromMs' | 'toMs';

/** What is wrong with the window, naming the field to change; null when it can be shown. */
export interface OverviewWindowProblem {
  field: OverviewWindowField;
  message: string;
}

export function overviewWindowProblem(window: Window, zone: TimeZone, rules: OverviewWindowRules): OverviewWindowProblem | null {
  if (window.fromMs >= rules.nowMs) {
    return { field: 'fromMs', message: m.overview_window_in_future() };
  }
  const calendar = calendarOf(zone);
  if (calendar.clockLengthMs(window) > rules.maxDays * DAY_MS) {
    return { field: 'toMs', message: m.overview_window_max_days({ days: formatNumber(rules.maxDays) }) };
  }
  return null;
}
