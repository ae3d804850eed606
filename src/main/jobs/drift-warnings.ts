import { formatNumber } from '../../shared/i18n';
import type { Said } from '../../shared/i18n/said';
import type { FetchAllSummary } from './fetch-all';

/** What to tell the user when the data moved on the platform while a fetch-all ran, as messages (worded where they are shown). */
export function describeDrift(summary: FetchAllSummary): Said[] {
  if (summary.drift.length === 0) return [];
  const changed = summary.drift.filter((d) => d.kind === 'total-changed').length;
  const duplicates = summary.drift.filter((d) => d.kind === 'duplicate').length;
  const warnings: Said[] = [];
  if (changed > 0) warnings.push({ key: 'export_drift_total_moved' });
  if (duplicates > 0) warnings.push({ key: 'export_drift_duplicates', params: { count: formatNumber(duplicates) } });
  if (warnings.length === 0) warnings.push({ key: 'export_drift_lengths' });
  return warnings;
}
