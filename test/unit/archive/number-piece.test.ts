/** A search never looks for a needle in a number's text that no number's text can hold, and always for one that can. */
import { describe, expect, it } from 'vitest';
import { mayBeInNumber } from '../../../src/main/archive/shown-sql';

const NUMBERS = [0, 7, -7, 30, 123456789, -0.5, 12.25, 0.0129, -1234.5678, 1e21, 2.5e22, -3e300, 1.5e-7, -4.25e-12, 5e-324, Number.MAX_SAFE_INTEGER, 86399.999];

describe('the pieces of a number as its text is written', () => {
  it('holds every piece of every number, signs, dots and exponents included', () => {
    let pieces = 0;
    for (const number of NUMBERS) {
      const text = String(number);
      for (let from = 0; from < text.length; from++) {
        for (let to = from + 1; to <= text.length; to++) {
          expect(mayBeInNumber(text.slice(from, to)), `"${text.slice(from, to)}" of ${text}`).toBe(true);
          pieces++;
        }
      }
    }
    expect(pieces).toBeGreaterThan(400);
  });

  it('leaves out a date, a time, a minus after a digit and words', () => {
    for (const needle of ['2026-11-2', '11-2', '1-', '1:23', '10:42', '1.2.3', 'e1e', '1e2e', 'usd', '--1', '1+']) expect(mayBeInNumber(needle), needle).toBe(false);
  });
});
