/**
 * The list operations' own filter rules (the descriptors in ../operations call them;
 * paging, unknown keys and record windows are checked there), and the seat-group read.
 */
import { formatNumber, m } from '../i18n';
import { LIMITS, SEAT_STATUS_LABELS, TASK_ROW_STATUS_LABELS } from '../platform';
import type { SeatGroupReadRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, isWholeNumber, readPositiveId, validationResult } from './fields';
import { characterCount, unsendableCharacter } from './text';

type Params = Readonly<Record<string, unknown>>;

export function checkTaskParams(params: Params, fields: FieldErrors): void {
  if (readPositiveId(params.taskId) === null)
    fields['params.taskId'] = m.errors_task_id();
  if (isPresent(params.sipGroupId) && readPositiveId(params.sipGroupId) === null) {
    fields['params.sipGroupId'] = m.errors_seat_group_id_number();
  }
  checkIdList(params.seatId, 'params.seatId', 'seat', fields);
  checkTextList(params.labelNames, 'params.labelNames', fields);
  checkOptionalText(params.called, 'params.called', fields);
  checkOptionalText(params.remark, 'params.remark', fields);
  if (isPresent(params.statusList)) {
    const allowed = Object.keys(TASK_ROW_STATUS_LABELS).map(Number);
    if (!Array.isArray(params.statusList) || params.statusList.some((s: unknown) => !isWholeNumber(s) || !allowed.includes(s))) {
      fields['params.statusList'] = m.errors_statuses_only({ allowed: allowed.join(', ') });
    } else checkListLength(params.statusList, 'params.statusList', fields);
  }
}

export function checkSeatParams(params: Params, fields: FieldErrors): void {
  checkEnable(params.enable, fields);
  checkOptionalText(params.name, 'params.name', fields);
  if (isPresent(params.voiceGroupId) && readPositiveId(params.voiceGroupId) === null) {
    fields['params.voiceGroupId'] = m.errors_seat_group_id_number();
  }
  if (isPresent(params.status)) {
    const statuses = Object.keys(SEAT_STATUS_LABELS).map(Number);
    if (!isWholeNumber(params.status) || !statuses.includes(params.status)) {
      fields['params.status'] = m.errors_seat_status_range({ min: Math.min(...statuses), max: Math.max(...statuses) });
    }
  }
}

export function checkLeaderParams(params: Params, fields: FieldErrors): void {
  checkEnable(params.enable, fields);
  checkOptionalText(params.name, 'params.name', fields);
  checkIdList(params.voiceGroupIdList, 'params.voiceGroupIdList', 'seatGroup', fields);
}

export function checkAppParams(params: Params, fields: FieldErrors): void {
  checkOptionalText(params.appId, 'params.appId', fields);
}

/** Record windows have no filters besides strTime/endTime (checked by the window rule). */
export function checkNothingMore(): void {}

export function validateSeatGroupRead(request: SeatGroupReadRequest): Result<SeatGroupReadRequest> {
  const fields: FieldErrors = {};
  if (readPositiveId(request.voiceGroupId) === null) {
    fields.voiceGroupId = m.errors_seat_group_id_enter();
  }
  return validationResult(fields, request);
}

function checkEnable(value: unknown, fields: FieldErrors): void {
  if (isPresent(value) && value !== 0 && value !== 1)
    fields['params.enable'] = m.errors_enable_choice();
}

function checkOptionalText(value: unknown, path: string, fields: FieldErrors): void {
  if (!isPresent(value)) return;
  const flaw = typeof value === 'string' ? filterTextFlaw(value) : m.errors_enter_text();
  if (flaw !== null) fields[path] = flaw;
}

/** Whether a filter's or a search's text is longer than a list takes, in characters as a person counts them. */
export function filterTextTooLong(text: string): boolean {
  return characterCount(text) > LIMITS.filterTextMaxChars;
}

/** What keeps a filter's text from being sent: its length, or a character no platform field should receive. */
export function filterTextFlaw(text: string): string | null {
  if (filterTextTooLong(text)) return m.errors_filter_text_long({ max: LIMITS.filterTextMaxChars });
  return unsendableCharacter(text);
}

/** What an id list holds, with its messages: a list expected, an entry that is no id. */
const ID_LISTS = {
  seat: { list: m.errors_list_of_seat_ids, entry: m.errors_entry_not_seat_id },
  seatGroup: { list: m.errors_list_of_seat_group_ids, entry: m.errors_entry_not_seat_group_id },
} as const;

function checkIdList(value: unknown, path: string, kind: keyof typeof ID_LISTS, fields: FieldErrors): void {
  if (!isPresent(value)) return;
  if (!Array.isArray(value)) {
    fields[path] = ID_LISTS[kind].list();
    return;
  }
  if (!checkListLength(value, path, fields)) return;
  const bad = value.findIndex((id) => readPositiveId(id) === null);
  if (bad >= 0) fields[path] = ID_LISTS[kind].entry({ entry: bad + 1 });
}

/** False (and the field told) when a list filter holds more entries than a request carries. */
function checkListLength(list: readonly unknown[], path: string, fields: FieldErrors): boolean {
  if (list.length <= LIMITS.filterListMax) return true;
  fields[path] = m.errors_filter_list_long({ max: formatNumber(LIMITS.filterListMax), count: formatNumber(list.length) });
  return false;
}

function checkTextList(value: unknown, path: string, fields: FieldErrors): void {
  if (!isPresent(value)) return;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    fields[path] = m.errors_list_of_texts();
    return;
  }
  if (!checkListLength(value, path, fields)) return;
  for (const item of value as string[]) {
    const flaw = filterTextFlaw(item);
    if (flaw !== null) {
      fields[path] = flaw;
      return;
    }
  }
}
