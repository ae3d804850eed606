/**
 * The editable basic settings of a seat group, and the rules for turning them into
 * an edit request. The trap in the spec: the platform clears four numbers and the
 * label list when they are sent empty, so every save sends the complete state.
 */
import { CALLIN_STRATEGY_NAMES, FS_NODES, type FsNode } from '../platform';
import type { SeatGroupSettings, SeatGroupValues } from '../records';
import { m, type Label } from '../i18n';

export type { SeatGroupValues } from '../records';
import type { IntegerId, SeatGroupEditRequest } from '../requests';

export type SeatGroupField = keyof SeatGroupValues;

/** In the order the screen and the diff show them. */
export const SEAT_GROUP_FIELDS = [
  'callinStrategy',
  'timeoutTransferSec',
  'callinAutoAnswerSec',
  'wrapUpTime',
  'timeoutIdle',
  'timeoutWaitSec',
  'turnSeatRing',
  'labelName',
  'displaySwitch',
  'encryptNumber',
  'fsNode',
] as const satisfies readonly SeatGroupField[];

/** Each setting's name, read in the language of the moment: `SEAT_GROUP_FIELD_LABELS.fsNode()`. */
export const SEAT_GROUP_FIELD_LABELS: Readonly<Record<SeatGroupField, Label>> = {
  callinStrategy: m.mms_sg_field_callin_strategy,
  timeoutTransferSec: m.mms_sg_field_timeout_transfer,
  callinAutoAnswerSec: m.mms_sg_field_auto_answer,
  wrapUpTime: m.mms_sg_field_wrap_up,
  timeoutIdle: m.mms_sg_field_timeout_idle,
  timeoutWaitSec: m.mms_sg_field_timeout_wait,
  turnSeatRing: m.mms_sg_field_ring_tone,
  labelName: m.mms_sg_field_labels,
  displaySwitch: m.mms_sg_field_display_switch,
  encryptNumber: m.mms_sg_field_encrypt_number,
  fsNode: m.mms_sg_field_fs_node,
};

/** The names of these settings, in display order, for a sentence. */
export function fieldNames(fields: readonly SeatGroupField[]): string {
  return fields.map((field) => SEAT_GROUP_FIELD_LABELS[field]()).join(m.mms_list_separator());
}

/** Fields the spec says are cleared when sent empty ("when empty, the previous setting is cleared"). */
export const CLEARABLE_FIELDS = [
  'timeoutTransferSec',
  'callinAutoAnswerSec',
  'wrapUpTime',
  'timeoutIdle',
  'labelName',
] as const satisfies readonly SeatGroupField[];

export type ClearableField = (typeof CLEARABLE_FIELDS)[number];

export function isClearable(field: SeatGroupField): field is ClearableField {
  return (CLEARABLE_FIELDS as readonly string[]).includes(field);
}

export function isFsNode(value: unknown): value is FsNode {
  return typeof value === 'string' && (FS_NODES as readonly string[]).includes(value);
}

/** One of the spec's inbound strategies (1-4). */
export function isCallinStrategy(value: unknown): value is number {
  return typeof value === 'number' && Object.hasOwn(CALLIN_STRATEGY_NAMES, value);
}

export function valuesOf(settings: SeatGroupSettings): SeatGroupValues {
  return {
    callinStrategy: settings.callinStrategy,
    timeoutTransferSec: settings.timeoutTransferSec,
    callinAutoAnswerSec: settings.callinAutoAnswerSec,
    wrapUpTime: settings.wrapUpTime,
    timeoutIdle: settings.timeoutIdle,
    timeoutWaitSec: settings.timeoutWaitSec,
    turnSeatRing: settings.turnSeatRing,
    labelName: [...settings.labelName],
    displaySwitch: settings.displaySwitch,
    encryptNumber: settings.encryptNumber,
    fsNode: settings.fsNode,
  };
}

/**
 * The complete edit request for these values. The clearable fields are always sent
 * (`null` / `[]` clear them on purpose); the others are sent when they have a value and
 * left out when not set, since the platform keeps what is left out there. The switches
 * are required by the platform: a missing one is sent as null and refused by validation.
 * A strategy or node the server holds that the spec does not name is left out too (the
 * platform keeps it): the form offers only the spec's, so only the server can have set it.
 */
export function completeEditRequest(voiceGroupId: IntegerId, values: SeatGroupValues): SeatGroupEditRequest {
  const request: SeatGroupEditRequest = {
    voiceGroupId,
    timeoutTransferSec: values.timeoutTransferSec,
    callinAutoAnswerSec: values.callinAutoAnswerSec,
    wrapUpTime: values.wrapUpTime,
    timeoutIdle: values.timeoutIdle,
    labelName: [...values.labelName],
    displaySwitch: values.displaySwitch as number,
    encryptNumber: values.encryptNumber as number,
  };
  if (isCallinStrategy(values.callinStrategy)) request.callinStrategy = values.callinStrategy;
  if (values.timeoutWaitSec !== null) request.timeoutWaitSec = values.timeoutWaitSec;
  if (values.turnSeatRing !== null) request.turnSeatRing = values.turnSeatRing;
  if (isFsNode(values.fsNode)) request.fsNode = values.fsNode;
  return request;
}

/** The loaded settings with the user's edits applied, as a complete edit request. */
export function editRequestFromLoaded(
  loaded: SeatGroupSettings,
  edits: Partial<SeatGroupValues>,
  voiceGroupId: IntegerId = loaded.voiceGroupId ?? '',
): SeatGroupEditRequest {
  return completeEditRequest(voiceGroupId, { ...valuesOf(loaded), ...edits });
}

/**
 * Clearable settings the server sent in a form this app could not read (read as empty)
 * that the request sends back unchanged: it would clear them without anybody asking.
 * Once the user sets one explicitly, it is theirs to send.
 */
export function unreadableClears(server: SeatGroupSettings, request: SeatGroupEditRequest): ClearableField[] {
  const read = valuesOf(server);
  return CLEARABLE_FIELDS.filter((field) => {
    if (!server.unreadable.includes(field)) return false;
    if (field === 'labelName') {
      const sent = request.labelName ?? [];
      return sent.length === read.labelName.length && sent.every((label, i) => label === read.labelName[i]);
    }
    return (request[field] ?? null) === read[field];
  });
}

/** Clearable fields a request leaves out: sending it would clear them without the user asking. */
export function missingClearableFields(request: SeatGroupEditRequest): ClearableField[] {
  return CLEARABLE_FIELDS.filter((field) => request[field] === undefined);
}

/**
 * What the server should hold after accepting `sent`, given what it held before:
 * clearable fields take what was sent (left out or empty: cleared); the others take
 * what was sent, or keep their value when left out or sent empty.
 */
export function expectedAfterSave(before: SeatGroupValues, sent: SeatGroupEditRequest): SeatGroupValues {
  const kept = <T>(value: T | null | undefined, previous: T | null): T | null =>
    value === undefined || value === null || value === '' ? previous : value;
  return {
    callinStrategy: kept(sent.callinStrategy, before.callinStrategy),
    timeoutTransferSec: sent.timeoutTransferSec ?? null,
    callinAutoAnswerSec: sent.callinAutoAnswerSec ?? null,
    wrapUpTime: sent.wrapUpTime ?? null,
    timeoutIdle: sent.timeoutIdle ?? null,
    timeoutWaitSec: kept(sent.timeoutWaitSec, before.timeoutWaitSec),
    turnSeatRing: kept(sent.turnSeatRing, before.turnSeatRing),
    labelName: [...(sent.labelName ?? [])],
    displaySwitch: sent.displaySwitch,
    encryptNumber: sent.encryptNumber,
    fsNode: kept<string>(sent.fsNode, before.fsNode),
  };
}

export function sameSetting(field: SeatGroupField, a: SeatGroupValues, b: SeatGroupValues): boolean {
  if (field === 'labelName') {
    return (
      a.labelName.length === b.labelName.length && a.labelName.every((label, i) => label === b.labelName[i])
    );
  }
  return a[field] === b[field];
}

/** Fields whose values differ, in display order. */
export function changedFields(before: SeatGroupValues, after: SeatGroupValues): SeatGroupField[] {
  return SEAT_GROUP_FIELDS.filter((field) => !sameSetting(field, before, after));
}

/**
 * The user's edits (what differs between `loaded` and `draft`) applied on top of what
 * the server holds now, so a save after someone else's change keeps their other changes.
 */
export function rebaseEdits(
  loaded: SeatGroupValues,
  draft: SeatGroupValues,
  current: SeatGroupValues,
): SeatGroupValues {
  const next: SeatGroupValues = { ...current, labelName: [...current.labelName] };
  for (const field of changedFields(loaded, draft)) copyField(next, draft, field);
  return next;
}

function copyField<K extends SeatGroupField>(
  target: SeatGroupValues,
  source: SeatGroupValues,
  field: K,
): void {
  const value = source[field];
  target[field] = (Array.isArray(value) ? [...value] : value) as SeatGroupValues[K];
}
