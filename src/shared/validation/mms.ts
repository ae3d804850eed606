import { measureMessageUnit } from '../mms/message-units';
import { PHONE_NUMBER } from '../mms/recipients';
import { LIMITS, MMS_TYPES } from '../platform';
import type { MmsSendRequest } from '../requests';
import type { Result } from '../result';
import { echoInput } from '../echo';
import { type FieldErrors, isPresent, validationResult } from './fields';
import { characterCount, unsendableCharacter } from './text';
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

/**
 * The spec says only "application id"; the platform's own sample is "4luaKsL2". 64 letters,
 * digits, "-" or "_" is this app's bound (a profile's default app id also takes 64).
 */
const APP_ID_MAX_CHARS = 64;
const APP_ID = new RegExp(`^[A-Za-z0-9_-]{1,${APP_ID_MAX_CHARS}}$`);

/**
 * The spec: "attachment ids separated by commas", made by the MMS upload; the platform's
 * sample ids are file names it generated ("57_3_1727059993381.txt"), not links. It gives no
 * length: 128 is this app's bound.
 */
const ATTACHMENT_ID_MAX_CHARS = 128;
const ATTACHMENT_ID = new RegExp(`^[A-Za-z0-9._-]{1,${ATTACHMENT_ID_MAX_CHARS}}$`);


export function validateMmsSend(request: MmsSendRequest): Result<MmsSendRequest> {
  const fields: FieldErrors = {};
  if (typeof request.appId !== 'string' || request.appId.trim() === '') {
    fields.appId = m.mms_app_id_required();
  } else if (!APP_ID.test(request.appId.trim())) {
    fields.appId = m.mms_app_id_invalid({ max: String(APP_ID_MAX_CHARS) });
  }
  checkRecipients(request.numbers, fields);
  checkContent(request.content, request.mmsType, fields);
  if (!(MMS_TYPES as readonly unknown[]).includes(request.mmsType)) {
    fields.mmsType = m.mms_type_required();
  }
  if (isPresent(request.mmsTitle)) {
    if (typeof request.mmsTitle !== 'string') fields.mmsTitle = m.mms_title_not_text();
    else if (characterCount(request.mmsTitle) > LIMITS.mmsMaxTitleChars) {
      fields.mmsTitle = m.mms_title_too_long({ max: String(LIMITS.mmsMaxTitleChars), count: String(characterCount(request.mmsTitle)) });
    } else {
      const flaw = unsendableCharacter(request.mmsTitle);
      if (flaw !== null) fields.mmsTitle = flaw;
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

/** Spaces, line breaks and invisible format characters (zero-width space, word joiner, BOM, direction marks). */
const BLANK = /^[\s\p{Cf}]*$/u;

function checkContent(content: unknown, mmsType: unknown, fields: FieldErrors): void {
  // Spaces, line breaks and invisible characters alone are no message: the platform would bill a blank MMS.
  if (typeof content !== 'string' || BLANK.test(content)) {
    fields.content = m.mms_content_required();
    return;
  }
  const length = characterCount(content);
  if (length > LIMITS.mmsMaxContentChars) {
    fields.content = m.mms_content_too_long({ max: String(LIMITS.mmsMaxContentChars), count: String(length) });
    return;
  }
  const flaw = unsendableCharacter(content, { multiline: true });
  if (flaw !== null) {
    fields.content = flaw;
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
  } else {
    const bad = entries.findIndex((entry) => !ATTACHMENT_ID.test(entry));
    const repeated = entries.findIndex((entry, index) => entries.indexOf(entry) !== index);
    if (bad >= 0) {
      fields.mmsFiles = m.mms_files_entry_invalid({
        position: String(bad + 1),
        entry: echoInput(entries[bad], 40),
        max: String(ATTACHMENT_ID_MAX_CHARS),
      });
    } else if (repeated >= 0) {
      fields.mmsFiles = m.mms_files_entry_repeated({
        position: String(repeated + 1),
        entry: echoInput(entries[repeated], 40),
        first: String(entries.indexOf(entries[repeated]) + 1),
      });
    }
  }
}
