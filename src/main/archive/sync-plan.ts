/**
 * What one Sync asks of the platform, from the profile's archive settings: how far back
 * the record lists reach (never before what the platform still keeps), how much of the
 * recent past is fetched again, and which task's details. The app's Sync button and
 * `switchboard sync` both plan and run a list's sync here.
 */
import type { PlatformClient } from '../api';
import { DAY_MS, HOUR_MS } from '../../shared/calendar';
import { m } from '../../shared/i18n';
import { LIST_OPERATIONS, listOf, type ListOperation, type ScopedSync, type SomeList } from '../../shared/operations';
import { earliestQueryableTime } from '../../shared/platform';
import type { ArchiveSettings } from '../../shared/profiles';
import { fail, ok, type Result } from '../../shared/result';
import type { ArchiveStore } from './archive-store';
import type { TimeRange } from './coverage';
import { platformSyncSource } from './platform-source';
import { applyRetention, type RetentionRule } from './retention';
import { syncSnapshot, syncWindow, type SyncOptions, type SyncSummary } from './sync';
import { archiveTableFor } from './tables';

/**
 * Kept clear of the platform's two-month limit: a long sync's later requests are checked
 * against a later "now", and the server's clock may run ahead of this computer's.
 */
const HISTORY_EDGE_MARGIN_MS = HOUR_MS;

/** The lists a Sync covers when none is named: those whose descriptor syncs them `'always'`. */
export const SYNCED_LISTS: readonly ListOperation[] = LIST_OPERATIONS.filter((operation) => listOf(operation).sync === 'always');

export interface SyncPlan {
  /** The record lists' window. */
  window: TimeRange;
  /** How far back from a range's sync its records may still change (fetched again next time). */
  refreshMs: number;
  /** The scope a scoped list's sync fetches (task details: the task id); null when none was given. */
  taskId: number | null;
  /** Applied to each list after it synced (retention.ts); without it nothing is removed. */
  retention?: RetentionRule;
}

/** The last `historyDays` days up to `nowMs`, starting no earlier than the platform still keeps. */
export function historyWindow(historyDays: number, nowMs: number): TimeRange {
  const earliestMs = earliestQueryableTime(new Date(nowMs)).getTime() + HISTORY_EDGE_MARGIN_MS;
  return { fromMs: Math.max(nowMs - historyDays * DAY_MS, earliestMs), toMs: nowMs };
}

export function syncPlanOf(settings: ArchiveSettings, nowMs: number, taskId: number | null = null): SyncPlan {
  return {
    window: historyWindow(settings.historyDays, nowMs),
    refreshMs: settings.refreshHours * HOUR_MS,
    taskId,
    retention: { retentionDays: settings.retentionDays, confirmed: false },
  };
}

/** The scope a list is synced by, or null when every Sync takes it. */
export function scopedSyncOf(list: SomeList): ScopedSync | null {
  return list.sync === 'always' ? null : list.sync;
}

/** Why a scoped list cannot be synced without its scope. */
export function scopeNeeded(list: SomeList, scope: ScopedSync): string {
  return m.cli_archive_scope_needed({ list: list.endpoint.title(), noun: scopeNoun(scope) });
}

/** What one scope is, in words ("task"): the word of a scope known here, else the descriptor's. */
const SCOPE_NOUNS: Readonly<Record<string, () => string>> = { taskId: m.cli_scope_task };

export function scopeNoun(scope: ScopedSync): string {
  return Object.hasOwn(SCOPE_NOUNS, scope.param) ? SCOPE_NOUNS[scope.param]() : scope.noun;
}

/**
 * Syncs one list as the plan says: a windowed list's missing ranges, a snapshot list whole,
 * or one scope of a scoped list (a task's details); then applies the plan's retention to
 * the list by the clock the platform accepted during that sync (retention.ts).
 */
export async function syncList(
  store: ArchiveStore,
  client: PlatformClient,
  operation: ListOperation,
  plan: SyncPlan,
  options: SyncOptions,
): Promise<Result<SyncSummary>> {
  const synced = await syncOnly(store, client, operation, plan, options);
  if (!synced.ok || plan.retention === undefined) return synced;
  // A windowed sync with nothing to fetch sent no request: no answer vouched for the clock.
  const askedPlatform = listOf(operation).window === null || synced.value.fetched.length > 0;
  const retention = await applyRetention(store, archiveTableFor(operation).layout, plan.retention, askedPlatform ? client.now().getTime() : null);
  return ok({ ...synced.value, retention });
}

function syncOnly(
  store: ArchiveStore,
  client: PlatformClient,
  operation: ListOperation,
  plan: SyncPlan,
  options: SyncOptions,
): Promise<Result<SyncSummary>> {
  const list = listOf(operation);
  if (list.window !== null) {
    return syncWindow(store, platformSyncSource(client, operation), plan.window, plan.refreshMs, options);
  }
  const scoped = scopedSyncOf(list);
  if (scoped === null) return syncSnapshot(store, platformSyncSource(client, operation), '', options);
  if (plan.taskId === null) return Promise.resolve(fail('validation', scopeNeeded(list, scoped)));
  // A scope's rows are their own snapshot: the scope the descriptor gives each row is the filter's value.
  const source = platformSyncSource(client, operation, { [scoped.param]: plan.taskId });
  return syncSnapshot(store, source, String(plan.taskId), options);
}
