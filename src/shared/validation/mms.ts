import { measureMessageUnit } from '../mms/message-units';
import { LIMITS, MMS_TYPES } from '../platform';
import type { MmsSendRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, validationResult } from './fields';
import { m } from '../i18n';

/** A comma-separated text or a list, as trimmed entries (empty entries kept, so they can be reported). */
export function splitList(value: string | readonly string[]): string[] {
  const items = typeof value === 'string' ? value.split(',') : [...value];
  return items.map((item) => (typeof item === 'string' ? item.trim() : ''));
}

/** Drops one trailing empty entry of a comma-separated text ("a,b," is two entries). */
function entriesOf(value: string | readonly string[]): string[] {
  const items = splitList(value);
  if (typeof value === 'string' && items.length > 1 && items[items.length - 1] === '') items.pop();
  return items;
}

/** E.164: an optional +, then 6 to 15 digits. */
const PHONE_NUMBER = /^\+?\d{6,15}$/;

/** Characters as a person counts them: code points, so an emoji is one. */
function characterCount(text: string): number {
  let count = 0;
  for (const _char of text) count += 1;
  return count;
}

export function validateMmsSend(request: MmsSendRequest): Result<MmsSendRequest> {
  const fields: FieldErrors = {};
  if (typeof request.appId !== 'string' || request.appId.trim() === '')
    fields.appId = m.mms_app_id_required();
  checkRecipients(request.numbers, fields);
  checkContent(request.content, request.mmsType, fields);
  if (!(MMS_TYPES as readonly unknown[]).includes(request.mmsType)) {
    fields.mmsType = m.mms_type_required();
  }
  if (isPresent(request.mmsTitle)) {
    if (typeof request.mmsTitle !== 'string') fields.mmsTitle = m.mms_title_not_text();
    else if (characterCount(request.mmsTitle) > LIMITS.mmsMaxTitleChars) {
      fields.mmsTitle = m.mms_title_too_long({ max: String(LIMITS.mmsMaxTitleChars), count: String(characterCount(request.mmsTitle)) });
    }
  }
  if (
    isPresent(request.mmsFiles) &&
    !(typeof request.mmsFiles === 'string' && request.mmsFiles.trim() === '')
  ) {
    checkFiles(request.mmsFiles, fields);
  }
  return validationResult(fields, request);
}

function checkRecipients(numbers: unknown, fields: FieldErrors): void {
  if (typeof numbers !== 'string' && !Array.isArray(numbers)) {
    fields.numbers = m.mms_recipients_none();
    return;
  }
  const entries = entriesOf(numbers);
  if (entries.length === 0 || (entries.length === 1 && entries[0] === '')) {
    fields.numbers = m.mms_recipients_none();
    return;
  }
  if (entries.length > LIMITS.mmsMaxRecipients) {
    fields.numbers = m.mms_recipients_too_many({
      max: String(LIMITS.mmsMaxRecipients),
      extra: String(entries.length - LIMITS.mmsMaxRecipients),
    });
    return;
  }
  const bad = entries.findIndex((entry) => !PHONE_NUMBER.test(entry));
  if (bad >= 0) {
    const entry = entries[bad];
    fields.numbers =
      entry === ''
        ? m.mms_recipient_empty({ position: String(bad + 1) })
        : m.mms_recipient_invalid({ position: String(bad + 1), entry: entry.slice(0, 24) });
  }
}

function checkContent(content: unknown, mmsType: unknown, fields: FieldErrors): void {
  if (typeof content !== 'string' || content.length === 0) {
    fields.content = m.mms_content_required();
    return;
  }
  const length = characterCount(content);
  if (length > LIMITS.mmsMaxContentChars) {
    fields.content = m.mms_content_too_long({ max: String(LIMITS.mmsMaxContentChars), count: String(length) });
    return;
  }
  if (mmsType === '2') {
    const unit = measureMessageUnit(content);
    if (!unit.fitsOneUnit) {
      fields.content =
        unit.encoding === 'gsm7'
          ? m.mms_content_type2_gsm({ max: String(unit.unitCapacity), count: String(unit.length) })
          : m.mms_content_type2_ucs2({ max: String(unit.unitCapacity), count: String(unit.length) });
    }
  }
}

function checkFiles(files: unknown, fields: FieldErrors): void {
  if (typeof files !== 'string' && !Array.isArray(files)) {
    fields.mmsFiles = m.mms_files_not_list();
    return;
  }
  const entries = entriesOf(files);
  if (entries.length > LIMITS.mmsMaxFiles) {
    fields.mmsFiles = m.mms_files_too_many({ max: String(LIMITS.mmsMaxFiles), extra: String(entries.length - LIMITS.mmsMaxFiles) });
  } else if (entries.some((entry) => entry === '')) {
    fields.mmsFiles = m.mms_files_empty_entry();
  }
}
