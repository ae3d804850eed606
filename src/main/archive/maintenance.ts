/**
 * Housekeeping of an archive file: what it holds (rows and newest fetch per list) and
 * removing rows past the retention span. Runs on the store's connections, in turn with
 * its other work.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { isListOperation } from '../../shared/operations';
import { storedTableNames } from './schema';
import { param, readSql, runSql, sql, tableName } from './sql-query';
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

/** Removes rows older than the cutoff (by row time, or fetch time for lists without one) and their coverage. */
export async function pruneOlderThan(writer: DuckDBConnection, cutoffMs: number): Promise<number> {
  const layouts = await storedLayouts(writer);
  let removed = 0;
  const cutoff = param(BigInt(Math.trunc(cutoffMs)));
  await runSql(writer, sql`BEGIN TRANSACTION`);
  try {
    for (const layout of layouts) {
      const result = await runSql(writer, sql`DELETE FROM ${tableName(layout)} WHERE coalesce(_time, _seen) < ${cutoff}`);
      removed += Number(result.rowsChanged);
    }
    await runSql(writer, sql`DELETE FROM _coverage WHERE to_ms <= ${cutoff}`);
    await runSql(writer, sql`UPDATE _coverage SET from_ms = ${cutoff} WHERE from_ms < ${cutoff}`);
    await runSql(writer, sql`COMMIT`);
  } catch (error) {
    await runSql(writer, sql`ROLLBACK`).catch(() => undefined);
    throw error;
  }
  if (removed > 0) await runSql(writer, sql`CHECKPOINT`);
  return removed;
}
