import { formatNumber, m } from '../../shared/i18n';
import type { FetchAllSummary } from './fetch-all';

/** What to tell the user when the data moved on the platform while a fetch-all ran. */
export function describeDrift(summary: FetchAllSummary): string[] {
  if (summary.drift.length === 0) return [];
  const changed = summary.drift.filter((d) => d.kind === 'total-changed').length;
  const duplicates = summary.drift.filter((d) => d.kind === 'duplicate').length;
  const warnings: string[] = [];
  if (changed > 0) warnings.push(m.export_drift_total_moved());
  if (duplicates > 0) warnings.push(m.export_drift_duplicates({ count: formatNumber(duplicates) }));
  if (warnings.length === 0) warnings.push(m.export_drift_lengths());
  return warnings;
}
