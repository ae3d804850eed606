/**
 * Retention prunes a sync held back because they would remove more than half of a list
 * (retention.ts), waiting for the person at the app: "Remove them" runs the prune by the
 * cutoff the sync computed (by the clock the platform proved then), "Keep them" forgets it
 * until the next sync finds it again. Kept in memory per profile: a restart, a changed
 * retention or a deleted archive forgets them, and the next sync asks again.
 */
import type { HeldPrune } from '../../shared/methods/archive';
import type { ListOperation } from '../../shared/operations';
import type { RetentionOutcome } from './retention';

export interface HeldPruneEntry {
  operation: ListOperation;
  wouldRemove: number;
  rows: number;
  /** Rows older than this (epoch ms) would go: the cutoff the sync computed. */
  cutoffMs: number;
  /** The retention it was computed for; a changed retention forgets the entry. */
  retentionDays: number;
}

export class HeldPrunes {
  private readonly held = new Map<string, Map<ListOperation, HeldPruneEntry>>();

  /**
   * What a list's sync found: a held prune waits (the entry is returned, to be told), any
   * other outcome clears what waited for that list (the retention no longer asks).
   */
  note(profileId: string, operation: ListOperation, outcome: RetentionOutcome, retentionDays: number): HeldPruneEntry | null {
    if (outcome.kind === 'no-platform-clock') return null;
    const lists = this.held.get(profileId) ?? new Map<ListOperation, HeldPruneEntry>();
    if (outcome.kind === 'pruned') {
      lists.delete(operation);
      return null;
    }
    const entry = { operation, wouldRemove: outcome.wouldRemove, rows: outcome.rows, cutoffMs: outcome.cutoffMs, retentionDays };
    lists.set(operation, entry);
    this.held.set(profileId, lists);
    return entry;
  }

  list(profileId: string): HeldPruneEntry[] {
    return [...(this.held.get(profileId)?.values() ?? [])];
  }

  get(profileId: string, operation: ListOperation): HeldPruneEntry | null {
    return this.held.get(profileId)?.get(operation) ?? null;
  }

  /** Forgets one list's held prune, or every one of the profile's. */
  forget(profileId: string, operation?: ListOperation): void {
    if (operation === undefined) this.held.delete(profileId);
    else this.held.get(profileId)?.delete(operation);
  }
}

/** A held prune as the app sends it: the numbers, worded where shown (heldPruneText). */
export function heldPruneOf(entry: HeldPruneEntry): HeldPrune {
  return { operation: entry.operation, wouldRemove: entry.wouldRemove, rows: entry.rows, cutoffMs: entry.cutoffMs };
}
