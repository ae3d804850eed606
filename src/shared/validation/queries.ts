/** Validation of the eight read operations (everything but seat-group edit and MMS send). */
import { LIMITS, SEAT_STATUS_LABELS, TASK_ROW_STATUS_LABELS } from '../platform';
import type {
  AxbBindingsRequest,
  NumberRecordsRequest,
  NumbersRequest,
  SeatGroupReadRequest,
  SeatsRequest,
  TaskDetailsRequest,
  TeamLeadersRequest,
  VoiceRecordsRequest,
} from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, isWholeNumber, readPositiveId, validationResult } from './fields';
import { checkPaging } from './paging';
import { checkRecordWindow, checkSeatWindow } from './time-window';

export interface RecordQueryRules {
  now?: Date;
  /** Longest span in days; 31 for a single request (fetch-all passes more and splits). */
  maxDays?: number;
}

function checkParamsObject(params: unknown, fields: FieldErrors): params is Record<string, unknown> {
  if (typeof params === 'object' && params !== null && !Array.isArray(params)) return true;
  fields.params = 'The filters (params) are required.';
  return false;
}

function checkRecordQuery(
  request: { current?: unknown; size?: unknown; params: unknown },
  defaults: { current: number; size: number } | null,
  rules: RecordQueryRules,
): FieldErrors {
  const fields: FieldErrors = {};
  checkPaging(request.current ?? defaults?.current, request.size ?? defaults?.size, fields);
  if (checkParamsObject(request.params, fields)) {
    checkRecordWindow(
      request.params.strTime,
      request.params.endTime,
      {
        maxDays: rules.maxDays ?? LIMITS.recordWindowMaxDays,
        now: rules.now ?? new Date(),
      },
      fields,
    );
  }
  return fields;
}

export function validateVoiceRecords(
  request: VoiceRecordsRequest,
  rules: RecordQueryRules = {},
): Result<VoiceRecordsRequest> {
  const fields = checkRecordQuery(request, { current: 1, size: LIMITS.voiceDefaultPageSize }, rules);
  return validationResult(fields, request);
}

export function validateNumberRecords(
  request: NumberRecordsRequest,
  rules: RecordQueryRules = {},
): Result<NumberRecordsRequest> {
  return validationResult(checkRecordQuery(request, null, rules), request);
}

export function validateTaskDetails(request: TaskDetailsRequest): Result<TaskDetailsRequest> {
  const fields: FieldErrors = {};
  checkPaging(request.current, request.size, fields);
  if (checkParamsObject(request.params, fields)) {
    const params = request.params;
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
      if (!Array.isArray(params.statusList) || params.statusList.some((s) => !allowed.includes(s))) {
        fields['params.statusList'] = `Statuses may only be ${allowed.join(', ')}.`;
      }
    }
  }
  return validationResult(fields, request);
}

export function validateSeats(request: SeatsRequest): Result<SeatsRequest> {
  const fields: FieldErrors = {};
  checkPaging(request.current, request.size, fields);
  if (checkParamsObject(request.params, fields)) {
    const params = request.params;
    checkEnable(params.enable, fields);
    checkOptionalText(params.name, 'params.name', fields);
    if (isPresent(params.voiceGroupId) && readPositiveId(params.voiceGroupId) === null) {
      fields['params.voiceGroupId'] = 'The seat group id must be a whole number of 1 or more.';
    }
    if (isPresent(params.status)) {
      const statuses = Object.keys(SEAT_STATUS_LABELS).map(Number);
      if (!isWholeNumber(params.status) || !statuses.includes(params.status)) {
        fields['params.status'] =
          `Choose a seat status from ${Math.min(...statuses)} to ${Math.max(...statuses)}.`;
      }
    }
    checkSeatWindow(params.strTime, params.endTime, fields);
  }
  return validationResult(fields, request);
}

export function validateTeamLeaders(request: TeamLeadersRequest): Result<TeamLeadersRequest> {
  const fields: FieldErrors = {};
  checkPaging(request.current, request.size, fields);
  if (checkParamsObject(request.params, fields)) {
    checkEnable(request.params.enable, fields);
    checkOptionalText(request.params.name, 'params.name', fields);
    checkIdList(request.params.voiceGroupIdList, 'params.voiceGroupIdList', 'seat group id', fields);
  }
  return validationResult(fields, request);
}

export function validateNumbers(request: NumbersRequest): Result<NumbersRequest> {
  return validationResult(checkAppFilter(request), request);
}

export function validateAxbBindings(request: AxbBindingsRequest): Result<AxbBindingsRequest> {
  return validationResult(checkAppFilter(request), request);
}

export function validateSeatGroupRead(request: SeatGroupReadRequest): Result<SeatGroupReadRequest> {
  const fields: FieldErrors = {};
  if (readPositiveId(request.voiceGroupId) === null) {
    fields.voiceGroupId = 'Enter the seat group id (a whole number of 1 or more).';
  }
  return validationResult(fields, request);
}

function checkAppFilter(request: NumbersRequest | AxbBindingsRequest): FieldErrors {
  const fields: FieldErrors = {};
  checkPaging(request.current, request.size, fields);
  if (checkParamsObject(request.params, fields))
    checkOptionalText(request.params.appId, 'params.appId', fields);
  return fields;
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
