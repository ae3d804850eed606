/**
 * When a list was last synced, as the archive records it: the newest covered range of a
 * windowed list, the last whole snapshot of any other (of one scope, such as a task, when
 * it is given; else of any). Rows kept from a single page on screen do not count: "Last
 * synced" means the list (or the window's part of it) was fetched in full.
 */
import { listOf, type ListOperation } from '../../shared/operations';
import type { ArchiveStore } from './archive-store';
import { param, sql } from './sql-query';

export async function lastSyncOf(store: ArchiveStore, operation: ListOperation, scope?: string): Promise<number | null> {
  if (listOf(operation).window !== null) {
    const pieces = await store.coverage(operation);
    return pieces.length === 0 ? null : Math.max(...pieces.map((piece) => piece.syncedAtMs));
  }
  if (scope !== undefined) return store.snapshotTakenAt(operation, scope);
  const rows = await store.read([], sql`SELECT max(taken_at) FROM _snapshots WHERE operation = ${param(operation)}`);
  const newest: unknown = rows[0]?.[0];
  return newest === null || newest === undefined ? null : Number(newest);
}
