/**
 * Reading a listed table into the engine's buffers before it is sorted or searched. The
 * first page of a new sort reads its 25 rows from blocks all over the file (every column of
 * every row group they fall in), and a search scans every text column: read from the file,
 * those blocks cost a million-row listing's first sorted page about twice what it costs
 * once they are in memory. So once a list screen has its first page, its table is read
 * once in the background (about a quarter of a second for a million rows on two cores),
 * when the whole archive fits in the engine's buffers: a larger one would only push its
 * own blocks out again, and is read from the file as before.
 */
import type { ReadPool } from './read-pool';
import { readSql, sql, tableName } from './sql-query';
import type { TableLayout } from './table-layout';

export class TableWarmUp {
  /** Each table's reading, by name: once per opened engine. */
  private readonly tables = new Map<string, Promise<boolean>>();

  constructor(
    private readonly pool: ReadPool,
    /** The engine's memory limit. */
    private readonly bufferBytes: number,
  ) {}

  /** Reads the table's every column into the engine's buffers, once; true when it did. Never fails: the pages are only slower without it. */
  warm(layout: TableLayout): Promise<boolean> {
    let reading = this.tables.get(layout.table);
    if (!reading) {
      reading = this.pool
        .run(
          async (reader) => {
            const [row] = await readSql(reader, sql`SELECT used_blocks * block_size FROM pragma_database_size() WHERE database_name = current_database()`);
            if (Number(row?.[0] ?? Infinity) > this.bufferBytes) return false;
            // any_value() of every column reads each of its blocks and answers one row (count()
            // would not: the engine answers it from the statistics of a column without empty values).
            await readSql(reader, sql`SELECT any_value(COLUMNS(*)) FROM ${tableName(layout)}`);
            return true;
          },
          // Beside the pool: a page asked meanwhile never waits for a connection.
          { apart: true },
        )
        .catch(() => false);
      this.tables.set(layout.table, reading);
    }
    return reading;
  }
}
