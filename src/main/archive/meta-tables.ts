/**
 * What the archive records about its rows: the covered time ranges of the windowed lists
 * (`_coverage`), when each snapshot was last taken in full (`_snapshots`), and small
 * facts about the file (`_meta`: its schema version, the platform's clock at the last sync).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { addCoverage, type CoveragePiece } from './coverage';
import { param, readSql, runSql, sql } from './sql-query';

export async function readCoverage(connection: DuckDBConnection, operation: string): Promise<CoveragePiece[]> {
  const rows = await readSql(
    connection,
    sql`SELECT from_ms, to_ms, synced_at FROM _coverage WHERE operation = ${param(operation)} ORDER BY from_ms`,
  );
  return rows.map(([from, to, synced]) => ({ fromMs: Number(from), toMs: Number(to), syncedAtMs: Number(synced) }));
}

/** Adds a covered piece (inside the caller's transaction). */
export async function writeCoverage(writer: DuckDBConnection, operation: string, piece: CoveragePiece): Promise<void> {
  const pieces = addCoverage(await readCoverage(writer, operation), piece);
  await runSql(writer, sql`DELETE FROM _coverage WHERE operation = ${param(operation)}`);
  for (const { fromMs, toMs, syncedAtMs } of pieces) {
    await runSql(
      writer,
      sql`INSERT INTO _coverage VALUES (${param(operation)}, ${param(BigInt(fromMs))}, ${param(BigInt(toMs))}, ${param(BigInt(syncedAtMs))})`,
    );
  }
}

export async function readSnapshotTakenAt(connection: DuckDBConnection, operation: string, scope: string): Promise<number | null> {
  const rows = await readSql(
    connection,
    sql`SELECT taken_at FROM _snapshots WHERE operation = ${param(operation)} AND scope = ${param(scope)}`,
  );
  const row = rows[0];
  return row ? Number(row[0]) : null;
}

export async function readMeta(connection: DuckDBConnection, key: string): Promise<string | null> {
  const rows = await readSql(connection, sql`SELECT value FROM _meta WHERE key = ${param(key)}`);
  const value = rows[0]?.[0];
  return value === null || value === undefined ? null : String(value);
}

export async function writeMeta(writer: DuckDBConnection, key: string, value: string): Promise<void> {
  await runSql(writer, sql`INSERT OR REPLACE INTO _meta VALUES (${param(key)}, ${param(value)})`);
}
