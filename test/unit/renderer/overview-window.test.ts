import { describe, expect, it } from 'vitest';
import { drillWindowText, overviewWindow, periodFieldErrors, presetText } from '../../../src/renderer/src/lib/overview-window';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const shanghai = parseTimeZone('+08:00') as TimeZone;
const newYork = parseTimeZone('America/New_York') as TimeZone;
const NOW = Date.parse('2026-11-23T09:40:00Z'); // 17:40 in +08:00

describe('the Overview window', () => {
  it('yesterday is the whole previous day in the profile zone, up to (not including) midnight', () => {
    const window = overviewWindow(presetText('yesterday', { from: '', to: '' }, shanghai, NOW), shanghai, 60, NOW);
    expect(window).toEqual({ ok: true, fromMs: Date.parse('2026-11-22T00:00:00+08:00'), toMs: Date.parse('2026-11-23T00:00:00+08:00') });
  });

  it('a custom window says what to fix: an end before its start, a typo', () => {
    const reversed = overviewWindow({ from: '2026-11-20 00:00', to: '2026-11-19 00:00' }, shanghai, 60, NOW);
    expect(reversed).toEqual({ ok: false, errors: { 'params.endTime': 'The end must be after the start.' } });
    const typo = overviewWindow({ from: 'yesterday', to: '2026-11-20 00:00' }, shanghai, 60, NOW);
    expect(typo.ok === false && typo.errors['params.strTime']).toMatch(/YYYY-MM-DD HH:MM:SS/);
  });

  it('a window may be as long as the archive’s sync history, past the 31 days of one platform request', () => {
    const days45 = overviewWindow({ from: '2026-10-08 00:00:00', to: '2026-11-21 23:59:59' }, shanghai, 60, NOW);
    expect(days45).toEqual({ ok: true, fromMs: Date.parse('2026-10-08T00:00:00+08:00'), toMs: Date.parse('2026-11-22T00:00:00+08:00') });
    const days60 = overviewWindow({ from: '2026-09-23 00:00:00', to: '2026-11-21 23:59:59' }, shanghai, 60, NOW);
    expect(days60.ok).toBe(true);
    const days61 = overviewWindow({ from: '2026-09-22 00:00:00', to: '2026-11-21 23:59:59' }, shanghai, 60, NOW);
    expect(days61).toEqual({ ok: false, errors: { 'params.endTime': expect.stringMatching(/at most 60 days, the archive's sync history/) } });
    // A profile syncing 30 days of history has 30-day windows.
    const short = overviewWindow({ from: '2026-10-08 00:00:00', to: '2026-11-21 23:59:59' }, shanghai, 30, NOW);
    expect(short.ok === false && short.errors['params.endTime']).toMatch(/at most 30 days/);
  });

  it('60 local days across a daylight-saving change are 60 days, though 1 hour longer', () => {
    // 1 November 2026 in New York is 25 hours long.
    const window = overviewWindow({ from: '2026-09-23 00:00:00', to: '2026-11-21 23:59:59' }, newYork, 60, NOW);
    expect(window.ok && window.toMs - window.fromMs).toBe(60 * 86_400_000 + 3_600_000);
    const longer = overviewWindow({ from: '2026-09-22 23:00:00', to: '2026-11-21 23:59:59' }, newYork, 60, NOW);
    expect(longer.ok).toBe(false);
  });

  it('60 local days ending where the clocks skip midnight are 60 days, not refused as an hour too long', () => {
    // Beirut goes from 00:00 to 01:00 on 29 March 2026: the window's end, that day's start, reads 01:00.
    const beirut = parseTimeZone('Asia/Beirut') as TimeZone;
    const april = Date.parse('2026-04-10T00:00:00Z');
    const window = overviewWindow({ from: '2026-01-28 00:00:00', to: '2026-03-28 23:59:59' }, beirut, 60, april);
    expect(window.ok && window.toMs - window.fromMs).toBe(60 * 86_400_000);
    expect(overviewWindow({ from: '2026-01-27 00:00:00', to: '2026-03-28 23:59:59' }, beirut, 60, april).ok).toBe(false);
    // Starting at that day's start, 60 days and an hour are refused.
    expect(overviewWindow({ from: '2026-03-29 01:00:00', to: '2026-05-28 00:59:59' }, beirut, 60, Date.parse('2026-06-10T00:00:00Z')).ok).toBe(false);
    expect(overviewWindow({ from: '2026-03-29 01:00:00', to: '2026-05-27 23:59:59' }, beirut, 60, Date.parse('2026-06-10T00:00:00Z')).ok).toBe(true);
  });

  it('a window starting in the future is refused; one ending later than now is today so far', () => {
    const future = overviewWindow({ from: '2026-11-24 00:00:00', to: '2026-11-24 23:59:59' }, shanghai, 60, NOW);
    expect(future).toEqual({ ok: false, errors: { 'params.strTime': expect.stringMatching(/starts in the future.*pick a start before now/) } });
    const today = overviewWindow({ from: '2026-11-23 00:00:00', to: '2026-11-23 23:59:59' }, shanghai, 60, NOW);
    expect(today.ok).toBe(true);
  });

  it("main's refusal, naming the request's fromMs and toMs, is marked at the From and To fields", () => {
    expect(periodFieldErrors({ fromMs: 'Starts in the future.' })).toEqual({ 'params.strTime': 'Starts in the future.' });
    expect(periodFieldErrors({ toMs: 'At most 60 days.' })).toEqual({ 'params.endTime': 'At most 60 days.' });
    expect(periodFieldErrors({ compare: 'Expected one of…' })).toEqual({ compare: 'Expected one of…' });
  });

  it('a drill window becomes the list’s period fields, an exclusive end moved back a second', () => {
    const from = Date.parse('2026-11-01T00:00:00-04:00');
    // 1 November 2026 in New York is 25 hours long (DST ends).
    const nextDay = Date.parse('2026-11-02T00:00:00-05:00');
    expect(drillWindowText({ fromMs: from, toMs: nextDay - 1 }, newYork)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-01 23:59:59' });
    expect(drillWindowText({ fromMs: from, toMs: nextDay }, newYork)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-01 23:59:59' });
  });
});
