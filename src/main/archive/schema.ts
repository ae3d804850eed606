/**
 * The archive's tables: its own (`_meta`, `_coverage`, `_snapshots`) made when a file
 * opens, and one table per operation made from its layout on first use, with the columns
 * a newer app version knows added to an older file. Each operation table has a temporary
 * staging table beside it, where fetched rows wait for their merge.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  columnDefinition,
  joinSql,
  literal,
  param,
  readSql,
  runSql,
  sql,
  stageTableName,
  tableName,
} from './sql-query';
import { dropStoredSecrets } from './stored-secrets';
import type { TableLayout } from './table-layout';

export const SCHEMA_VERSION = '1';

export async function createMetaTables(writer: DuckDBConnection): Promise<void> {
  await runSql(
    writer,
    sql`
      CREATE TABLE IF NOT EXISTS _meta (key VARCHAR PRIMARY KEY, value VARCHAR);
      CREATE TABLE IF NOT EXISTS _coverage (operation VARCHAR, from_ms BIGINT, to_ms BIGINT, synced_at BIGINT);
      CREATE TABLE IF NOT EXISTS _snapshots (operation VARCHAR, scope VARCHAR, taken_at BIGINT, row_count BIGINT);
      INSERT OR IGNORE INTO _meta VALUES ('schema', ${literal(SCHEMA_VERSION)});
    `,
  );
}

/** The operation tables made (or brought up to date) in this session, each once. */
export class TableSchemas {
  private readonly prepared = new Set<string>();

  constructor(private readonly writer: DuckDBConnection) {}

  isPrepared(layout: TableLayout): boolean {
    return this.prepared.has(layout.table);
  }

  async prepare(layout: TableLayout): Promise<void> {
    if (this.prepared.has(layout.table)) return;
    const table = tableName(layout);
    const columns = joinSql(layout.columns.map((column) => columnDefinition(layout, column)));
    await runSql(this.writer, sql`CREATE TABLE IF NOT EXISTS ${table} (${columns})`);
    // A newer app version may know more fields: add them (old rows read them as empty).
    const existing = await readSql(
      this.writer,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${param(layout.table)} AND table_schema = 'main'`,
    );
    const have = new Set(existing.map((row) => String(row[0])));
    for (const column of layout.columns) {
      if (!have.has(column.name)) {
        await runSql(this.writer, sql`ALTER TABLE ${table} ADD COLUMN ${columnDefinition(layout, column)}`);
      }
    }
    await runSql(this.writer, sql`CREATE TEMP TABLE IF NOT EXISTS ${stageTableName(layout)} (${columns})`);
    await dropStoredSecrets(this.writer, layout);
    this.prepared.add(layout.table);
  }
}

/** The names of the tables in the file, by name; the archive's own (starting with `_`) left out. */
export async function storedTableNames(connection: DuckDBConnection): Promise<string[]> {
  const rows = await readSql(
    connection,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY table_name`,
  );
  return rows.map(([name]) => String(name));
}
