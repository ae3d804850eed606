/**
 * The Overview set beside the previous period or the same days a week before: the
 * comparison's figures are those of its own window (counted here from the raw rows), and
 * a week before is seven local days, across a daylight-saving change too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonWindow, computeOverview } from '../../../src/main/reports/compute-overview';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { deltaOf } from '../../../src/renderer/src/lib/overview-figures';
import { archiveOfSandbox, type TestArchive } from './sandbox-archive';

const DAY = 86_400_000;
const newYork = parseTimeZone('America/New_York') as TimeZone;

describe('the Overview compared', () => {
  const data = buildSandboxData({ seed: 5, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'default', workspace: 'ws' });
  let archive: TestArchive;
  const window = { fromMs: Date.parse('2026-11-03T00:00:00-05:00'), toMs: Date.parse('2026-11-06T00:00:00-05:00') };
  const rawCalls = (fromMs: number, toMs: number): number => {
    let calls = 0;
    const range = data.voiceRecordRange(fromMs - DAY, toMs + DAY);
    for (let i = range.first; i < range.end; i++) {
      const at = Date.parse(data.voiceRecordAt(i).submitTime);
      if (at >= fromMs && at < toMs) calls += 1;
    }
    return calls;
  };

  beforeAll(async () => {
    archive = await archiveOfSandbox(data, window.fromMs - 10 * DAY, window.toMs);
  }, 60_000);
  afterAll(async () => archive.remove());

  it('a week before is the same local days and times, across the end of daylight saving', () => {
    expect(comparisonWindow(window, 'last-week', newYork)).toEqual({
      fromMs: Date.parse('2026-10-27T00:00:00-04:00'),
      toMs: Date.parse('2026-10-30T00:00:00-04:00'),
    });
    // The three local days before, one of them 25 hours long: not 72 hours, which would start on 30 October at 23:00.
    expect(comparisonWindow(window, 'previous', newYork)).toEqual({
      fromMs: Date.parse('2026-10-31T00:00:00-04:00'),
      toMs: window.fromMs,
    });
  });

  it('the previous period of a local day is the local day before, on a day of 25 or 23 hours too', async () => {
    const fallBack = { fromMs: Date.parse('2026-11-01T00:00:00-04:00'), toMs: Date.parse('2026-11-02T00:00:00-05:00') };
    expect(comparisonWindow(fallBack, 'previous', newYork)).toEqual({ fromMs: Date.parse('2026-10-31T00:00:00-04:00'), toMs: fallBack.fromMs });
    const dayAfter = { fromMs: fallBack.toMs, toMs: Date.parse('2026-11-03T00:00:00-05:00') };
    expect(comparisonWindow(dayAfter, 'previous', newYork)).toEqual(fallBack);
    const springForward = { fromMs: Date.parse('2026-03-08T00:00:00-05:00'), toMs: Date.parse('2026-03-09T00:00:00-04:00') };
    expect(comparisonWindow(springForward, 'previous', newYork)).toEqual({ fromMs: Date.parse('2026-03-07T00:00:00-05:00'), toMs: springForward.fromMs });
    // Hours that are not whole days keep their clock reading: 10:00 to 14:00 after 06:00 to 10:00.
    const hours = { fromMs: Date.parse('2026-11-02T10:00:00-05:00'), toMs: Date.parse('2026-11-02T14:00:00-05:00') };
    expect(comparisonWindow(hours, 'previous', newYork)).toEqual({ fromMs: Date.parse('2026-11-02T06:00:00-05:00'), toMs: hours.fromMs });
    // So the day chart sets the day beside the day before, and its compared days add up to the compared calls.
    const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone: 'America/New_York', window: fallBack, compare: 'previous', mmsSends: [] });
    if (!result.ok) throw new Error(result.error.message);
    const compared = result.value.compared;
    if (!compared) throw new Error('no comparison');
    expect(compared.voice.byDay.map((day) => day.key)).toEqual(['2026-10-31']);
    expect(compared.voice.byDay[0].calls).toBe(compared.voice.totals.calls);
    expect(compared.voice.totals.calls).toBe(rawCalls(Date.parse('2026-10-31T00:00:00-04:00'), fallBack.fromMs));
  }, 60_000);

  for (const kind of ['previous', 'last-week'] as const) {
    it(`${kind}: the comparison's figures are its own window's, counted from the raw rows`, async () => {
      const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone: 'America/New_York', window, compare: kind, mmsSends: [] });
      if (!result.ok) throw new Error(result.error.message);
      const compared = result.value.compared;
      if (!compared) throw new Error('no comparison');
      const other = comparisonWindow(window, kind, newYork);
      expect([compared.fromMs, compared.toMs]).toEqual([other.fromMs, other.toMs]);
      expect(compared.voice.totals.calls).toBe(rawCalls(other.fromMs, other.toMs));
      expect(result.value.voice.totals.calls).toBe(rawCalls(window.fromMs, window.toMs));
      expect(compared.voice.byDay.reduce((sum, day) => sum + day.calls, 0)).toBe(compared.voice.totals.calls);
      const alone = await computeOverview({ store: archive.store, profileId: 'p', timeZone: 'America/New_York', window: other, mmsSends: [] });
      if (!alone.ok) throw new Error(alone.error.message);
      const { concurrency: _peak, ...figures } = alone.value.voice;
      expect(compared.voice).toEqual(figures);
      expect(compared.numbers).toEqual(alone.value.numbers);
    }, 60_000);
  }

  it('where the clocks skip midnight, a day still starts at its start: the day before and the week before are whole days', () => {
    const at = (text: string): number => Date.parse(text);
    // Beirut goes from 00:00 to 01:00 on 29 March 2026: that day starts at 01:00 (+03:00) and has 23 hours.
    const beirut = parseTimeZone('Asia/Beirut') as TimeZone;
    const skipped = { fromMs: at('2026-03-29T01:00:00+03:00'), toMs: at('2026-03-30T00:00:00+03:00') };
    expect(comparisonWindow(skipped, 'previous', beirut)).toEqual({ fromMs: at('2026-03-28T00:00:00+02:00'), toMs: skipped.fromMs });
    expect(comparisonWindow(skipped, 'last-week', beirut)).toEqual({ fromMs: at('2026-03-22T00:00:00+02:00'), toMs: at('2026-03-23T00:00:00+02:00') });
    const dayAfter = { fromMs: skipped.toMs, toMs: at('2026-03-31T00:00:00+03:00') };
    expect(comparisonWindow(dayAfter, 'previous', beirut)).toEqual(skipped);
    // Santiago goes from 00:00 to 01:00 on 6 September 2026: the day before it ends at that day's start.
    const santiago = parseTimeZone('America/Santiago') as TimeZone;
    const before = { fromMs: at('2026-09-05T00:00:00-04:00'), toMs: at('2026-09-06T01:00:00-03:00') };
    expect(comparisonWindow(before, 'previous', santiago)).toEqual({ fromMs: at('2026-09-04T00:00:00-04:00'), toMs: before.fromMs });
    const week = { fromMs: at('2026-09-06T01:00:00-03:00'), toMs: at('2026-09-13T00:00:00-03:00') };
    expect(comparisonWindow(week, 'previous', santiago)).toEqual({ fromMs: at('2026-08-30T00:00:00-04:00'), toMs: week.fromMs });
    expect(comparisonWindow(week, 'last-week', santiago)).toEqual({ fromMs: at('2026-08-30T00:00:00-04:00'), toMs: at('2026-09-06T01:00:00-03:00') });
  });

  it('writes a tile delta as a change in percent, or in points for a ratio', () => {
    expect(deltaOf(110, 100, 'count')).toEqual({ text: '+10.0%', direction: 'up' });
    expect(deltaOf(90, 100, 'money')).toEqual({ text: '−10.0%', direction: 'down' });
    expect(deltaOf(0.45, 0.43, 'percent')).toEqual({ text: '+2.0 pt', direction: 'up' });
    expect(deltaOf(5, 0, 'count')).toEqual({ text: 'new', direction: 'up' });
    expect(deltaOf(null, 3, 'count')).toBeUndefined();
  });
});
