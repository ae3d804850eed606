/**
 * The seat-group edit form's state as typed, and how it is read back into settings.
 * Clearing is explicit: an emptied number box is an error until the user chooses
 * "Clear", so a stray backspace never wipes a setting on the platform.
 */
import { LIMITS } from '../platform';
import type { IntegerId, SeatGroupEditRequest } from '../requests';
import { completeEditRequest, type SeatGroupValues } from './values';
import { type FieldErrors, validateSeatGroupEdit } from '../validation';

export const NUMBER_FIELDS = [
  'timeoutTransferSec',
  'callinAutoAnswerSec',
  'wrapUpTime',
  'timeoutIdle',
  'timeoutWaitSec',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** The number fields the platform clears when sent empty (all but timeoutWaitSec). */
export const CLEARABLE_NUMBER_FIELDS = ['timeoutTransferSec', 'callinAutoAnswerSec', 'wrapUpTime', 'timeoutIdle'] as const;
export type ClearableNumberField = (typeof CLEARABLE_NUMBER_FIELDS)[number];

export function isClearableNumber(field: NumberField): field is ClearableNumberField {
  return (CLEARABLE_NUMBER_FIELDS as readonly string[]).includes(field);
}

export interface SeatGroupDraft {
  /** '' when not set (offered only when the group has none). */
  callinStrategy: string;
  timeoutTransferSec: string;
  callinAutoAnswerSec: string;
  wrapUpTime: string;
  timeoutIdle: string;
  timeoutWaitSec: string;
  /** Clearable number fields the user chose to clear. */
  clearing: ClearableNumberField[];
  turnSeatRing: string;
  labelName: string[];
  displaySwitch: number | null;
  encryptNumber: number | null;
  fsNode: string;
}

export interface DraftReading {
  values: SeatGroupValues;
  /** The complete request, or null while any field needs fixing. */
  request: SeatGroupEditRequest | null;
  fields: FieldErrors;
}

/**
 * The form for `values`. When they differ from what the server holds (`loaded`, e.g. edits
 * carried over onto a newer state), a number the edits clear is marked as cleared.
 */
export function draftFrom(values: SeatGroupValues, loaded: SeatGroupValues = values): SeatGroupDraft {
  const text = (value: number | null): string => (value === null ? '' : String(value));
  return {
    callinStrategy: text(values.callinStrategy),
    timeoutTransferSec: text(values.timeoutTransferSec),
    callinAutoAnswerSec: text(values.callinAutoAnswerSec),
    wrapUpTime: text(values.wrapUpTime),
    timeoutIdle: text(values.timeoutIdle),
    timeoutWaitSec: text(values.timeoutWaitSec),
    clearing: CLEARABLE_NUMBER_FIELDS.filter((field) => values[field] === null && loaded[field] !== null),
    turnSeatRing: values.turnSeatRing ?? '',
    labelName: [...values.labelName],
    displaySwitch: values.displaySwitch,
    encryptNumber: values.encryptNumber,
    fsNode: values.fsNode ?? '',
  };
}

const UNIT: Record<NumberField, string> = {
  timeoutTransferSec: 'seconds',
  callinAutoAnswerSec: 'seconds',
  wrapUpTime: 'seconds',
  timeoutIdle: 'timeouts',
  timeoutWaitSec: 'seconds',
};

function readNumber(
  draft: SeatGroupDraft,
  field: NumberField,
  loaded: SeatGroupValues,
  fields: FieldErrors,
): number | null {
  if (isClearableNumber(field) && draft.clearing.includes(field)) return null;
  const text = draft[field].trim();
  if (text === '') {
    if (loaded[field] === null) return null;
    fields[field] = isClearableNumber(field)
      ? `Enter a whole number of ${UNIT[field]}, or choose Clear to remove this setting.`
      : `Enter a whole number of ${UNIT[field]}: the platform keeps this setting when it is sent empty.`;
    return loaded[field];
  }
  if (!/^\d{1,9}$/.test(text)) {
    fields[field] = `Enter a whole number of ${UNIT[field]} (0 or more).`;
    return loaded[field];
  }
  return Number(text);
}

function readText(value: string, previous: string | null): string | null {
  return value.trim() === '' ? null : previous !== null && value.trim() === previous.trim() ? previous : value.trim();
}

/** Reads the form: the values it stands for, field errors, and the complete request when valid. */
export function readDraft(draft: SeatGroupDraft, loaded: SeatGroupValues, voiceGroupId: IntegerId): DraftReading {
  const fields: FieldErrors = {};
  const turnSeatRing = readText(draft.turnSeatRing, loaded.turnSeatRing);
  if (turnSeatRing === null && loaded.turnSeatRing !== null) {
    fields.turnSeatRing = 'Enter a ring-tone file name: the platform keeps the ring tone when it is sent empty.';
  }
  const values: SeatGroupValues = {
    callinStrategy: draft.callinStrategy === '' ? null : Number(draft.callinStrategy),
    timeoutTransferSec: readNumber(draft, 'timeoutTransferSec', loaded, fields),
    callinAutoAnswerSec: readNumber(draft, 'callinAutoAnswerSec', loaded, fields),
    wrapUpTime: readNumber(draft, 'wrapUpTime', loaded, fields),
    timeoutIdle: readNumber(draft, 'timeoutIdle', loaded, fields),
    timeoutWaitSec: readNumber(draft, 'timeoutWaitSec', loaded, fields),
    turnSeatRing: turnSeatRing ?? loaded.turnSeatRing,
    labelName: [...draft.labelName],
    displaySwitch: draft.displaySwitch,
    encryptNumber: draft.encryptNumber,
    fsNode: draft.fsNode === '' ? null : draft.fsNode,
  };
  const request = completeEditRequest(voiceGroupId, values);
  const checked = validateSeatGroupEdit(request);
  if (!checked.ok) {
    for (const [path, message] of Object.entries(checked.error.fields ?? {})) fields[path] ??= message;
  }
  return { values, request: Object.keys(fields).length === 0 ? request : null, fields };
}

/** Why a label cannot be added to the editor now, or null when it can. */
export function labelRefusal(labels: readonly string[], typed: string): string | null {
  const label = typed.trim();
  if (label === '') return 'Type a label name first.';
  if (labels.length >= LIMITS.labelsMax) {
    return `At most ${LIMITS.labelsMax} labels are allowed: remove one before adding “${label}”.`;
  }
  if (label.length > LIMITS.labelMaxChars) {
    return `Label names may have at most ${LIMITS.labelMaxChars} characters (this one has ${label.length}).`;
  }
  if (labels.includes(label)) return `“${label}” is already in the list: label names must be unique.`;
  return null;
}
