/**
 * The Overview of one profile and window, computed over its archive: each list's figures
 * come from grouped queries in the database (no record crosses into JavaScript), folded
 * into the profile's time zone here.
 */
import type { ArchiveStore } from '../archive/archive-store';
import { coveredMs, type CoveragePiece } from '../archive/coverage';
import type { MmsSendSummary } from '../../shared/mms/records';
import type { ListCoverage, Overview, OverviewCompared, OverviewComparison } from '../../shared/reports/overview';
import type { OverviewWindowField } from '../../shared/reports/overview-window';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';
import { ok, fail, type Result } from '../../shared/result';
import { m } from '../../shared/i18n';
import { CALENDAR_MAX_DAYS, calendarOf, DAY_MS, type Window } from '../../shared/calendar';
import { mmsByDay } from './mms';
import { numberOverview } from './numbers';
import { seatOverview } from './seats';
import { tableSql } from './sql';
import { voiceOverview } from './voice';

/** The longest window an Overview covers (the archive's longest retention). */
export const OVERVIEW_MAX_DAYS = CALENDAR_MAX_DAYS;
/** 0001-01-01 and 10000-01-01 (UTC): the years a window may fall in. */
const FIRST_MS = -62_135_596_800_000;
const END_MS = 253_402_300_800_000;

export interface OverviewInput {
  store: ArchiveStore;
  profileId: string;
  /** The profile's zone: an IANA name or an offset. */
  timeZone: string;
  window: Window;
  /** The MMS send history (every profile's; this profile's are picked). */
  mmsSends: readonly MmsSendSummary[];
  /** What to set the figures beside (default none). */
  compare?: OverviewComparison;
  now?: () => number;
}

/**
 * The window the figures are compared with, by the zone's calendar: the period as long on the
 * local clock just before (the day before a day, whether it had 23, 24 or 25 hours), or the
 * same local days and times a week earlier (a week is 7 local days, whatever the clocks did).
 */
export function comparisonWindow(window: Window, kind: Exclude<OverviewComparison, 'none'>, zone: TimeZone): Window {
  const calendar = calendarOf(zone);
  if (kind === 'previous') return calendar.previousWindow(window);
  return { fromMs: calendar.shiftDays(window.fromMs, -7), toMs: calendar.shiftDays(window.toMs, -7) };
}

/** A window the Overview can be computed for. */
export function checkOverviewWindow({ fromMs, toMs }: Window): Result<null> {
  // Each refusal names the request's field to change, as the history rule does.
  const refuse = (field: OverviewWindowField, message: string): Result<null> => ({ ok: false, error: { code: 'validation', message, fields: { [field]: message } } });
  for (const [field, value] of [['fromMs', fromMs], ['toMs', toMs]] as const) {
    if (!Number.isSafeInteger(value) || value < FIRST_MS || value > END_MS) {
      return refuse(field, m.overview_window_field_not_date({ field, value: String(value) }));
    }
  }
  if (!(toMs > fromMs)) return refuse('toMs', m.overview_window_end_before_start());
  if (toMs - fromMs > OVERVIEW_MAX_DAYS * DAY_MS) return refuse('toMs', m.overview_window_at_most({ days: String(OVERVIEW_MAX_DAYS) }));
  return ok(null);
}

export async function computeOverview(input: OverviewInput): Promise<Result<Overview>> {
  const now = input.now ?? Date.now;
  const { fromMs, toMs } = input.window;
  const checked = checkOverviewWindow(input.window);
  if (!checked.ok) return checked;
  const zone = parseTimeZone(input.timeZone);
  if (!zone) {
    return fail('validation', m.overview_profile_zone_invalid({ zone: input.timeZone }));
  }
  const started = performance.now();
  const calendar = calendarOf(zone);
  const { store, window } = input;
  const voice = await voiceOverview(store, window, calendar);
  const numbers = await numberOverview(store, window, calendar);
  const seats = await seatOverview(store, input.window);
  const computedAt = now();
  const voiceCoverage = await store.coverage(tableSql('voiceRecords').layout.table);
  const numberCoverage = await store.coverage(tableSql('numberRecords').layout.table);
  const coverage = { voice: coverageOf(voiceCoverage, window), numbers: coverageOf(numberCoverage, window) };
  let compared: OverviewCompared | null = null;
  if (input.compare !== undefined && input.compare !== 'none') {
    const other = comparisonWindow(window, input.compare, zone);
    const { concurrency: _peak, ...otherVoice } = await voiceOverview(store, other, calendar);
    compared = {
      kind: input.compare,
      ...other,
      voice: otherVoice,
      numbers: await numberOverview(store, other, calendar),
      coverage: { voice: coverageOf(voiceCoverage, other), numbers: coverageOf(numberCoverage, other) },
    };
  }
  return ok({
    profileId: input.profileId,
    timeZone: zone.name,
    fromMs,
    toMs,
    computedAt,
    computeMs: Math.round((performance.now() - started) * 10) / 10,
    coverage,
    notRefreshed: null,
    compared,
    voice,
    numbers,
    seats,
    mms: { byDay: mmsByDay(input.mmsSends, input.profileId, calendar.days(window)) },
  });
}

/**
 * What the archive holds of the window: complete, or complete up to where the newest sync
 * reached (the records after it are simply not synced yet, not lost), or with a hole.
 * Judged against the syncs, not against the clock at computing time.
 */
export function coverageOf(pieces: readonly CoveragePiece[], window: Window): ListCoverage {
  const overlapping = pieces.filter((piece) => piece.fromMs < window.toMs && piece.toMs > window.fromMs);
  const lastSyncAt = overlapping.length > 0 ? Math.max(...overlapping.map((piece) => piece.syncedAtMs)) : null;
  const span = window.toMs - window.fromMs;
  if (span <= 0 || coveredMs(window, pieces) >= span) return { complete: true, lastSyncAt, syncedUntil: null };
  // Covered from the start without a hole up to some instant: only the tail is missing.
  const reach = Math.max(window.fromMs, ...overlapping.map((piece) => piece.toMs));
  const upToReach = { fromMs: window.fromMs, toMs: Math.min(reach, window.toMs) };
  const tailOnly = overlapping.length > 0 && coveredMs(upToReach, pieces) >= upToReach.toMs - upToReach.fromMs;
  return { complete: false, lastSyncAt, syncedUntil: tailOnly ? upToReach.toMs : null };
}
