/**
 * The list operations' own filter rules (the descriptors in ../operations call them;
 * paging, unknown keys and record windows are checked there), and the seat-group read.
 */
import { SEAT_STATUS_LABELS, TASK_ROW_STATUS_LABELS } from '../platform';
import type { SeatGroupReadRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, isWholeNumber, readPositiveId, validationResult } from './fields';

type Params = Readonly<Record<string, unknown>>;

export function checkTaskParams(params: Params, fields: FieldErrors): void {
  if (readPositiveId(params.taskId) === null)
    fields['params.taskId'] = 'Enter the task id (a whole number of 1 or more).';
  if (isPresent(params.sipGroupId) && readPositiveId(params.sipGroupId) === null) {
    fields['params.sipGroupId'] = 'The seat group id must be a whole number of 1 or more.';
  }
  checkIdList(params.seatId, 'params.seatId', 'seat id', fields);
  checkTextList(params.labelNames, 'params.labelNames', fields);
  checkOptionalText(params.called, 'params.called', fields);
  checkOptionalText(params.remark, 'params.remark', fields);
  if (isPresent(params.statusList)) {
    const allowed = Object.keys(TASK_ROW_STATUS_LABELS).map(Number);
    if (!Array.isArray(params.statusList) || params.statusList.some((s: unknown) => !allowed.includes(Number(s)) || !isWholeNumber(s))) {
      fields['params.statusList'] = `Statuses may only be ${allowed.join(', ')}.`;
    }
  }
}

export function checkSeatParams(params: Params, fields: FieldErrors): void {
  checkEnable(params.enable, fields);
  checkOptionalText(params.name, 'params.name', fields);
  if (isPresent(params.voiceGroupId) && readPositiveId(params.voiceGroupId) === null) {
    fields['params.voiceGroupId'] = 'The seat group id must be a whole number of 1 or more.';
  }
  if (isPresent(params.status)) {
    const statuses = Object.keys(SEAT_STATUS_LABELS).map(Number);
    if (!isWholeNumber(params.status) || !statuses.includes(params.status)) {
      fields['params.status'] = `Choose a seat status from ${Math.min(...statuses)} to ${Math.max(...statuses)}.`;
    }
  }
}

export function checkLeaderParams(params: Params, fields: FieldErrors): void {
  checkEnable(params.enable, fields);
  checkOptionalText(params.name, 'params.name', fields);
  checkIdList(params.voiceGroupIdList, 'params.voiceGroupIdList', 'seat group id', fields);
}

export function checkAppParams(params: Params, fields: FieldErrors): void {
  checkOptionalText(params.appId, 'params.appId', fields);
}

/** Record windows have no filters besides strTime/endTime (checked by the window rule). */
export function checkNothingMore(): void {}

export function validateSeatGroupRead(request: SeatGroupReadRequest): Result<SeatGroupReadRequest> {
  const fields: FieldErrors = {};
  if (readPositiveId(request.voiceGroupId) === null) {
    fields.voiceGroupId = 'Enter the seat group id (a whole number of 1 or more).';
  }
  return validationResult(fields, request);
}

function checkEnable(value: unknown, fields: FieldErrors): void {
  if (isPresent(value) && value !== 0 && value !== 1)
    fields['params.enable'] = 'Choose 0 (enabled) or 1 (disabled).';
}

function checkOptionalText(value: unknown, path: string, fields: FieldErrors): void {
  if (isPresent(value) && typeof value !== 'string') fields[path] = 'Enter text here.';
}

function checkIdList(value: unknown, path: string, label: string, fields: FieldErrors): void {
  if (!isPresent(value)) return;
  if (!Array.isArray(value)) {
    fields[path] = `Give a list of ${label}s.`;
    return;
  }
  const bad = value.findIndex((id) => readPositiveId(id) === null);
  if (bad >= 0) fields[path] = `Entry ${bad + 1} is not a valid ${label}: use whole numbers of 1 or more.`;
}

function checkTextList(value: unknown, path: string, fields: FieldErrors): void {
  if (!isPresent(value)) return;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    fields[path] = 'Give a list of texts.';
}
