/**
 * When an archive forgets: only after a sync has talked to the platform, by the clock that
 * sync used. The platform refuses a request whose signing time is more than 30 minutes
 * off its own (the client learns the difference from its Date header), so a sync that got
 * answers proves that clock; this computer's clock alone never removes a row. Opening an
 * archive and reading it (a view, an export, a report) never remove anything.
 *
 * A list keeps at least the retention span before its newest row (maintenance.ts), and a
 * prune that would take more than half of a list's rows runs only when confirmed (the
 * CLI's --yes): a retention shortened by mistake or a clock gone wrong asks first.
 */
import type { ArchiveStore } from './archive-store';
import type { TableLayout } from './table-layout';
import { DAY_MS } from '../../shared/calendar';
import { formatNumber, m } from '../../shared/i18n';
import type { TimeZone } from '../../shared/time-zone';
import { cutoffText } from '../../shared/methods/archive';


export interface RetentionRule {
  retentionDays: number;
  /** A prune of more than half of a list's rows was confirmed (the CLI's --yes). */
  confirmed: boolean;
}

export type RetentionOutcome =
  /** Rows older than `cutoffMs` were removed (perhaps none). */
  | { kind: 'pruned'; removed: number; cutoffMs: number | null }
  /** More than half of the list would go, and that was not confirmed: nothing was removed. */
  | { kind: 'held'; wouldRemove: number; rows: number; cutoffMs: number }
  /** The sync asked the platform nothing, so there was no clock to trust: nothing was removed. */
  | { kind: 'no-platform-clock' };

/** Applies the retention to one list after a sync; `platformNowMs` is the clock the sync's answers proved, or null. */
export async function applyRetention(
  store: Pick<ArchiveStore, 'retentionPlan' | 'pruneTable'>,
  layout: TableLayout,
  rule: RetentionRule,
  platformNowMs: number | null,
): Promise<RetentionOutcome> {
  if (platformNowMs === null) return { kind: 'no-platform-clock' };
  const plan = await store.retentionPlan(layout, rule.retentionDays * DAY_MS, platformNowMs);
  if (plan.cutoffMs === null || plan.wouldRemove === 0) return { kind: 'pruned', removed: 0, cutoffMs: plan.cutoffMs };
  if (plan.wouldRemove * 2 > plan.rows && !rule.confirmed) {
    return { kind: 'held', wouldRemove: plan.wouldRemove, rows: plan.rows, cutoffMs: plan.cutoffMs };
  }
  return { kind: 'pruned', removed: await store.pruneTable(layout, plan.cutoffMs), cutoffMs: plan.cutoffMs };
}

/** What a held prune means, for the person who can confirm it (`how`: e.g. "run the sync again with --yes"). */
export function heldRetentionMessage(
  title: string,
  outcome: Extract<RetentionOutcome, { kind: 'held' }>,
  retentionDays: number,
  how: string,
  /** The zone the cutoff is told in: the profile's, as every time the app shows. */
  zone: TimeZone,
): string {
  const older = cutoffText(outcome.cutoffMs, zone);
  return m.cli_archive_retention_held({
    title,
    days: String(retentionDays),
    wouldRemove: formatNumber(outcome.wouldRemove),
    rows: formatNumber(outcome.rows),
    older,
    how,
  });
}
