import { CALENDAR_MAX_DAYS, lastSecondIn } from '../../../shared/calendar';
import { m } from '../../../shared/i18n';
import type { Label } from '../../../shared/i18n/locale';
import { recordWindowForm, type WindowDraft } from '../../../shared/operations/filter-values';
import type { DrillDown, OverviewPreset } from '../../../shared/reports/overview';
import { overviewWindowProblem, type OverviewWindowField } from '../../../shared/reports/overview-window';
import { instantText, quickRange, type QuickRange } from '../../../shared/time-range';
import type { TimeZone } from '../../../shared/time-zone';
import { checkRecordWindow } from '../../../shared/validation/time-window';

/** The window presets; each label is read as `label()` when shown. */
export const OVERVIEW_PRESETS: readonly { id: OverviewPreset; label: Label }[] = [
  { id: 'yesterday', label: m.overview_preset_yesterday },
  { id: 'last-7-days', label: m.overview_preset_last_7_days },
  { id: 'this-month', label: m.overview_preset_this_month },
  { id: 'custom', label: m.overview_preset_custom },
];

const QUICK_RANGE_OF: Record<Exclude<OverviewPreset, 'custom'>, QuickRange> = {
  yesterday: 'yesterday',
  'last-7-days': 'last7',
  'this-month': 'thisMonth',
};

export type OverviewWindow = { ok: true; fromMs: number; toMs: number } | { ok: false; errors: Record<string, string> };

/** The period field (TimeRangeFields' key) where each end of the overview request is typed. */
const PERIOD_FIELD: Record<OverviewWindowField, string> = { fromMs: 'params.strTime', toMs: 'params.endTime' };

const isWindowField = (field: string): field is OverviewWindowField => field === 'fromMs' || field === 'toMs';

/** Main's refusal of a window, named by the request's fields (`fromMs`, `toMs`), at the period fields typed. */
export function periodFieldErrors(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [isWindowField(field) ? PERIOD_FIELD[field] : field, message]));
}

/** The period fields' text of a preset (a custom window is what was typed). */
export function presetText(preset: OverviewPreset, custom: WindowDraft, zone: TimeZone, nowMs = Date.now()): WindowDraft {
  return preset === 'custom' ? custom : quickRange(QUICK_RANGE_OF[preset], zone, nowMs);
}

/**
 * The half-open window `[fromMs, toMs)` of the period typed in the profile's zone: the end
 * typed is the last second taken in, so "23:59:59" takes in the whole day and no more.
 * At most `maxDays` long (the profile's archive sync history) and not starting in the
 * future: the rule main checks again (shared/reports/overview-window.ts). The Overview
 * reads the archive, so a window may reach past the 31 days one platform request takes.
 */
export function overviewWindow(text: WindowDraft, zone: TimeZone, maxDays: number, nowMs = Date.now()): OverviewWindow {
  const { params, errors } = recordWindowForm.toParams(text, { zone, appId: '' });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const fields: Record<string, string> = {};
  const checked = checkRecordWindow(params.strTime, params.endTime, { maxDays: CALENDAR_MAX_DAYS, now: new Date(nowMs), historyLimited: false }, fields);
  if (checked === null) return { ok: false, errors: fields };
  const window = { fromMs: checked.startMs, toMs: checked.endMs + 1000 };
  const problem = overviewWindowProblem(window, zone, { maxDays, nowMs });
  if (problem) return { ok: false, errors: { [PERIOD_FIELD[problem.field]]: problem.message } };
  return { ok: true, ...window };
}

/**
 * A drill's half-open window as the list screens' period fields (whole seconds, both ends
 * included): the last second taken in is the one before the end.
 */
export function drillWindowText(drill: Pick<DrillDown, 'fromMs' | 'toMs'>, zone: TimeZone): WindowDraft {
  return {
    from: instantText(drill.fromMs, zone),
    to: instantText(lastSecondIn(drill), zone),
  };
}
