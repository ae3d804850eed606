/**
 * A row's stored digit runs (stored-digits.ts) summed up in 128 bits, two per three-digit
 * group they hold: a digit search first keeps the rows whose bits include all of the
 * needle's, a scan of one number column, and reads the runs of those rows only. One
 * function makes both masks, so a needle's bits are within those of every row holding it.
 */

/** Two bits per group (its value mod 128, and mod 127 of another multiple): a row seldom has both of each of a needle's groups by chance. */
const BITS = [
  { times: 1, plus: 0, modulo: 128 },
  { times: 37, plus: 11, modulo: 127 },
] as const;

const ZERO = 48;

/** The mask of digit runs joined by spaces (a needle is one run): every group of three digits in a run sets its two bits. */
export function digitMask(runs: string): bigint {
  // Four 32-bit words: one BigInt at the end instead of one per group (a row has about forty).
  const words = new Uint32Array(4);
  let group = 0;
  let length = 0;
  for (let at = 0; at < runs.length; at++) {
    const digit = runs.charCodeAt(at) - ZERO;
    if (digit < 0 || digit > 9) {
      length = 0;
      continue;
    }
    group = (group % 100) * 10 + digit;
    if (++length < 3) continue;
    for (const { times, plus, modulo } of BITS) {
      const bit = (group * times + plus) % modulo;
      words[bit >>> 5] |= 1 << (bit & 31);
    }
  }
  return (BigInt(words[3]) << 96n) | (BigInt(words[2]) << 64n) | (BigInt(words[1]) << 32n) | BigInt(words[0]);
}
