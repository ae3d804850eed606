import { CALLIN_STRATEGY_LABELS, FS_NODES, LIMITS } from '../platform';
import type { SeatGroupEditRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, isWholeNumber, readPositiveId, validationResult } from './fields';
import { characterCount, unsendableCharacter } from './text';
import { formatNumber, m } from '../i18n';

/** The spec gives the seconds fields no range: a day is this app's bound. */
export const SEAT_GROUP_SECONDS_MAX = 86_400;
/** The spec gives timeoutIdle no range: its declared type (Integer, 32-bit) is the bound. */
export const SEAT_GROUP_COUNT_MAX = 2_147_483_647;

const SECONDS = {
  max: SEAT_GROUP_SECONDS_MAX,
  notWhole: m.mms_sg_whole_seconds,
  tooLarge: m.mms_sg_seconds_too_large,
  tooLargeHeld: m.mms_sg_seconds_too_large_integer,
};
const COUNT = { max: SEAT_GROUP_COUNT_MAX, notWhole: m.mms_sg_whole_count, tooLarge: m.mms_sg_count_too_large, tooLargeHeld: m.mms_sg_count_too_large };

const NUMBER_RULES = [
  ['timeoutTransferSec', SECONDS],
  ['callinAutoAnswerSec', SECONDS],
  ['wrapUpTime', SECONDS],
  ['timeoutIdle', COUNT],
  ['timeoutWaitSec', SECONDS],
] as const;

/**
 * The spec: "file name returned by the inbound ring-tone upload", with no length: 255 is
 * what file systems allow a name. A name holds no path and no link scheme: none of the
 * characters Windows refuses in a name (/ \ : among them), and it is not "." or "..".
 */
export const RING_FILE_NAME_MAX = 255;
const NOT_IN_FILE_NAMES = /[/\\:*?"<>|]/;

/** Seconds, counts and labels a group may hold, as the platform sent them. */
export type HeldValues = Partial<Record<(typeof NUMBER_RULES)[number][0], number | null>> & { labelName?: readonly string[] };

export interface SeatGroupEditCheck {
  /**
   * What the group holds now. A number equal to what it holds is sent back as it is: this
   * app's one-day bound is for what a person types, not for what the platform already keeps
   * (it gives these seconds no range), so only the Integer bound applies to it. So with a
   * label it holds: what a person may not type (edge spaces, a look-alike) is the platform's.
   */
  held?: HeldValues;
  /** Every number is checked against the platform's Integer bound only, every label as one held (the client's last gate). */
  platformBoundsOnly?: boolean;
}

export function validateSeatGroupEdit(
  request: SeatGroupEditRequest,
  check: SeatGroupEditCheck = {},
): Result<SeatGroupEditRequest> {
  const fields: FieldErrors = {};
  if (readPositiveId(request.voiceGroupId) === null) {
    fields.voiceGroupId = m.errors_seat_group_id_enter();
  }
  checkSwitch(request.displaySwitch, 'displaySwitch', m.mms_sg_display_switch_required, fields);
  checkSwitch(request.encryptNumber, 'encryptNumber', m.mms_sg_encrypt_required, fields);
  if (isPresent(request.callinStrategy)) {
    const strategies = Object.keys(CALLIN_STRATEGY_LABELS).map(Number);
    if (!isWholeNumber(request.callinStrategy) || !strategies.includes(request.callinStrategy)) {
      fields.callinStrategy = m.mms_sg_strategy_invalid({ min: String(Math.min(...strategies)), max: String(Math.max(...strategies)) });
    }
  }
  for (const [name, rule] of NUMBER_RULES) {
    const value = request[name];
    if (!isPresent(value)) continue;
    const asHeld = check.platformBoundsOnly === true || check.held?.[name] === value;
    const max = asHeld ? SEAT_GROUP_COUNT_MAX : rule.max;
    if (!isWholeNumber(value) || value < 0) fields[name] = rule.notWhole();
    else if (value > max) fields[name] = (asHeld ? rule.tooLargeHeld : rule.tooLarge)({ max: formatNumber(max) });
  }
  checkRingTone(request.turnSeatRing, fields);
  if (isPresent(request.fsNode) && !(FS_NODES as readonly string[]).includes(request.fsNode)) {
    fields.fsNode = m.mms_sg_node_invalid({ nodes: FS_NODES.join(', ') });
  }
  const heldLabels = check.held?.labelName ?? [];
  checkLabels(request.labelName, (label) => check.platformBoundsOnly === true || heldLabels.includes(label), fields);
  return validationResult(fields, request);
}

function checkRingTone(value: unknown, fields: FieldErrors): void {
  if (!isPresent(value)) return;
  if (typeof value !== 'string') {
    fields.turnSeatRing = m.mms_sg_ring_not_text();
    return;
  }
  const notFileName =
    value.length > RING_FILE_NAME_MAX || NOT_IN_FILE_NAMES.test(value) || value.trim() === '.' || value.trim() === '..';
  const flaw = notFileName ? m.mms_sg_ring_not_file_name({ max: String(RING_FILE_NAME_MAX) }) : unsendableCharacter(value);
  if (flaw !== null) fields.turnSeatRing = flaw;
}

function checkSwitch(value: unknown, path: string, message: () => string, fields: FieldErrors): void {
  if (value !== 0 && value !== 1) fields[path] = message();
}

function checkLabels(labels: unknown, isHeld: (label: string) => boolean, fields: FieldErrors): void {
  if (!isPresent(labels)) return;
  if (!Array.isArray(labels)) {
    fields.labelName = m.mms_sg_labels_not_list();
    return;
  }
  if (labels.length > LIMITS.labelsMax) {
    // Past the limit, the list is refused as a whole: judging each of a flood of labels would answer with one line each.
    fields.labelName = m.mms_sg_labels_too_many({ max: String(LIMITS.labelsMax), extra: formatNumber(labels.length - LIMITS.labelsMax) });
    return;
  }
  const strings = labels.map((label: unknown) => (typeof label === 'string' ? label : null));
  strings.forEach((label, index) => {
    const problem = labelProblem(label, index, strings, isHeld);
    if (problem !== null) fields[`labelName[${index}]`] = problem;
  });
}

/**
 * A label the group holds is checked as the platform keeps it (its length, what cannot be
 * sent, a repeat of it); one typed anew as a person may type it, and against every label
 * the group would keep for one that looks the same.
 */
function labelProblem(
  label: string | null,
  index: number,
  labels: readonly (string | null)[],
  isHeld: (label: string) => boolean,
): string | null {
  if (label === null || label.trim() === '') return m.mms_sg_label_empty();
  const held = isHeld(label);
  const flaw = labelTextProblem(label, { held });
  if (flaw !== null) return flaw;
  const look = labelLook(label);
  const other = labels.find((candidate, at) => {
    if (candidate === null || at === index) return false;
    if (held) return at < index && candidate === label;
    return labelLook(candidate) === look && (at < index || isHeld(candidate));
  });
  if (other === undefined || other === null) return null;
  return other === label ? m.mms_sg_label_duplicate_plain({ label }) : m.mms_sg_label_lookalike({ label, other });
}

/**
 * How a label looks to a person: the same after Unicode's compatibility folding (full-width
 * Ａ is A, é typed two ways is one), in either case. Two labels that look the same are one
 * label to whoever picks it, and a platform that compares without case would refuse them.
 */
export function labelLook(label: string): string {
  return label.normalize('NFKC').toLowerCase();
}

/**
 * What keeps a label's own text from being sent: more than its characters (as a person
 * counts them), one it may not hold, or, typed anew, a space at its edge or a character that shows nothing.
 */
export function labelTextProblem(label: string, options: { held?: boolean } = {}): string | null {
  const count = characterCount(label);
  if (count > LIMITS.labelMaxChars) return m.mms_sg_label_too_long({ max: String(LIMITS.labelMaxChars), count: String(count) });
  if (options.held === true) return unsendableCharacter(label);
  if (label.trim() !== label) return m.mms_sg_label_edge_space({ label: label.trim() });
  return unsendableCharacter(label, { seen: true });
}
