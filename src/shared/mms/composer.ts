/**
 * The MMS composer's rules: each field checked live with the client's own validator
 * (validateMmsSend), so the form refuses exactly what the client would refuse, and
 * the cleaned recipients split into the batches that will be sent.
 */
import { measureMessageUnit, type MessageUnitMeasure } from './message-units';
import { LIMITS } from '../platform';
import type { MmsSendRequest, MmsType } from '../requests';
import { characterCount, type FieldErrors, validateMmsSend } from '../validation';
import { splitIntoBatches } from './batches';
import { m } from '../i18n';
import type { CleanedRecipients } from './recipients';

export interface MmsDraft {
  appId: string;
  content: string;
  mmsType: MmsType;
  /** Optional; empty means none. */
  mmsTitle: string;
  /** Optional attachment ids, comma-separated; empty means none. */
  mmsFiles: string;
}

export interface ContentMeasure {
  /** Characters as a person counts them (an emoji is one). */
  characters: number;
  maxCharacters: number;
  /** Against one billed unit: what type 2 allows. */
  unit: MessageUnitMeasure;
}

export interface ComposerCheck {
  /** Field errors keyed appId, numbers, content, mmsType, mmsTitle, mmsFiles. */
  fields: FieldErrors;
  /** The cleaned numbers in batches of at most 1000. */
  batches: string[][];
}

export function measureContent(content: string): ContentMeasure {
  return {
    characters: characterCount(content),
    maxCharacters: LIMITS.mmsMaxContentChars,
    unit: measureMessageUnit(content),
  };
}

/** Attachment ids as the platform wants them: "a,b,c" (spaces around commas dropped). */
export function normaliseFiles(files: string): string {
  return files
    .split(',')
    .map((id) => id.trim())
    .join(',');
}

/**
 * Whether the subject typed is sent: not when empty, nor with type 2, whose subject the
 * platform generates (the spec: "no subject is needed and one is generated"). The typed
 * subject stays in the draft, for a change back to type 1.
 */
export function subjectSent(draft: Pick<MmsDraft, 'mmsType' | 'mmsTitle'>): boolean {
  return draft.mmsType !== '2' && draft.mmsTitle.trim() !== '';
}

/** The request for one batch; empty optional fields are left out. */
export function requestFor(draft: MmsDraft, numbers: readonly string[]): MmsSendRequest {
  const request: MmsSendRequest = {
    appId: draft.appId.trim(),
    numbers: numbers.join(','),
    content: draft.content,
    mmsType: draft.mmsType,
  };
  if (subjectSent(draft)) request.mmsTitle = draft.mmsTitle;
  if (draft.mmsFiles.trim() !== '') request.mmsFiles = normaliseFiles(draft.mmsFiles);
  return request;
}

export function checkComposer(draft: MmsDraft, recipients: CleanedRecipients): ComposerCheck {
  const batches = splitIntoBatches(recipients.valid);
  const fields: FieldErrors = {};
  // A stand-in recipient lets the other fields be judged before any number is entered.
  const probes = batches.length > 0 ? batches : [['000000']];
  for (const batch of probes) {
    const result = validateMmsSend(requestFor(draft, batch));
    if (!result.ok) Object.assign(fields, result.error.fields ?? {}, fields);
  }
  if (batches.length === 0) {
    delete fields.numbers;
    fields.numbers =
      recipients.counts.entered === 0
        ? m.mms_recipients_none()
        : m.mms_recipients_none_valid({ count: String(recipients.counts.entered) });
  }
  return { fields, batches };
}

export function isSendable(check: ComposerCheck): boolean {
  return check.batches.length > 0 && Object.keys(check.fields).length === 0;
}
