/**
 * Counter-based pseudo-randomness: every value is a pure function of (seed, keys...),
 * so record i can be generated on demand without generating records 0..i-1 first.
 */

function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Folds any safe integer (also above 2^32 or negative) into 32 bits. */
function fold(value: number): number {
  const low = value >>> 0;
  const high = Math.floor(value / 0x100000000) >>> 0;
  return mix32(low ^ mix32(high + 0x68e31da4));
}

export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) h = mix32(h ^ fold(part)) + 0x632be5ab;
  return mix32(h);
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
}

/** A sequential stream (splitmix32 over a hashed start state). */
export function createRandom(seed: number, ...keys: number[]): Random {
  let state = hash32(seed, ...keys);
  const next = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    return mix32(state) / 0x100000000;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (choices) => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let point = next() * total;
      for (const [value, weight] of choices) {
        point -= weight;
        if (point < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
  };
}

/** Stream ids, so different kinds of data never share random draws. */
export const STREAM = {
  voice: 1,
  voiceTime: 2,
  numberRecord: 3,
  numberRecordTime: 4,
  tasks: 5,
  seats: 6,
  teamLeaders: 7,
  numbers: 8,
  axb: 9,
  seatGroups: 10,
  faults: 11,
  ids: 12,
} as const;

/** A bijection on 32-bit integers: distinct values give distinct results (unique ids from indexes). */
export function permute32(value: number, key: number): number {
  return mix32((value ^ mix32(key)) >>> 0);
}

export function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
}
