/**
 * Each list's filter form as the user fills it (a draft that is kept across
 * restarts), and how a draft becomes the operation's params. Times are typed as
 * wall-clock time in the profile's zone and sent as ISO 8601 with that offset.
 */
import type { ListOperation, ListParams } from '../../../shared/lists';
import type { TimeZone } from '../../../shared/time-zone';
import { LOCAL_TEXT_FORMAT, localTextToIso, localTextToWallText, quickRange, type LocalText } from './time-range';

export interface FilterContext {
  zone: TimeZone;
  appId: string;
}

export interface Converted<P> {
  params: P;
  /** Problems found while converting (keyed like the validator's fields: `params.strTime`). */
  errors: Record<string, string>;
}

export interface FilterSpec<O extends ListOperation, D> {
  defaults(context: FilterContext): D;
  toParams(draft: D, context: FilterContext): Converted<ListParams[O]>;
  /** False when the form lacks what the operation needs before anything is fetched (a task id). */
  ready(draft: D): boolean;
}

export interface WindowDraft {
  from: LocalText;
  to: LocalText;
}

function periodProblem(end: 'start' | 'end', typed: LocalText): string {
  return typed.trim() === ''
    ? `Enter the ${end} date and time (${LOCAL_TEXT_FORMAT}).`
    : `Write the ${end} as ${LOCAL_TEXT_FORMAT}, e.g. 2026-11-01 08:00 (seconds may be left out).`;
}

function windowParams(draft: WindowDraft, zone: TimeZone): Converted<{ strTime: string; endTime: string }> {
  const errors: Record<string, string> = {};
  const strTime = localTextToIso(draft.from, zone);
  const endTime = localTextToIso(draft.to, zone);
  if (strTime === null) errors['params.strTime'] = periodProblem('start', draft.from);
  if (endTime === null) errors['params.endTime'] = periodProblem('end', draft.to);
  return { params: { strTime: strTime ?? '', endTime: endTime ?? '' }, errors };
}

const recordWindow: FilterSpec<'voiceRecords' | 'numberRecords', WindowDraft> = {
  defaults: ({ zone }) => quickRange('last7', zone),
  toParams: (draft, { zone }) => windowParams(draft, zone),
  ready: () => true,
};

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Ids are sent as numbers when they are plain digits (the platform declares them Integer). */
function idValue(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function optionalCode(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

export interface TaskDraft {
  taskId: string;
  called: string;
  sipGroupId: string;
  seatIds: string[];
  labelNames: string[];
  remark: string;
  statusList: number[];
}

const taskDetails: FilterSpec<'taskDetails', TaskDraft> = {
  defaults: () => ({ taskId: '', called: '', sipGroupId: '', seatIds: [], labelNames: [], remark: '', statusList: [] }),
  toParams: (draft) => {
    const params: ListParams['taskDetails'] = { taskId: idValue(draft.taskId) ?? '' };
    const called = text(draft.called);
    if (called) params.called = called;
    const group = idValue(draft.sipGroupId);
    if (group !== undefined) params.sipGroupId = group;
    if (draft.seatIds.length > 0) params.seatId = draft.seatIds.map((id) => idValue(id) ?? id);
    if (draft.labelNames.length > 0) params.labelNames = [...draft.labelNames];
    const remark = text(draft.remark);
    if (remark) params.remark = remark;
    if (draft.statusList.length > 0) params.statusList = [...draft.statusList];
    return { params, errors: {} };
  },
  ready: (draft) => draft.taskId.trim() !== '',
};

export interface SeatDraft {
  enable: string;
  name: string;
  voiceGroupId: string;
  status: string;
  from: LocalText;
  to: LocalText;
}

const seats: FilterSpec<'seats', SeatDraft> = {
  defaults: () => ({ enable: '', name: '', voiceGroupId: '', status: '', from: '', to: '' }),
  toParams: (draft) => {
    const params: ListParams['seats'] = {};
    const errors: Record<string, string> = {};
    const enable = optionalCode(draft.enable);
    if (enable !== undefined) params.enable = enable;
    const name = text(draft.name);
    if (name) params.name = name;
    const group = idValue(draft.voiceGroupId);
    if (group !== undefined) params.voiceGroupId = group;
    const status = optionalCode(draft.status);
    if (status !== undefined) params.status = status;
    if (draft.from !== '' || draft.to !== '') {
      const strTime = localTextToWallText(draft.from);
      const endTime = localTextToWallText(draft.to);
      if (strTime === null) errors['params.strTime'] = draft.from.trim() === '' ? 'Enter both ends of the period, or neither.' : periodProblem('start', draft.from);
      if (endTime === null) errors['params.endTime'] = draft.to.trim() === '' ? 'Enter both ends of the period, or neither.' : periodProblem('end', draft.to);
      if (strTime && endTime) {
        params.strTime = strTime;
        params.endTime = endTime;
      }
    }
    return { params, errors };
  },
  ready: () => true,
};

export interface LeaderDraft {
  enable: string;
  name: string;
  voiceGroupIds: string[];
}

const teamLeaders: FilterSpec<'teamLeaders', LeaderDraft> = {
  defaults: () => ({ enable: '', name: '', voiceGroupIds: [] }),
  toParams: (draft) => {
    const params: ListParams['teamLeaders'] = {};
    const enable = optionalCode(draft.enable);
    if (enable !== undefined) params.enable = enable;
    const name = text(draft.name);
    if (name) params.name = name;
    if (draft.voiceGroupIds.length > 0) params.voiceGroupIdList = draft.voiceGroupIds.map((id) => idValue(id) ?? id);
    return { params, errors: {} };
  },
  ready: () => true,
};

export interface AppDraft {
  appId: string;
}

const byApp: FilterSpec<'numbers' | 'axbBindings', AppDraft> = {
  defaults: () => ({ appId: '' }),
  toParams: (draft) => {
    const appId = text(draft.appId);
    return { params: appId ? { appId } : {}, errors: {} };
  },
  ready: () => true,
};

export const FILTERS = {
  voiceRecords: recordWindow as FilterSpec<'voiceRecords', WindowDraft>,
  numberRecords: recordWindow as FilterSpec<'numberRecords', WindowDraft>,
  taskDetails,
  seats,
  teamLeaders,
  numbers: byApp as FilterSpec<'numbers', AppDraft>,
  axbBindings: byApp as FilterSpec<'axbBindings', AppDraft>,
};

export type DraftOf<O extends ListOperation> = (typeof FILTERS)[O] extends FilterSpec<O, infer D> ? D : never;
