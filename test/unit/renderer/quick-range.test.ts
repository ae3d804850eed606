/** Quick ranges read their days from the one calendar, across daylight-saving changes too. */
import { describe, expect, it } from 'vitest';
import { drillWindowText, overviewWindow } from '../../../src/renderer/src/lib/overview-window';
import { recordWindowForm } from '../../../src/shared/operations/filter-values';
import { instantText, localTextToEpochMs, quickRange } from '../../../src/shared/time-range';
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

describe('a period edge in the hour a clock goes back', () => {
  const santiago = parseTimeZone('America/Santiago') as TimeZone;
  const lordHowe = parseTimeZone('Australia/Lord_Howe') as TimeZone;
  const readBack = (text: string, zone: TimeZone): number | null => localTextToEpochMs(text, zone);

  it("yesterday after a midnight fall-back ends at its repeated hour's last second, and reads back as all 25 hours", () => {
    const now = Date.parse('2026-04-05T12:00:00-04:00');
    const yesterday = quickRange('yesterday', santiago, now);
    expect(yesterday).toEqual({ from: '2026-04-04 00:00:00', to: '2026-04-04 23:59:59 -04:00' });
    const fromMs = readBack(yesterday.from, santiago);
    const toMs = readBack(yesterday.to, santiago);
    expect(toMs).toBe(Date.parse('2026-04-05T00:00:00-04:00') - 1000);
    expect(((toMs ?? 0) + 1000 - (fromMs ?? 0)) / 3_600_000).toBe(25);
    expect(recordWindowForm.toParams(yesterday, { zone: santiago, appId: '' }).params.endTime).toBe('2026-04-04T23:59:59-04:00');
  });

  it('today ends now in the second pass of the repeated hour (New York, Lord Howe\'s half hour)', () => {
    const now = Date.parse('2026-11-01T01:30:25-05:00');
    const today = quickRange('today', newYork, now);
    expect(today.to).toBe('2026-11-01 01:30:25 -05:00');
    expect(readBack(today.to, newYork)).toBe(now);
    const lordHoweNow = Date.parse('2026-04-05T01:45:00+10:30');
    expect(readBack(quickRange('last7', lordHowe, lordHoweNow).to, lordHowe)).toBe(lordHoweNow);
  });

  it("writes the offset only where the wall time comes twice, and takes only the zone's own offsets", () => {
    const firstPass = Date.parse('2026-11-01T01:30:00-04:00');
    expect(instantText(firstPass, newYork)).toBe('2026-11-01 01:30:00 -04:00');
    expect(instantText(Date.parse('2026-11-01T02:30:00-05:00'), newYork)).toBe('2026-11-01 02:30:00');
    expect(readBack('2026-11-01 01:30:00', newYork)).toBe(firstPass);
    expect(readBack('2026-11-01 01:30:00 -04:00', newYork)).toBe(firstPass);
    expect(readBack('2026-11-01 01:30:00 +08:00', newYork)).toBeNull();
    expect(readBack('2026-11-01 01:30:00 -05:00', parseTimeZone('+08:00') as TimeZone)).toBeNull();
    expect(recordWindowForm.toParams({ from: '2026-11-01 01:30:00 +08:00', to: '2026-11-01 02:00:00' }, { zone: newYork, appId: '' }).errors).toHaveProperty(
      'params.strTime',
    );
  });

  it("an Overview drill's window set in the period fields lists exactly the bucket", () => {
    const bucket = { fromMs: Date.parse('2026-11-01T01:00:00-05:00'), toMs: Date.parse('2026-11-01T02:00:00-05:00') };
    const text = drillWindowText(bucket, newYork);
    expect(text).toEqual({ from: '2026-11-01 01:00:00 -05:00', to: '2026-11-01 01:59:59 -05:00' });
    expect(overviewWindow(text, newYork, 400, Date.parse('2026-11-20T00:00:00Z'))).toEqual({ ok: true, ...bucket });
    const day = { fromMs: Date.parse('2026-04-04T00:00:00-03:00'), toMs: Date.parse('2026-04-05T00:00:00-04:00') };
    expect(overviewWindow(drillWindowText(day, santiago), santiago, 400, Date.parse('2026-04-20T00:00:00Z'))).toEqual({ ok: true, ...day });
  });
});
