import { CALLIN_STRATEGY_LABELS, FS_NODES, LIMITS } from '../platform';
import type { SeatGroupEditRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, isWholeNumber, readPositiveId, validationResult } from './fields';
import { m } from '../i18n';

const WHOLE_SECONDS_FIELDS = [
  ['timeoutTransferSec', m.mms_sg_whole_seconds],
  ['callinAutoAnswerSec', m.mms_sg_whole_seconds],
  ['wrapUpTime', m.mms_sg_whole_seconds],
  ['timeoutIdle', m.mms_sg_whole_count],
  ['timeoutWaitSec', m.mms_sg_whole_seconds],
] as const;

export function validateSeatGroupEdit(request: SeatGroupEditRequest): Result<SeatGroupEditRequest> {
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
  for (const [name, message] of WHOLE_SECONDS_FIELDS) {
    const value = request[name];
    if (isPresent(value) && (!isWholeNumber(value) || value < 0)) {
      fields[name] = message();
    }
  }
  if (isPresent(request.turnSeatRing) && typeof request.turnSeatRing !== 'string') {
    fields.turnSeatRing = m.mms_sg_ring_not_text();
  }
  if (isPresent(request.fsNode) && !(FS_NODES as readonly string[]).includes(request.fsNode)) {
    fields.fsNode = m.mms_sg_node_invalid({ nodes: FS_NODES.join(', ') });
  }
  checkLabels(request.labelName, fields);
  return validationResult(fields, request);
}

function checkSwitch(value: unknown, path: string, message: () => string, fields: FieldErrors): void {
  if (value !== 0 && value !== 1) fields[path] = message();
}

function checkLabels(labels: unknown, fields: FieldErrors): void {
  if (!isPresent(labels)) return;
  if (!Array.isArray(labels)) {
    fields.labelName = m.mms_sg_labels_not_list();
    return;
  }
  if (labels.length > LIMITS.labelsMax) {
    fields.labelName = m.mms_sg_labels_too_many({ max: String(LIMITS.labelsMax), extra: String(labels.length - LIMITS.labelsMax) });
  }
  const seen = new Set<string>();
  labels.forEach((label: unknown, index) => {
    const path = `labelName[${index}]`;
    if (typeof label !== 'string' || label.trim() === '') {
      fields[path] = m.mms_sg_label_empty();
    } else if (label.length > LIMITS.labelMaxChars) {
      fields[path] = m.mms_sg_label_too_long({ max: String(LIMITS.labelMaxChars), count: String(label.length) });
    } else if (seen.has(label)) {
      fields[path] = m.mms_sg_label_duplicate_plain({ label });
    } else {
      seen.add(label);
    }
  });
}
