/**
 * What main asks of the batches a send carries: the renderer sends the composer's cleaned
 * numbers, so anything else is refused, naming the batch, the entry's place in it and why,
 * under `numbers` (the composer's recipients field).
 */
import { formatNumber, m } from '../../shared/i18n';
import { echoInput } from '../../shared/echo';
import { REJECT_REASON_ADVICE, REJECT_REASON_LABELS } from '../../shared/mms/reject-reasons';
import { duplicateKey, PHONE_NUMBER, recipientNumber, recipientProblem } from '../../shared/mms/recipients';
import { LIMITS } from '../../shared/platform';
import type { AppError } from '../../shared/result';

/** 1-based, as the messages say it. */
interface Place {
  batch: number;
  position: number;
}

const ECHO_CHARS = 40;

/** The refusal of the first batch of a wrong size or the first entry that may not go, or null. */
export function batchesRefusal(batches: readonly (readonly string[])[]): AppError | null {
  const problem = sizeProblem(batches) ?? entriesProblem(batches);
  return problem === null ? null : { code: 'validation', message: problem, fields: { numbers: problem } };
}

function sizeProblem(batches: readonly (readonly string[])[]): string | null {
  if (batches.length === 0) return m.mms_recipients_none();
  const at = batches.findIndex((batch) => batch.length === 0 || batch.length > LIMITS.mmsMaxRecipients);
  if (at < 0) return null;
  return m.mms_send_batch_size({
    batch: String(at + 1),
    count: formatNumber(batches[at].length),
    max: formatNumber(LIMITS.mmsMaxRecipients),
  });
}

function entriesProblem(batches: readonly (readonly string[])[]): string | null {
  /** Where each number was first given, by the key that makes two spellings one recipient. */
  const firstAt = new Map<string, Place>();
  for (const [b, batch] of batches.entries()) {
    for (const [p, raw] of batch.entries()) {
      const place = { batch: b + 1, position: p + 1 };
      const entry = raw.trim();
      const problem = entryProblem(entry, place);
      if (problem !== null) return problem;
      const key = duplicateKey(entry);
      const first = firstAt.get(key);
      if (first) return repeated(entry, place, first);
      firstAt.set(key, place);
    }
  }
  return null;
}

/** Why one entry is not exactly one number as the platform takes it, or null. */
function entryProblem(entry: string, place: Place): string | null {
  const at = { batch: String(place.batch), position: String(place.position) };
  if (entry === '') return m.mms_send_recipient_empty(at);
  const reason = recipientProblem(entry);
  if (reason !== null) {
    return m.mms_send_recipient_invalid({
      ...at,
      entry: echoInput(entry, ECHO_CHARS),
      reason: REJECT_REASON_LABELS[reason](),
      advice: REJECT_REASON_ADVICE[reason](),
    });
  }
  // A number the composer would take (`+44 7700 900123`) that was not cleaned to the platform's form.
  if (!PHONE_NUMBER.test(entry)) {
    return m.mms_send_recipient_not_plain({ ...at, entry: echoInput(entry, ECHO_CHARS), number: recipientNumber(entry) });
  }
  return null;
}

function repeated(entry: string, place: Place, first: Place): string {
  return m.mms_send_recipient_repeated({
    batch: String(place.batch),
    position: String(place.position),
    entry: echoInput(entry, ECHO_CHARS),
    firstBatch: String(first.batch),
    firstPosition: String(first.position),
  });
}
