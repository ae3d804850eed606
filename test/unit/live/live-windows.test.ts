import { describe, expect, it } from 'vitest';
import { liveWindows } from '../../../src/main/live/live-figures';
import { calendarOf } from '../../../src/shared/calendar';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const BERLIN = calendarOf(parseTimeZone('Europe/Berlin') as TimeZone);
const SHANGHAI = calendarOf(parseTimeZone('+08:00') as TimeZone);
const at = (iso: string): number => Date.parse(iso);

describe('the Live board windows', () => {
  it('today from local midnight to now; yesterday and last week from their midnight to the same time of day', () => {
    const windows = liveWindows(SHANGHAI, at('2026-11-25T10:42:30+08:00'));
    expect(windows.today).toEqual({ fromMs: at('2026-11-25T00:00:00+08:00'), toMs: at('2026-11-25T10:42:30+08:00') });
    expect(windows.yesterday).toEqual({ fromMs: at('2026-11-24T00:00:00+08:00'), toMs: at('2026-11-24T10:42:30+08:00') });
    expect(windows.lastWeek).toEqual({ fromMs: at('2026-11-18T00:00:00+08:00'), toMs: at('2026-11-18T10:42:30+08:00') });
    expect(windows.last30).toEqual({ fromMs: at('2026-11-25T10:12:30+08:00'), toMs: at('2026-11-25T10:42:30+08:00') });
  });

  it('across a daylight-saving change the same wall-clock time, not the same elapsed time', () => {
    // The clocks went forward on Sunday 2026-03-29 at 02:00 in Berlin: that day had 23 hours.
    const monday = liveWindows(BERLIN, at('2026-03-30T12:00:00+02:00'));
    expect(monday.yesterday).toEqual({ fromMs: at('2026-03-29T00:00:00+01:00'), toMs: at('2026-03-29T12:00:00+02:00') });
    expect(monday.yesterday.toMs - monday.yesterday.fromMs).toBe(11 * 3_600_000);
    expect(monday.lastWeek).toEqual({ fromMs: at('2026-03-23T00:00:00+01:00'), toMs: at('2026-03-23T12:00:00+01:00') });
    const sunday = liveWindows(BERLIN, at('2026-03-29T12:00:00+02:00'));
    expect(sunday.today).toEqual({ fromMs: at('2026-03-29T00:00:00+01:00'), toMs: at('2026-03-29T12:00:00+02:00') });
    expect(sunday.yesterday).toEqual({ fromMs: at('2026-03-28T00:00:00+01:00'), toMs: at('2026-03-28T12:00:00+01:00') });
  });
});
