/**
 * A draft that matches a send of the last 24 hours (same content, overlapping numbers):
 * what the review says about it, and the numbers left when the user skips the repeats.
 */
import { formatInstant, type TimeZone } from '../time-zone';
import { formatNumber, m } from '../i18n';
import { numberDigits } from './results';

export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface MmsRepeat {
  sendId: string;
  /** Epoch ms when that send was confirmed. */
  at: number;
  /** The draft's numbers that send got, may have got, or still holds to send. */
  numbers: string[];
  /** Of them, the ones the platform accepted (or counted accepted without a per-number list). */
  accepted: number;
}

/** One plain sentence per earlier send, as the review shows it; its time as every time the app shows ("at 2026-11-22 10:42", in the zone). */
export function repeatSentence(repeat: MmsRepeat, zone: TimeZone): string {
  const count = formatNumber(repeat.numbers.length);
  const when = formatInstant(repeat.at, zone, 'minute');
  const one = repeat.numbers.length === 1;
  if (repeat.accepted === repeat.numbers.length) return one ? m.mms_repeat_got_one({ when }) : m.mms_repeat_got({ count, when });
  const pending = formatNumber(repeat.numbers.length - repeat.accepted);
  const accepted = formatNumber(repeat.accepted);
  return one
    ? m.mms_repeat_pending_one({ when, accepted, pending })
    : m.mms_repeat_pending({ count, when, accepted, pending });
}

/** The draft's numbers without any that an earlier send holds (matched by digits). */
export function withoutRepeats(numbers: readonly string[], repeats: readonly MmsRepeat[]): string[] {
  const taken = new Set(repeats.flatMap((repeat) => repeat.numbers.map(numberDigits)));
  return numbers.filter((number) => !taken.has(numberDigits(number)));
}
