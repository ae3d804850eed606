/**
 * What the reasons an entry is set apart are called, and what to do about each. Apart from
 * recipients.ts, which the import worker loads: a fresh thread should not load every message.
 */
import { m, type Label } from '../i18n';
import type { RejectReason } from './recipients';

/** What each reason is called, read in the language of the moment. */
export const REJECT_REASON_LABELS: Readonly<Record<RejectReason, Label>> = {
  'has letters': m.mms_reject_has_letters,
  'spreadsheet notation': m.mms_reject_spreadsheet_notation,
  'too short': m.mms_reject_too_short,
  'too long': m.mms_reject_too_long,
  'bad characters': m.mms_reject_bad_characters,
  'several numbers': m.mms_reject_several_numbers,
  duplicate: m.mms_reject_duplicate,
};

/** What to do about each kind of entry that is not exactly one number. */
export const REJECT_REASON_ADVICE: Readonly<Record<RejectReason, Label>> = {
  'has letters': m.mms_reject_advice_has_letters,
  'spreadsheet notation': m.mms_reject_advice_spreadsheet_notation,
  'too short': m.mms_reject_advice_too_short,
  'too long': m.mms_reject_advice_too_long,
  'bad characters': m.mms_reject_advice_bad_characters,
  'several numbers': m.mms_reject_advice_several_numbers,
  duplicate: m.mms_reject_advice_duplicate,
};
