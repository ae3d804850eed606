import { describe, expect, it } from 'vitest';
import { drillWindowText, overviewWindow, presetText } from '../../../src/renderer/src/lib/overview-window';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const shanghai = parseTimeZone('+08:00') as TimeZone;
const newYork = parseTimeZone('America/New_York') as TimeZone;
const NOW = Date.parse('2026-11-23T09:40:00Z'); // 17:40 in +08:00

describe('the Overview window', () => {
  it('yesterday is the whole previous day in the profile zone, up to (not including) midnight', () => {
    const window = overviewWindow(presetText('yesterday', { from: '', to: '' }, shanghai, NOW), shanghai, NOW);
    expect(window).toEqual({ ok: true, fromMs: Date.parse('2026-11-22T00:00:00+08:00'), toMs: Date.parse('2026-11-23T00:00:00+08:00') });
  });

  it('a custom window is checked by the record lists’ rule and says what to fix', () => {
    const reversed = overviewWindow({ from: '2026-11-20 00:00', to: '2026-11-19 00:00' }, shanghai, NOW);
    expect(reversed).toEqual({ ok: false, errors: { 'params.endTime': 'The end must be after the start.' } });
    const long = overviewWindow({ from: '2026-10-01 00:00', to: '2026-11-20 00:00' }, shanghai, NOW);
    expect(long.ok === false && long.errors['params.endTime']).toMatch(/at most 31 days/);
    const typo = overviewWindow({ from: 'yesterday', to: '2026-11-20 00:00' }, shanghai, NOW);
    expect(typo.ok === false && typo.errors['params.strTime']).toMatch(/YYYY-MM-DD HH:MM:SS/);
  });

  it('a drill window becomes the list’s period fields, an exclusive end moved back a second', () => {
    const from = Date.parse('2026-11-01T00:00:00-04:00');
    // 1 November 2026 in New York is 25 hours long (DST ends).
    const nextDay = Date.parse('2026-11-02T00:00:00-05:00');
    expect(drillWindowText({ fromMs: from, toMs: nextDay - 1 }, newYork)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-01 23:59:59' });
    expect(drillWindowText({ fromMs: from, toMs: nextDay }, newYork)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-01 23:59:59' });
  });
});
