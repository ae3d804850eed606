/** Quick ranges read their days from the one calendar, across daylight-saving changes too. */
import { describe, expect, it } from 'vitest';
import { quickRange } from '../../../src/shared/time-range';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const newYork = parseTimeZone('America/New_York') as TimeZone;

describe('quick ranges in a zone', () => {
  const now = Date.parse('2026-11-02T15:30:20-05:00');
  it('yesterday is the whole 25-hour day before, to its last second', () => {
    expect(quickRange('yesterday', newYork, now)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-01 23:59:59' });
  });
  it('today, the last 7 days and this month start at a local midnight and end now', () => {
    expect(quickRange('today', newYork, now)).toEqual({ from: '2026-11-02 00:00:00', to: '2026-11-02 15:30:20' });
    expect(quickRange('last7', newYork, now)).toEqual({ from: '2026-10-27 00:00:00', to: '2026-11-02 15:30:20' });
    expect(quickRange('thisMonth', newYork, now)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-02 15:30:20' });
  });
});
