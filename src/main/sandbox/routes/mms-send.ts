import { LIMITS, MMS_TYPES } from '../../../shared/platform';
import { parameterError } from '../errors';
import { characterCount, fitsOneBilledUnit, GSM7_UNIT_SEPTETS, UCS2_UNIT_CODE_UNITS } from '../mms-units';
import { jsonBody, type RouteHandler } from './context';
import { isObject, optionalString, requiredString } from './params';

/** Digits with an optional leading +, 6 to 15 digits. */
const VALID_RECIPIENT = /^\+?\d{6,15}$/;

function commaList(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

function mmsType(value: string): '1' | '2' {
  const type = MMS_TYPES.find((known) => known === value);
  if (!type) throw parameterError(`mmsType must be "1" or "2"`);
  return type;
}

export const mmsSend: RouteHandler = (context) => {
  const body = jsonBody(context);
  if (!isObject(body)) throw parameterError('the body must be a JSON object');
  const appId = requiredString(body, 'appId');
  const recipients = commaList(requiredString(body, 'numbers'));
  const content = requiredString(body, 'content');
  const type = mmsType(requiredString(body, 'mmsType'));
  const title = optionalString(body, 'mmsTitle') ?? null;
  const filesText = optionalString(body, 'mmsFiles');
  const files = filesText === undefined ? [] : commaList(filesText);

  if (recipients.length > LIMITS.mmsMaxRecipients) {
    throw parameterError(`numbers: at most ${LIMITS.mmsMaxRecipients} recipients per request`);
  }
  if (characterCount(content) > LIMITS.mmsMaxContentChars) {
    throw parameterError(`content: at most ${LIMITS.mmsMaxContentChars} characters`);
  }
  if (title !== null && characterCount(title) > LIMITS.mmsMaxTitleChars) {
    throw parameterError(`mmsTitle: at most ${LIMITS.mmsMaxTitleChars} characters`);
  }
  if (files.length > LIMITS.mmsMaxFiles || files.some((file) => file === '')) {
    throw parameterError(`mmsFiles: at most ${LIMITS.mmsMaxFiles} comma-separated file ids`);
  }
  if (type === '2' && !fitsOneBilledUnit(content)) {
    throw parameterError(
      `content: with mmsType 2 it must fit one billed unit (${GSM7_UNIT_SEPTETS} GSM-7 characters, or ${UCS2_UNIT_CODE_UNITS} otherwise)`,
    );
  }

  const accepted: { msgId: string; number: string }[] = [];
  const at = Date.now();
  for (const number of recipients) {
    if (!VALID_RECIPIENT.test(number)) continue;
    const msgId = context.mms.nextMessageId();
    accepted.push({ msgId, number });
    context.mms.record({ appId, number, msgId, content, mmsType: type, title, files, at });
  }
  return {
    status: '0',
    reason: 'success',
    success: String(accepted.length),
    fail: String(recipients.length - accepted.length),
    array: accepted,
  };
};
