import { CALLIN_STRATEGY_LABELS, FS_NODES, LIMITS } from '../platform';
import type { SeatGroupEditRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, isWholeNumber, readPositiveId, validationResult } from './fields';

const WHOLE_SECONDS_FIELDS = [
  ['timeoutTransferSec', 'seconds'],
  ['callinAutoAnswerSec', 'seconds'],
  ['wrapUpTime', 'seconds'],
  ['timeoutIdle', 'count'],
  ['timeoutWaitSec', 'seconds'],
] as const;

export function validateSeatGroupEdit(request: SeatGroupEditRequest): Result<SeatGroupEditRequest> {
  const fields: FieldErrors = {};
  if (readPositiveId(request.voiceGroupId) === null) {
    fields.voiceGroupId = 'Enter the seat group id (a whole number of 1 or more).';
  }
  checkSwitch(request.displaySwitch, 'displaySwitch', 'recording display', fields);
  checkSwitch(request.encryptNumber, 'encryptNumber', 'number encryption', fields);
  if (isPresent(request.callinStrategy)) {
    const strategies = Object.keys(CALLIN_STRATEGY_LABELS).map(Number);
    if (!isWholeNumber(request.callinStrategy) || !strategies.includes(request.callinStrategy)) {
      fields.callinStrategy = `Choose an inbound strategy from ${Math.min(...strategies)} to ${Math.max(...strategies)}.`;
    }
  }
  for (const [name, unit] of WHOLE_SECONDS_FIELDS) {
    const value = request[name];
    if (isPresent(value) && (!isWholeNumber(value) || value < 0)) {
      fields[name] = `Enter a whole number of ${unit} (0 or more), or leave it empty to clear it.`;
    }
  }
  if (isPresent(request.turnSeatRing) && typeof request.turnSeatRing !== 'string') {
    fields.turnSeatRing = 'Enter the ring-tone file name returned by the upload.';
  }
  if (isPresent(request.fsNode) && !(FS_NODES as readonly string[]).includes(request.fsNode)) {
    fields.fsNode = `Choose a node: ${FS_NODES.join(', ')}.`;
  }
  checkLabels(request.labelName, fields);
  return validationResult(fields, request);
}

function checkSwitch(value: unknown, path: string, label: string, fields: FieldErrors): void {
  if (value !== 0 && value !== 1) fields[path] = `Choose whether ${label} is on (0) or off (1).`;
}

function checkLabels(labels: unknown, fields: FieldErrors): void {
  if (!isPresent(labels)) return;
  if (!Array.isArray(labels)) {
    fields.labelName = 'Give the labels as a list.';
    return;
  }
  if (labels.length > LIMITS.labelsMax) {
    fields.labelName = `At most ${LIMITS.labelsMax} labels are allowed: remove ${labels.length - LIMITS.labelsMax}.`;
  }
  const seen = new Set<string>();
  labels.forEach((label: unknown, index) => {
    const path = `labelName[${index}]`;
    if (typeof label !== 'string' || label.trim() === '') {
      fields[path] = 'Enter a label name, or remove the empty label.';
    } else if (label.length > LIMITS.labelMaxChars) {
      fields[path] =
        `Label names may have at most ${LIMITS.labelMaxChars} characters (this one has ${label.length}).`;
    } else if (seen.has(label)) {
      fields[path] = `"${label}" is already in the list: label names must be unique.`;
    } else {
      seen.add(label);
    }
  });
}
