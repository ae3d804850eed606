/**
 * How a list screen's period is kept across sessions. A period set by a quick range (Today,
 * Last 7 days...) and not edited since is saved as that range, by name, and worked out again
 * from now in the profile's zone when the screen is made; a period typed by hand is kept as
 * typed. Filters saved before ranges were (fixed times, no range) stay as they are.
 */
import { QUICK_RANGES, quickRange, type QuickRange } from '../../../shared/time-range';
import type { TimeZone } from '../../../shared/time-zone';
import { isWindowDraft } from './draft-fields';

/** The quick range last pressed and the period text it set. */
export interface PickedRange {
  range: QuickRange;
  from: string;
  to: string;
}

/** A draft as a screen starts with it, and the quick range its period is (null: none, or typed). */
export interface StartingDraft<D> {
  draft: D;
  picked: PickedRange | null;
}

/** Whether a value read from the preferences file names a quick range. */
export function isQuickRange(value: unknown): value is QuickRange {
  return QUICK_RANGES.some((range) => range.id === value);
}

/** The draft with its period set by a quick range at `nowMs`; a draft without a period is left as it is. */
export function withQuickRange<D>(draft: D, range: QuickRange, zone: TimeZone, nowMs: number): StartingDraft<D> {
  if (!isWindowDraft(draft)) return { draft, picked: null };
  const window = quickRange(range, zone, nowMs);
  return { draft: { ...draft, ...window }, picked: { range, ...window } };
}

/**
 * The quick range a draft's period is saved as: the one last picked while the fields still
 * hold what it set; null when there is none or the period was typed or changed by hand
 * (then the draft's text is what is kept).
 */
export function rangeToSave(draft: unknown, picked: PickedRange | null): QuickRange | null {
  if (picked === null || !isWindowDraft(draft)) return null;
  return draft.from.trim() === picked.from && draft.to.trim() === picked.to ? picked.range : null;
}

/**
 * A saved draft as a screen starts with it: a period saved as a quick range is that range
 * again, from `nowMs` in `zone`; anything else (typed by hand, or saved before ranges were)
 * as saved. `range` is as read from the preferences file.
 */
export function restoredDraft<D>(saved: D, range: unknown, zone: TimeZone, nowMs: number): StartingDraft<D> {
  return isQuickRange(range) ? withQuickRange(saved, range, zone, nowMs) : { draft: saved, picked: null };
}
