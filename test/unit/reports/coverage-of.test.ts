/** The Overview says what is true of the archive: complete, not synced after the last sync, or a hole. */
import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../../src/main/reports/compute-overview';

const H = 3_600_000;
const window = { fromMs: 0, toMs: 24 * H };

describe('the coverage of an Overview window', () => {
  it('is complete when the syncs cover it, whatever the clock says', () => {
    expect(coverageOf([{ fromMs: -H, toMs: 25 * H, syncedAtMs: 30 * H }], window)).toEqual({ complete: true, lastSyncAt: 30 * H, syncedUntil: null });
  });

  it('of a window ending now, names where the last sync reached instead of claiming a fetch failed', () => {
    const pieces = [
      { fromMs: -H, toMs: 6 * H, syncedAtMs: 6 * H },
      { fromMs: 6 * H, toMs: 10 * H + 42 * 60_000, syncedAtMs: 10 * H + 42 * 60_000 },
    ];
    expect(coverageOf(pieces, window)).toEqual({ complete: false, lastSyncAt: 10 * H + 42 * 60_000, syncedUntil: 10 * H + 42 * 60_000 });
  });

  it('reports a hole before the last sync as a part that could not be fetched', () => {
    const pieces = [
      { fromMs: 0, toMs: 2 * H, syncedAtMs: 3 * H },
      { fromMs: 4 * H, toMs: 12 * H, syncedAtMs: 12 * H },
    ];
    expect(coverageOf(pieces, window)).toEqual({ complete: false, lastSyncAt: 12 * H, syncedUntil: null });
    expect(coverageOf([], window)).toEqual({ complete: false, lastSyncAt: null, syncedUntil: null });
  });
});
