/**
 * What the archive holds of the Overview's window, list by list, in the sentences the screen
 * and the workbook both say: a figure of part of a period is not the period's, so where the
 * figures are shown, so is this.
 */
import { m } from '../i18n';
import { listOf } from '../operations';
import { formatInstant, type TimeZone } from '../time-zone';
import type { ListCoverage, Overview, OverviewCompared } from './overview';

const minute = (epochMs: number, zone: TimeZone): string => formatInstant(epochMs, zone, 'minute');

/** The lists whose records the Overview counts, with what it knows of each's coverage. */
const COVERED_LISTS = [
  ['voiceRecords', 'voice'],
  ['numberRecords', 'numbers'],
] as const;

/** "Voice records: records after 2026-11-27 10:22 are not synced yet (last synced 2026-11-27 10:22)." */
export function coverageText(title: string, coverage: ListCoverage, zone: TimeZone): string {
  const synced = coverage.lastSyncAt === null ? m.overview_never_synced() : m.overview_last_synced({ time: minute(coverage.lastSyncAt, zone) });
  if (coverage.complete) return m.overview_coverage_complete({ title, synced });
  if (coverage.syncedUntil !== null) return m.overview_coverage_until({ title, time: minute(coverage.syncedUntil, zone), synced });
  if (coverage.lastSyncAt === null) return m.overview_coverage_never({ title });
  return m.overview_coverage_part({ title, synced });
}

/** The window's coverage of each list, one sentence each. */
export function coverageTexts(shown: Pick<Overview, 'coverage'>, zone: TimeZone): string[] {
  return COVERED_LISTS.map(([operation, key]) => coverageText(listOf(operation).endpoint.title(), shown.coverage[key], zone));
}

/**
 * What the archive does not hold of the compared period, one sentence per list: a change
 * against part of a period is not a change, so it is said beside the period (nothing when whole).
 */
export function comparedCoverageTexts(compared: Pick<OverviewCompared, 'coverage'>, zone: TimeZone): string[] {
  return COVERED_LISTS.filter(([, key]) => !compared.coverage[key].complete).map(([operation, key]) =>
    coverageText(m.overview_compared_coverage_title({ title: listOf(operation).endpoint.title() }), compared.coverage[key], zone),
  );
}
