/**
 * Housekeeping of an archive file: what it holds (rows and newest fetch per list), what
 * a retention span would remove from a list, and removing it. Runs on the store's
 * connections, in turn with its other work; when retention runs is retention.ts's rule.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { isListOperation } from '../../shared/operations';
import { storedTableNames } from './schema';
import { inTransaction, param, readSql, runSql, sql, tableName } from './sql-query';
import type { TableLayout } from './table-layout';
import { archiveTableFor } from './tables';

export interface TableStats {
  table: string;
  rows: number;
  newestSeenMs: number | null;
}

/** The list tables in the file, by their layouts (a table the app does not know is left alone). */
export async function storedLayouts(connection: DuckDBConnection): Promise<TableLayout[]> {
  return (await storedTableNames(connection)).filter(isListOperation).map((name) => archiveTableFor(name).layout);
}

/** Row counts per table and the newest fetch time. */
export async function tableStats(reader: DuckDBConnection): Promise<TableStats[]> {
  const stats: TableStats[] = [];
  for (const layout of await storedLayouts(reader)) {
    const rows = await readSql(reader, sql`SELECT count(*), max(_seen) FROM ${tableName(layout)}`);
    const [count, newest] = rows[0] ?? [0, null];
    stats.push({
      table: layout.table,
      rows: Number(count),
      newestSeenMs: newest === null || newest === undefined ? null : Number(newest),
    });
  }
  return stats;
}

/** What a retention span would remove from one list, judged by its own newest row as well as the clock. */
export interface RetentionPlan {
  /** Rows older than this go (row time, or fetch time for lists without one); null when the list is empty. */
  cutoffMs: number | null;
  rows: number;
  wouldRemove: number;
}

/**
 * The cutoff is the retention span before the platform's time or before the list's newest
 * row, whichever is earlier: a clock far ahead never takes more than the rows older than
 * the span before the newest one.
 */
export async function retentionPlan(
  reader: DuckDBConnection,
  layout: TableLayout,
  retentionMs: number,
  platformNowMs: number,
): Promise<RetentionPlan> {
  const table = tableName(layout);
  const [row] = await readSql(reader, sql`SELECT count(*), max(coalesce(_time, _seen)) FROM ${table}`);
  const rows = Number(row?.[0] ?? 0);
  const newest = row?.[1];
  if (rows === 0 || newest === null || newest === undefined) return { cutoffMs: null, rows, wouldRemove: 0 };
  const cutoffMs = Math.trunc(Math.min(platformNowMs, Number(newest)) - retentionMs);
  const [older] = await readSql(reader, sql`SELECT count(*) FROM ${table} WHERE coalesce(_time, _seen) < ${cutoffMs}`);
  return { cutoffMs, rows, wouldRemove: Number(older?.[0] ?? 0) };
}

/** Removes one list's rows older than the cutoff, and its coverage before it; the rows removed. */
export async function pruneTable(writer: DuckDBConnection, layout: TableLayout, cutoffMs: number): Promise<number> {
  const cutoff = Math.trunc(cutoffMs);
  const operation = param(layout.table);
  const removed = await inTransaction(writer, async () => {
    const result = await runSql(writer, sql`DELETE FROM ${tableName(layout)} WHERE coalesce(_time, _seen) < ${cutoff}`);
    await runSql(writer, sql`DELETE FROM _coverage WHERE operation = ${operation} AND to_ms <= ${cutoff}`);
    await runSql(writer, sql`UPDATE _coverage SET from_ms = ${cutoff} WHERE operation = ${operation} AND from_ms < ${cutoff}`);
    return Number(result.rowsChanged);
  });
  if (removed > 0) await runSql(writer, sql`CHECKPOINT`);
  return removed;
}
