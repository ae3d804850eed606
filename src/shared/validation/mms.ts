import { measureMessageUnit } from '../mms/message-units';
import { LIMITS, MMS_TYPES } from '../platform';
import type { MmsSendRequest } from '../requests';
import type { Result } from '../result';
import { type FieldErrors, isPresent, validationResult } from './fields';

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
    fields.appId = 'Enter the application id.';
  checkRecipients(request.numbers, fields);
  checkContent(request.content, request.mmsType, fields);
  if (!(MMS_TYPES as readonly unknown[]).includes(request.mmsType)) {
    fields.mmsType = "Choose the MMS type: '1' (subject from the content) or '2' (generated subject).";
  }
  if (isPresent(request.mmsTitle)) {
    if (typeof request.mmsTitle !== 'string') fields.mmsTitle = 'Enter the subject as text.';
    else if (characterCount(request.mmsTitle) > LIMITS.mmsMaxTitleChars) {
      fields.mmsTitle = `The subject may have at most ${LIMITS.mmsMaxTitleChars} characters (it has ${characterCount(request.mmsTitle)}).`;
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
    fields.numbers = 'Enter at least one recipient number.';
    return;
  }
  const entries = entriesOf(numbers);
  if (entries.length === 0 || (entries.length === 1 && entries[0] === '')) {
    fields.numbers = 'Enter at least one recipient number.';
    return;
  }
  if (entries.length > LIMITS.mmsMaxRecipients) {
    fields.numbers = `At most ${LIMITS.mmsMaxRecipients} recipients per message: remove ${entries.length - LIMITS.mmsMaxRecipients}.`;
    return;
  }
  const bad = entries.findIndex((entry) => !PHONE_NUMBER.test(entry));
  if (bad >= 0) {
    const entry = entries[bad];
    fields.numbers =
      entry === ''
        ? `Recipient ${bad + 1} is empty: remove the extra comma.`
        : `Recipient ${bad + 1} ("${entry.slice(0, 24)}") is not a phone number: use 6 to 15 digits, optionally starting with +, separated by commas.`;
  }
}

function checkContent(content: unknown, mmsType: unknown, fields: FieldErrors): void {
  if (typeof content !== 'string' || content.length === 0) {
    fields.content = 'Enter the message content.';
    return;
  }
  const length = characterCount(content);
  if (length > LIMITS.mmsMaxContentChars) {
    fields.content = `The content may have at most ${LIMITS.mmsMaxContentChars} characters (it has ${length}).`;
    return;
  }
  if (mmsType === '2') {
    const unit = measureMessageUnit(content);
    if (!unit.fitsOneUnit) {
      fields.content =
        unit.encoding === 'gsm7'
          ? `With a generated subject (type 2) the content must fit one message: at most ${unit.unitCapacity} characters (it uses ${unit.length}).`
          : `With a generated subject (type 2) the content must fit one message: at most ${unit.unitCapacity} characters when it contains characters outside the GSM alphabet (it has ${unit.length}).`;
    }
  }
}

function checkFiles(files: unknown, fields: FieldErrors): void {
  if (typeof files !== 'string' && !Array.isArray(files)) {
    fields.mmsFiles = 'Give the attachment ids separated by commas.';
    return;
  }
  const entries = entriesOf(files);
  if (entries.length > LIMITS.mmsMaxFiles) {
    fields.mmsFiles = `At most ${LIMITS.mmsMaxFiles} attachments per message: remove ${entries.length - LIMITS.mmsMaxFiles}.`;
  } else if (entries.some((entry) => entry === '')) {
    fields.mmsFiles = 'An attachment id is empty: remove the extra comma.';
  }
}
