/** Per-number results of a send (written to files by src/main/mms/results-export.ts). */
import { formatNumber, m } from '../i18n';
import { MIN_DIGITS } from './recipients';
import type { MmsBatchError, MmsBatchStatus, MmsResultRow } from './records';

export interface BatchOutcome {
  batch: number;
  numbers: readonly string[];
  status: MmsBatchStatus;
  /** The platform's accepted count, when it gave one. */
  accepted: number | null;
  /** The platform's accepted messages, when it answered. */
  messages: readonly { msgId: string | null; number: string | null }[];
  error: MmsBatchError | null;
}

/** A number's digits alone: a +, spaces, dots, dashes and brackets do not make another number. */
export function numberDigits(number: string): string {
  return number.replace(/\D/g, '');
}

/** Without the leading zeros of a national prefix. */
function significant(digits: string): string {
  return digits.replace(/^0+/, '');
}

/** One form ends the other (international vs national), over at least the shortest valid number. */
function sameSubscriber(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_DIGITS && long.endsWith(short);
}

/**
 * Matches each submitted number with the platform's answer entry for it: by digits, then
 * (once each, and only when one entry fits) by the subscriber part when one side wrote a
 * national prefix or a country code the other did not. Unmatched answer entries remain.
 */
function matchMessages(
  numbers: readonly string[],
  messages: BatchOutcome['messages'],
): { msgIds: Map<number, string | null>; unmatchedAnswers: number } {
  const byDigits = new Map<string, number[]>();
  messages.forEach((message, index) => {
    if (message.number === null) return;
    const key = numberDigits(message.number);
    byDigits.set(key, [...(byDigits.get(key) ?? []), index]);
  });
  const used = new Set<number>();
  const msgIds = new Map<number, string | null>();
  const leftovers: number[] = [];
  numbers.forEach((number, position) => {
    const candidates = byDigits.get(numberDigits(number))?.filter((index) => !used.has(index)) ?? [];
    if (candidates.length === 0) return leftovers.push(position);
    used.add(candidates[0]);
    msgIds.set(position, messages[candidates[0]].msgId);
  });
  for (const position of leftovers) {
    const mine = significant(numberDigits(numbers[position]));
    const fits = messages
      .map((message, index) => ({ message, index }))
      .filter(({ message, index }) => !used.has(index) && message.number !== null && sameSubscriber(mine, significant(numberDigits(message.number))));
    if (fits.length !== 1) continue;
    used.add(fits[0].index);
    msgIds.set(position, fits[0].message.msgId);
  }
  return { msgIds, unmatchedAnswers: messages.length - used.size };
}

export function buildResultRows(batches: readonly BatchOutcome[]): MmsResultRow[] {
  const rows: MmsResultRow[] = [];
  for (const batch of batches) {
    const failure = batch.error ? batch.error.message : '';
    if (batch.status !== 'sent') {
      for (const number of batch.numbers) rows.push({ number, batch: batch.batch, ...outcomeOf(batch.status, failure) });
      continue;
    }
    const { msgIds, unmatchedAnswers } = matchMessages(batch.numbers, batch.messages);
    // "Rejected" only when the answer accounts for every number: a list that agrees with the count, every entry placed.
    const complete = batch.messages.length > 0 && batch.accepted === batch.messages.length && unmatchedAnswers === 0;
    const notGiven = m.mms_result_not_given({
      accepted: batch.accepted === null ? m.mms_result_count_not_given() : formatNumber(batch.accepted),
    });
    batch.numbers.forEach((number, position) => {
      if (msgIds.has(position)) {
        rows.push({ number, batch: batch.batch, outcome: 'accepted', msgId: msgIds.get(position) ?? null, detail: '' });
      } else if (complete) {
        rows.push({ number, batch: batch.batch, outcome: 'rejected', msgId: null, detail: m.mms_result_rejected() });
      } else {
        rows.push({ number, batch: batch.batch, outcome: 'not-given', msgId: null, detail: notGiven });
      }
    });
  }
  return rows;
}

function outcomeOf(status: Exclude<MmsBatchStatus, 'sent'>, failure: string): Pick<MmsResultRow, 'outcome' | 'msgId' | 'detail'> {
  switch (status) {
    case 'failed':
      return { outcome: 'failed', msgId: null, detail: failure || m.mms_result_batch_not_sent() };
    case 'outcome-unknown':
      return { outcome: 'unknown', msgId: null, detail: m.mms_result_unknown() };
    case 'sending':
      return { outcome: 'sending', msgId: null, detail: '' };
    case 'not-sent':
      return { outcome: 'not-sent', msgId: null, detail: m.mms_result_not_sent() };
  }
}
