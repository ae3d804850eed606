/**
 * Recipient lists as people paste them: numbers separated by new lines, commas,
 * semicolons or tabs, each written as people write numbers (`+44 7700 900123`,
 * `(020) 7946-0018`). Cleaning drops that layout, drops duplicates and sets invalid
 * entries apart with a reason, so only numbers the platform accepts
 * (`^\+?\d{6,15}$`) are ever sent.
 */

import { typedAscii } from '../validation/text';

export const MIN_DIGITS = 6;
export const MAX_DIGITS = 15;
/** A number the platform accepts (E.164: an optional +, then 6 to 15 digits). */
export const PHONE_NUMBER = new RegExp(`^\\+?\\d{${MIN_DIGITS},${MAX_DIGITS}}$`);

export type RejectReason =
  | 'has letters'
  | 'spreadsheet notation'
  | 'too short'
  | 'too long'
  | 'bad characters'
  | 'several numbers'
  | 'duplicate';

/**
 * A number a spreadsheet showed and saved in scientific notation (`8.61380E+12`, `8,6138E+12`):
 * its last digits are gone, so it is set apart as that, not as "has letters".
 */
export const SPREADSHEET_NOTATION = /^\+?\d+(?:[.,]\d+)?e\+?\d{1,2}$/i;

export interface RejectedRecipient {
  /** The entry as typed (trimmed, capped for display). */
  entry: string;
  /** 1-based position in the entered list. */
  position: number;
  reason: RejectReason;
}

export interface CleanedRecipients {
  /** Valid, unique numbers in the order first entered. */
  valid: string[];
  rejected: RejectedRecipient[];
  counts: {
    entered: number;
    valid: number;
    duplicates: number;
    invalid: number;
  };
}

/** New lines, tabs, commas and semicolons (also their full-width forms); never a space, which is layout inside a number. */
const SEPARATORS = /[\r\n\t\u2028\u2029,;\uFF0C\uFF1B]+/u;
/** How people lay a number out: spaces, dots, dashes and brackets. */
const LAYOUT = /[\s.\-\u2010-\u2015()[\]]/gu;
const DISPLAY_CAP = 40;

/** Splits pasted text into entries; empty pieces are dropped. */
export function splitRecipientText(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/** The number an entry means, its layout removed: `+44 7700 900123`, `＋４４ ７７００ ９００１２３` and `+٤٤ ٧٧٠٠ ٩٠٠١٢٣` are `+447700900123`. */
export function recipientNumber(entry: string): string {
  return typedAscii(entry).replace(LAYOUT, '');
}

/** Why an entry is not exactly one phone number, or null when it is one. */
export function recipientProblem(entry: string): Exclude<RejectReason, 'duplicate'> | null {
  if (SPREADSHEET_NOTATION.test(typedAscii(entry).trim())) return 'spreadsheet notation';
  if (/\p{L}/u.test(entry)) return 'has letters';
  const number = recipientNumber(entry);
  const digits = number.startsWith('+') ? number.slice(1) : number;
  if (!/^\d*$/.test(digits)) return 'bad characters';
  if (digits.length < MIN_DIGITS) return 'too short';
  if (digits.length > MAX_DIGITS) return holdsSeveralNumbers(entry) ? 'several numbers' : 'too long';
  return null;
}

/** Two numbers on one line separated only by spaces: each part is a number on its own. */
function holdsSeveralNumbers(entry: string): boolean {
  const parts = entry.trim().split(/\s+/u);
  return parts.length > 1 && parts.every((part) => recipientProblem(part) === null);
}

/** The same number written with or without its leading + is one recipient. */
export function duplicateKey(number: string): string {
  return number.startsWith('+') ? number.slice(1) : number;
}

export function cleanRecipients(entries: readonly string[]): CleanedRecipients {
  const valid: string[] = [];
  const rejected: RejectedRecipient[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let position = 0;
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    position += 1;
    const problem = recipientProblem(entry);
    if (problem !== null) {
      rejected.push({ entry: capped(entry), position, reason: problem });
      continue;
    }
    const number = recipientNumber(entry);
    const key = duplicateKey(number);
    if (seen.has(key)) {
      duplicates += 1;
      rejected.push({ entry: capped(entry), position, reason: 'duplicate' });
      continue;
    }
    seen.add(key);
    valid.push(number);
  }
  return {
    valid,
    rejected,
    counts: { entered: position, valid: valid.length, duplicates, invalid: rejected.length - duplicates },
  };
}

/** Pasted text straight to the cleaned list. */
export function cleanRecipientText(text: string): CleanedRecipients {
  return cleanRecipients(splitRecipientText(text));
}

function capped(entry: string): string {
  return entry.length > DISPLAY_CAP ? `${entry.slice(0, DISPLAY_CAP)}…` : entry;
}
