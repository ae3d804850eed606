import { lastSecondIn } from '../../../shared/calendar';
import { m } from '../../../shared/i18n';
import { notRefreshedReason, type NotRefreshed, type Overview, type OverviewCompared } from '../../../shared/reports/overview';
import { formatInstant, type TimeZone } from '../../../shared/time-zone';
import { countText } from './figures';

/**
 * The Overview's sentences about time: its window, when it was computed, what the archive
 * covers, when the seats were taken. Every instant in them is written one way (formatInstant,
 * to the minute) in `zone`, the active profile's: the zone the window names, never this computer's.
 */

const minute = (epochMs: number, zone: TimeZone): string => formatInstant(epochMs, zone, 'minute');

/** The window as typed: wall time of the zone; the window is [from, to), so it ends at the last second it takes in, as the workbook says. */
export function windowText(shown: Pick<Overview, 'fromMs' | 'toMs' | 'timeZone'>, zone: TimeZone): string {
  return m.overview_window_text({
    from: minute(shown.fromMs, zone),
    to: minute(lastSecondIn(shown), zone),
    zone: shown.timeZone,
  });
}

/** "2026-11-26 00:00 to 2026-11-26 23:59 (hours and days in +08:00) · computed 2026-11-27 10:17 in 35 ms" */
export function computedText(shown: Pick<Overview, 'fromMs' | 'toMs' | 'timeZone' | 'computedAt' | 'computeMs'>, zone: TimeZone): string {
  return m.overview_computed({ window: windowText(shown, zone), time: minute(shown.computedAt, zone), ms: countText(shown.computeMs) });
}

/** Figures the archive already held, as of the voice records' last sync. */
export function notRefreshedText(shown: Pick<Overview, 'coverage'>, notRefreshed: NotRefreshed, zone: TimeZone): string {
  const lastSyncAt = shown.coverage.voice.lastSyncAt;
  return m.overview_not_refreshed({ when: lastSyncAt === null ? m.overview_last_sync_none() : minute(lastSyncAt, zone), reason: notRefreshedReason(notRefreshed) });
}

/** "150 seats in the seat list taken at 2026-11-27 10:22." */
export function seatsTakenText(total: number, takenAt: number, zone: TimeZone): string {
  return m.overview_seats_taken({ count: countText(total), time: minute(takenAt, zone) });
}

/** The period a comparison draws behind the charts, `[fromMs, toMs)` written to its last minute. */
export function comparedText(compared: Pick<OverviewCompared, 'kind' | 'fromMs' | 'toMs'>, zone: TimeZone): string {
  const from = minute(compared.fromMs, zone);
  const to = minute(lastSecondIn(compared), zone);
  return compared.kind === 'previous' ? m.overview_compared_previous({ from, to }) : m.overview_compared_last_week({ from, to });
}
