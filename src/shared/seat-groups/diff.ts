/** What changed between two states of a seat group's settings, in words a person reads. */
import { m } from '../i18n';
import { CALLIN_STRATEGY_NAMES, FS_NODE_NAMES, SWITCH_NAMES } from '../platform';
import { codeDisplay } from '../cell-text';
import type { SeatGroupSettings } from '../records';
import { changedFields, isFsNode, SEAT_GROUP_FIELD_LABELS, type SeatGroupField, type SeatGroupValues, valuesOf } from './values';

export interface FieldChange {
  field: SeatGroupField;
  label: string;
  old: string;
  new: string;
  /** The change removes a value the group had (a cleared number, ring tone or node, or every label). */
  clears: boolean;
}

/** "not set", in the language of the moment. */
export const notSet = (): string => m.mms_sg_not_set();

/** One setting's value for display: labels and region names with the raw value where it helps. */
export function displaySetting<K extends SeatGroupField>(field: K, value: SeatGroupValues[K]): string {
  if (field === 'labelName') {
    const labels = value as string[];
    return labels.length === 0 ? m.mms_sg_no_labels() : labels.join(m.mms_list_separator());
  }
  if (value === null) return notSet();
  switch (field) {
    case 'callinStrategy': {
      const label = CALLIN_STRATEGY_NAMES[value as number];
      return label ? codeDisplay(label(), String(value)) : m.mms_sg_unknown_strategy({ value: String(value) });
    }
    case 'displaySwitch':
    case 'encryptNumber':
      return SWITCH_NAMES[value as number]?.() ?? m.mms_sg_unknown_value({ value: String(value) });
    case 'fsNode':
      return isFsNode(value) ? codeDisplay(FS_NODE_NAMES[value](), value) : m.mms_sg_unknown_node({ value: String(value) });
    case 'turnSeatRing':
      return `“${String(value)}”`;
    default:
      return String(value);
  }
}

function isEmpty(field: SeatGroupField, values: SeatGroupValues): boolean {
  return field === 'labelName' ? values.labelName.length === 0 : values[field] === null;
}

/** Every field that differs, old → new, in display order. */
export function diffValues(before: SeatGroupValues, after: SeatGroupValues): FieldChange[] {
  return changedFields(before, after).map((field) => ({
    field,
    label: SEAT_GROUP_FIELD_LABELS[field](),
    old: displaySetting(field, before[field]),
    new: displaySetting(field, after[field]),
    clears: isEmpty(field, after) && !isEmpty(field, before),
  }));
}

/** One sentence per field where the server holds something other than what was sent. */
export function mismatchMessages(expected: SeatGroupValues, actual: SeatGroupValues): string[] {
  return diffValues(expected, actual).map(
    (change) => m.mms_sg_mismatch({ label: change.label, sent: change.old, held: change.new }),
  );
}

/**
 * After a save: one sentence per field where the group, read again, holds other than it
 * should. Asked by main (does the save stand?) and by the screen (in the language on show).
 */
export function saveMismatches(shouldHold: SeatGroupValues, held: SeatGroupSettings | null): string[] {
  return held === null ? [] : mismatchMessages(shouldHold, valuesOf(held));
}
