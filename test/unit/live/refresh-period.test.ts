import { describe, expect, it } from 'vitest';
import { LIVE_REFRESH_SECONDS, nextRefreshMs, refreshSecondsOf } from '../../../src/shared/live/board';

describe('the Live board refresh period', () => {
  it('is 30 s unless set, and held to 10 s - 10 min', () => {
    expect(refreshSecondsOf(undefined)).toBe(30);
    expect(refreshSecondsOf('15')).toBe(30);
    expect(refreshSecondsOf(Number.NaN)).toBe(30);
    expect(refreshSecondsOf(3)).toBe(LIVE_REFRESH_SECONDS.min);
    expect(refreshSecondsOf(3600)).toBe(LIVE_REFRESH_SECONDS.max);
    expect(refreshSecondsOf(45.4)).toBe(45);
  });

  it('waits the period, doubled after each refresh refused with -15 in a row, at most 10 minutes', () => {
    expect(nextRefreshMs(30, 0)).toBe(30_000);
    expect(nextRefreshMs(30, 1)).toBe(60_000);
    expect(nextRefreshMs(30, 3)).toBe(240_000);
    expect(nextRefreshMs(30, 5)).toBe(600_000);
    expect(nextRefreshMs(30, 50)).toBe(600_000);
    expect(nextRefreshMs(600, 0)).toBe(600_000);
    expect(nextRefreshMs(10, 2)).toBe(40_000);
  });
});
