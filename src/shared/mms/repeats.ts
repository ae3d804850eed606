/**
 * A draft that matches a send of the last 24 hours (same content, overlapping numbers):
 * what the review says about it, and the numbers left when the user skips the repeats.
 */
import { epochMsToWallTime, formatWallTime, type TimeZone } from '../time-zone';
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

/** "at 10:42" today in the zone, "at 2026-11-22 10:42" on another day. */
export function repeatTime(at: number, now: number, zone: TimeZone): string {
  const then = formatWallTime(epochMsToWallTime(at, zone));
  const today = formatWallTime(epochMsToWallTime(now, zone)).slice(0, 10);
  return then.slice(0, 10) === today ? then.slice(11, 16) : then.slice(0, 16);
}

/** One plain sentence per earlier send, as the review shows it. */
export function repeatSentence(repeat: MmsRepeat, now: number, zone: TimeZone): string {
  const count = repeat.numbers.length.toLocaleString('en');
  const when = repeatTime(repeat.at, now, zone);
  const these = repeat.numbers.length === 1 ? 'One of these numbers' : `${count} of these numbers`;
  if (repeat.accepted === repeat.numbers.length) return `${these} got this message at ${when}.`;
  const pending = (repeat.numbers.length - repeat.accepted).toLocaleString('en');
  return `${these} are in a send of this message at ${when}: ${repeat.accepted.toLocaleString('en')} accepted, ${pending} not sent yet or of unknown outcome.`;
}

/** The draft's numbers without any that an earlier send holds (matched by digits). */
export function withoutRepeats(numbers: readonly string[], repeats: readonly MmsRepeat[]): string[] {
  const taken = new Set(repeats.flatMap((repeat) => repeat.numbers.map(numberDigits)));
  return numbers.filter((number) => !taken.has(numberDigits(number)));
}
