/**
 * A list's period across sessions: one set by a quick range is saved as that range and worked
 * out again from now in the profile's zone; one typed by hand is kept as typed; filters saved
 * before ranges were stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { recordWindowForm } from '../../../src/shared/operations/filter-values';
import { quickRange } from '../../../src/shared/time-range';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { rangeToSave, restoredDraft, withQuickRange } from '../../../src/renderer/src/lib/saved-window';

const shanghai = parseTimeZone('+08:00') as TimeZone;
const newYork = parseTimeZone('America/New_York') as TimeZone;
/** The first visit, and the next morning. */
const firstVisit = Date.parse('2026-11-27T10:12:42+08:00');
const nextMorning = Date.parse('2026-11-28T09:05:10+08:00');

/** Saves a draft as the screen does, and restores it at `nowMs`. */
function roundTrip<D>(start: { draft: D; picked: Parameters<typeof rangeToSave>[1] }, zone: TimeZone, nowMs: number): D {
  const range = rangeToSave(start.draft, start.picked);
  // Through the preferences file: JSON, and an absent range left out.
  const saved = JSON.parse(JSON.stringify({ draft: start.draft, ...(range !== null ? { range } : {}) })) as { draft: D; range?: unknown };
  return restoredDraft(saved.draft, saved.range, zone, nowMs).draft;
}

describe('a list period saved across sessions', () => {
  it('opens on the last 7 days, a quick range, so the first visit is saved as that range', () => {
    expect(recordWindowForm.defaultRange).toBe('last7');
    const start = withQuickRange(recordWindowForm.defaults({ zone: shanghai, appId: '' }), 'last7', shanghai, firstVisit);
    expect(start.draft).toEqual({ from: '2026-11-21 00:00:00', to: '2026-11-27 10:12:42' });
    expect(rangeToSave(start.draft, start.picked)).toBe('last7');
  });

  it('restores a quick range from now: the next morning To is now, not the first visit\'s time', () => {
    const start = withQuickRange({ from: '', to: '' }, 'last7', shanghai, firstVisit);
    expect(roundTrip(start, shanghai, nextMorning)).toEqual({ from: '2026-11-22 00:00:00', to: '2026-11-28 09:05:10' });
    const today = withQuickRange({ from: '', to: '' }, 'today', shanghai, firstVisit);
    expect(roundTrip(today, shanghai, nextMorning)).toEqual({ from: '2026-11-28 00:00:00', to: '2026-11-28 09:05:10' });
    const yesterday = withQuickRange({ from: '', to: '' }, 'yesterday', shanghai, firstVisit);
    expect(roundTrip(yesterday, shanghai, nextMorning)).toEqual({ from: '2026-11-27 00:00:00', to: '2026-11-27 23:59:59' });
  });

  it('works the range out in the profile\'s zone', () => {
    const start = withQuickRange({ from: '', to: '' }, 'thisMonth', newYork, firstVisit);
    expect(roundTrip(start, newYork, nextMorning)).toEqual(quickRange('thisMonth', newYork, nextMorning));
    expect(roundTrip(start, newYork, nextMorning)).toEqual({ from: '2026-11-01 00:00:00', to: '2026-11-27 20:05:10' });
  });

  it('keeps a period typed by hand as typed, also one edited after a quick range', () => {
    const typed = { from: '2026-11-01 00:00:00', to: '2026-11-15 12:00:00' };
    expect(roundTrip({ draft: typed, picked: null }, shanghai, nextMorning)).toEqual(typed);
    const picked = withQuickRange({ from: '', to: '' }, 'last7', shanghai, firstVisit);
    const edited = { ...picked.draft, to: '2026-11-26 18:00:00' };
    expect(rangeToSave(edited, picked.picked)).toBeNull();
    expect(roundTrip({ draft: edited, picked: picked.picked }, shanghai, nextMorning)).toEqual(edited);
    // Looking like a quick range is not enough: only a pick says the period moves with the clock.
    const lookalike = quickRange('last7', shanghai, firstVisit);
    expect(roundTrip({ draft: lookalike, picked: null }, shanghai, nextMorning)).toEqual(lookalike);
  });

  it('keeps filters saved before ranges were, and ignores a range it does not know', () => {
    const old = { from: '2026-11-21 00:00:00', to: '2026-11-27 10:12:42' };
    expect(restoredDraft(old, undefined, shanghai, nextMorning)).toEqual({ draft: old, picked: null });
    expect(restoredDraft(old, 'fortnight', shanghai, nextMorning)).toEqual({ draft: old, picked: null });
    expect(restoredDraft(old, 7, shanghai, nextMorning).draft).toEqual(old);
  });

  it('keeps the draft\'s other fields, and leaves a draft without a period alone', () => {
    const start = withQuickRange({ from: '', to: '', appId: 'app-1' }, 'today', shanghai, firstVisit);
    expect(roundTrip(start, shanghai, nextMorning)).toEqual({ from: '2026-11-28 00:00:00', to: '2026-11-28 09:05:10', appId: 'app-1' });
    const seats = { enable: '', name: 'Priya', voiceGroupId: '', status: '' };
    expect(withQuickRange(seats, 'last7', shanghai, firstVisit)).toEqual({ draft: seats, picked: null });
    expect(restoredDraft(seats, 'last7', shanghai, nextMorning).draft).toEqual(seats);
  });
});
