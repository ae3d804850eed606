import { describe, expect, it } from 'vitest';
import { addCoverage, coveredMs, rangesToFetch, settledRanges } from '../../../src/main/archive/coverage';

const H = 3_600_000;
const D = 24 * H;

describe('coverage', () => {
  it('merges pieces, the newest sync winning where they overlap', () => {
    let pieces = addCoverage([], { fromMs: 0, toMs: 10, syncedAtMs: 100 });
    pieces = addCoverage(pieces, { fromMs: 20, toMs: 30, syncedAtMs: 100 });
    pieces = addCoverage(pieces, { fromMs: 5, toMs: 25, syncedAtMs: 200 });
    expect(pieces).toEqual([
      { fromMs: 0, toMs: 5, syncedAtMs: 100 },
      { fromMs: 5, toMs: 25, syncedAtMs: 200 },
      { fromMs: 25, toMs: 30, syncedAtMs: 100 },
    ]);
    expect(addCoverage(pieces, { fromMs: 30, toMs: 40, syncedAtMs: 100 }).at(-1)).toEqual({
      fromMs: 25,
      toMs: 40,
      syncedAtMs: 100,
    });
    expect(coveredMs({ fromMs: 0, toMs: 100 }, pieces)).toBe(30);
  });

  it('trusts a piece only up to its sync time minus the refresh window', () => {
    expect(settledRanges([{ fromMs: 0, toMs: 10 * D, syncedAtMs: 10 * D }], D)).toEqual([
      { fromMs: 0, toMs: 9 * D },
    ]);
    expect(settledRanges([{ fromMs: 9.5 * D, toMs: 10 * D, syncedAtMs: 10 * D }], D)).toEqual([]);
  });

  it('a first sync fetches the whole window', () => {
    expect(rangesToFetch({ fromMs: 0, toMs: 60 * D }, [], D)).toEqual([{ fromMs: 0, toMs: 60 * D }]);
  });

  it('a sync a day later fetches the new day plus the refresh window, nothing else', () => {
    const first = [{ fromMs: 0, toMs: 60 * D, syncedAtMs: 60 * D }];
    expect(rangesToFetch({ fromMs: D, toMs: 61 * D }, first, D)).toEqual([{ fromMs: 59 * D, toMs: 61 * D }]);
    expect(rangesToFetch({ fromMs: D, toMs: 61 * D }, first, 6 * H)).toEqual([
      { fromMs: 60 * D - 6 * H, toMs: 61 * D },
    ]);
  });

  it('fills holes between pieces and at both ends', () => {
    const pieces = [
      { fromMs: 10, toMs: 20, syncedAtMs: 1000 },
      { fromMs: 30, toMs: 40, syncedAtMs: 1000 },
    ];
    expect(rangesToFetch({ fromMs: 0, toMs: 50 }, pieces, 0)).toEqual([
      { fromMs: 0, toMs: 10 },
      { fromMs: 20, toMs: 30 },
      { fromMs: 40, toMs: 50 },
    ]);
    expect(rangesToFetch({ fromMs: 12, toMs: 18 }, pieces, 0)).toEqual([]);
  });
});
