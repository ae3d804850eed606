import type { FetchAllSummary } from './fetch-all';

/** What to tell the user when the data moved on the platform while a fetch-all ran. */
export function describeDrift(summary: FetchAllSummary): string[] {
  if (summary.drift.length === 0) return [];
  const changed = summary.drift.filter((d) => d.kind === 'total-changed').length;
  const duplicates = summary.drift.filter((d) => d.kind === 'duplicate').length;
  const warnings: string[] = [];
  if (changed > 0) warnings.push('The data changed on the platform while it was loading: the total moved. Load again for a consistent view.');
  if (duplicates > 0) warnings.push(`${duplicates} row(s) moved between pages while loading and were not repeated. Load again for a consistent view.`);
  if (warnings.length === 0) warnings.push('Pages came back with unexpected lengths while loading. Load again for a consistent view.');
  return warnings;
}
