/**
 * The seat-group edit form's state as typed, and how it is read back into settings.
 * Clearing is explicit: an emptied number box is an error until the user chooses
 * "Clear", so a stray backspace never wipes a setting on the platform.
 */
import { LIMITS } from '../platform';
import type { IntegerId, SeatGroupEditRequest } from '../requests';
import { completeEditRequest, type SeatGroupValues } from './values';
import { typedAscii, type FieldErrors, labelLook, labelTextProblem, validateSeatGroupEdit } from '../validation';
import { m } from '../i18n';

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
 * The form's fields that differ from `base` as typed, whether or not they read as a value yet
 * (`abc` in a number field): what Discard puts back, and what loading another group would lose.
 */
export function editedFields(draft: SeatGroupDraft, base: SeatGroupDraft): (keyof SeatGroupDraft)[] {
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : JSON.stringify(value));
  return (Object.keys(base) as (keyof SeatGroupDraft)[]).filter((field) => text(draft[field]) !== text(base[field]));
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

/** The field's unit: the count of timeouts, or seconds. */
const COUNTS_TIMEOUTS: Record<NumberField, boolean> = {
  timeoutTransferSec: false,
  callinAutoAnswerSec: false,
  wrapUpTime: false,
  timeoutIdle: true,
  timeoutWaitSec: false,
};

function readNumber(
  draft: SeatGroupDraft,
  field: NumberField,
  loaded: SeatGroupValues,
  fields: FieldErrors,
): number | null {
  if (isClearableNumber(field) && draft.clearing.includes(field)) return null;
  const text = typedAscii(draft[field]).trim();
  if (text === '') {
    if (loaded[field] === null) return null;
    fields[field] = !isClearableNumber(field)
      ? m.mms_sg_empty_kept_seconds()
      : COUNTS_TIMEOUTS[field]
        ? m.mms_sg_empty_clearable_timeouts()
        : m.mms_sg_empty_clearable_seconds();
    return loaded[field];
  }
  if (!/^\d+$/.test(text)) {
    fields[field] = COUNTS_TIMEOUTS[field] ? m.mms_sg_not_whole_timeouts() : m.mms_sg_not_whole_seconds();
    return loaded[field];
  }
  // The field's range is validateSeatGroupEdit's to judge: digits past what a number holds exactly are past it too.
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

function readText(value: string, previous: string | null): string | null {
  return value.trim() === '' ? null : previous !== null && value.trim() === previous.trim() ? previous : value.trim();
}

/** Reads the form: the values it stands for, field errors, and the complete request when valid. */
export function readDraft(draft: SeatGroupDraft, loaded: SeatGroupValues, voiceGroupId: IntegerId): DraftReading {
  const fields: FieldErrors = {};
  const turnSeatRing = readText(draft.turnSeatRing, loaded.turnSeatRing);
  if (turnSeatRing === null && loaded.turnSeatRing !== null) {
    fields.turnSeatRing = m.mms_sg_ring_required();
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
  const checked = validateSeatGroupEdit(request, { held: loaded });
  if (!checked.ok) {
    for (const [path, message] of Object.entries(checked.error.fields ?? {})) fields[path] ??= message;
  }
  return { values, request: Object.keys(fields).length === 0 ? request : null, fields };
}

/** Why a label cannot be added to the editor now, or null when it can. */
export function labelRefusal(labels: readonly string[], typed: string): string | null {
  const label = typed.trim();
  if (label === '') return m.mms_sg_label_type_first();
  if (labels.length >= LIMITS.labelsMax) {
    return m.mms_sg_label_list_full({ max: String(LIMITS.labelsMax), label });
  }
  const flaw = labelTextProblem(label);
  if (flaw !== null) return flaw;
  const look = labelLook(label);
  const other = labels.find((held) => labelLook(held) === look);
  if (other === undefined) return null;
  return other === label ? m.mms_sg_label_duplicate({ label }) : m.mms_sg_label_lookalike({ label, other });
}
