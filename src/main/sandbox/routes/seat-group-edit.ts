import {
  CALLIN_STRATEGY_LABELS,
  FS_NODES,
  LIMITS,
  SWITCH_LABELS,
  type FsNode,
} from '../../../shared/platform';
import { characterCount } from '../mms-units';
import { PlatformError, parameterError } from '../errors';
import type { SeatGroupSettings } from '../seat-group-store';
import { jsonBody, success, type RouteHandler } from './context';
import { isObject, optionalInteger, optionalString, requiredInteger, type Fields } from './params';
import { ownSeatGroup } from './seat-group-read';

const STRATEGIES = Object.keys(CALLIN_STRATEGY_LABELS).map(Number);
const SWITCH_VALUES = Object.keys(SWITCH_LABELS).map(Number);
/** Fields the spec says are cleared when sent empty or left out. */
const CLEARABLE_SECONDS = ['timeoutTransferSec', 'callinAutoAnswerSec', 'wrapUpTime', 'timeoutIdle'] as const;

function nonNegative(fields: Fields, key: string): number | undefined {
  const value = optionalInteger(fields, key);
  if (value !== undefined && value < 0) throw parameterError(`${key} must be 0 or more`);
  return value;
}

function labelList(fields: Fields): string[] {
  const value = fields.labelName;
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
    throw parameterError('labelName must be a list of strings');
  }
  return value;
}

function checkLabels(labels: readonly string[]): void {
  if (labels.length > LIMITS.labelsMax) {
    throw new PlatformError(-71, `no more labels can be created: at most ${LIMITS.labelsMax} labels`);
  }
  for (const label of labels) {
    if (label.trim() === '' || characterCount(label) > LIMITS.labelMaxChars) {
      throw new PlatformError(-72, `a label name is required, within ${LIMITS.labelMaxChars} characters`);
    }
  }
  if (new Set(labels).size !== labels.length) throw new PlatformError(-71, 'label names must be unique');
}

function fsNode(fields: Fields): FsNode | undefined {
  const value = optionalString(fields, 'fsNode');
  if (value === undefined) return undefined;
  const node = FS_NODES.find((known) => known === value);
  if (!node) throw parameterError(`fsNode must be one of ${FS_NODES.join(', ')}`);
  return node;
}

/**
 * Replaces the settings as the spec says: the four clearable numbers and labelName are
 * cleared when left out or sent empty; the other optional fields keep their value.
 */
export const seatGroupEdit: RouteHandler = (context) => {
  const body = jsonBody(context);
  if (!isObject(body)) throw parameterError('the body must be a JSON object');
  const id = requiredInteger(body, 'voiceGroupId');
  const displaySwitch = requiredInteger(body, 'displaySwitch', SWITCH_VALUES);
  const encryptNumber = requiredInteger(body, 'encryptNumber', SWITCH_VALUES);
  const callinStrategy = optionalInteger(body, 'callinStrategy', STRATEGIES);
  const timeoutWaitSec = nonNegative(body, 'timeoutWaitSec');
  const turnSeatRing = optionalString(body, 'turnSeatRing');
  const node = fsNode(body);
  const cleared: Partial<SeatGroupSettings> = {};
  for (const key of CLEARABLE_SECONDS) cleared[key] = nonNegative(body, key) ?? null;
  const labels = labelList(body);

  ownSeatGroup(context, id);
  checkLabels(labels);

  const patch: Partial<SeatGroupSettings> = { ...cleared, labelName: labels, displaySwitch, encryptNumber };
  if (callinStrategy !== undefined) patch.callinStrategy = callinStrategy;
  if (timeoutWaitSec !== undefined) patch.timeoutWaitSec = timeoutWaitSec;
  if (turnSeatRing !== undefined) patch.turnSeatRing = turnSeatRing;
  if (node !== undefined) patch.fsNode = node;
  context.seatGroups.set(id, patch);
  return success({ data: null });
};
