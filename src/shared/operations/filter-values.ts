/** How the filter forms' text fields become params values. */
import { m } from '../i18n';
import type { Label } from '../i18n/locale';
import type { FieldErrors } from '../validation/fields';
import { localTextFormat, localTextToIso, quickRange, type LocalText, type QuickRange } from '../time-range';
import type { RecordWindowParams } from '../requests';
import type { Converted, FilterForm } from './descriptor';

export function optionalText(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Ids are sent as numbers when they are plain digits (the platform declares them Integer). */
export function idValue(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function optionalCode(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

export interface WindowDraft {
  from: LocalText;
  to: LocalText;
}

function periodProblem(end: 'start' | 'end', typed: LocalText): string {
  const format = localTextFormat();
  if (typed.trim() === '') return end === 'start' ? m.lists_period_start_missing({ format }) : m.lists_period_end_missing({ format });
  return end === 'start' ? m.lists_period_start_bad({ format }) : m.lists_period_end_bad({ format });
}

/** The record lists open on the last 7 days. */
const DEFAULT_RANGE: QuickRange = 'last7';

/** The record lists' form: a period typed as wall-clock time in the profile's zone, sent as ISO with that offset. */
export const recordWindowForm: FilterForm<RecordWindowParams, WindowDraft> = {
  defaultRange: DEFAULT_RANGE,
  defaults: ({ zone }) => quickRange(DEFAULT_RANGE, zone),
  toParams(draft, { zone }): Converted<RecordWindowParams> {
    const errors: FieldErrors = {};
    const strTime = localTextToIso(draft.from, zone);
    const endTime = localTextToIso(draft.to, zone);
    if (strTime === null) errors['params.strTime'] = periodProblem('start', draft.from);
    if (endTime === null) errors['params.endTime'] = periodProblem('end', draft.to);
    return { params: { strTime: strTime ?? '', endTime: endTime ?? '' }, errors };
  },
  ready: () => true,
};

export interface AppDraft {
  appId: string;
}

/** The form of the lists filtered by application only; `hint` says what an empty app id gives ("Empty: numbers of every application."). */
export const appForm = (hint: Label): FilterForm<{ appId?: string }, AppDraft> => ({
  defaults: () => ({ appId: '' }),
  fields: { appId: { label: m.lists_filter_app_id, hint, emptyMeansDefaultApp: true } },
  toParams(draft) {
    const appId = optionalText(draft.appId);
    return { params: appId ? { appId } : {}, errors: {} };
  },
  ready: () => true,
});
