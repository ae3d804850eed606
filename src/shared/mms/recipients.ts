/**
 * Recipient lists as people paste them: any mix of commas, semicolons, spaces and
 * new lines. Cleaning trims, drops duplicates and sets invalid entries apart with a
 * reason, so only numbers the platform accepts (`^\+?\d{6,15}$`) are ever sent.
 */

export const MIN_DIGITS = 6;
export const MAX_DIGITS = 15;

export type RejectReason = 'has letters' | 'too short' | 'too long' | 'bad characters' | 'duplicate';

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

const SEPARATORS = /[\s,;]+/u;
const DISPLAY_CAP = 40;

/** Splits pasted text on commas, semicolons and any white space; empty pieces are dropped. */
export function splitRecipientText(text: string): string[] {
  return text.split(SEPARATORS).filter((piece) => piece !== '');
}

/** Why an entry is not a phone number, or null when it is one. */
export function recipientProblem(entry: string): Exclude<RejectReason, 'duplicate'> | null {
  if (/\p{L}/u.test(entry)) return 'has letters';
  const digits = entry.startsWith('+') ? entry.slice(1) : entry;
  if (!/^\d*$/.test(digits)) return 'bad characters';
  if (digits.length < MIN_DIGITS) return 'too short';
  if (digits.length > MAX_DIGITS) return 'too long';
  return null;
}

/** The same number written with or without its leading + is one recipient. */
function duplicateKey(number: string): string {
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
    const key = duplicateKey(entry);
    if (seen.has(key)) {
      duplicates += 1;
      rejected.push({ entry, position, reason: 'duplicate' });
      continue;
    }
    seen.add(key);
    valid.push(entry);
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
