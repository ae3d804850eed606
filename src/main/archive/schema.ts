/**
 * The archive's tables: its own (`_meta`, `_coverage`, `_snapshots`) made when a file
 * opens, and one table per operation made from its layout on first use, with the columns
 * a newer app version knows added to an older file. Each operation table has a temporary
 * staging table beside it, where fetched rows wait for their merge.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  CHARS_KEPT_COLUMN,
  charsKeptColumn,
  columnDefinition,
  FORMS_KEPT_COLUMN,
  formsKeptColumn,
  inTransaction,
  joinSql,
  literal,
  param,
  readSql,
  renderSql,
  runSql,
  SEARCH_COLUMN,
  SEARCH_MASK_COLUMN,
  searchMaskColumn,
  searchTextColumn,
  sql,
  stageTableName,
  tableName,
  type SqlQuery,
} from './sql-query';
import { digitMask } from './digit-mask';
import { recordColumnsOf } from './record-columns';
import { readMeta, writeMeta } from './meta-tables';
import { dropStoredSecrets } from './stored-secrets';
import type { TableLayout } from './table-layout';
import { CharsTally, parseColumnChars, storedTextsSql, textCharsKey } from './text-chars';
import type { TextFacts } from './text-facts';
import { FormsTally, parseTimeForms, storedTimesSql, timeFormsKey } from './time-forms';

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

/** How far filling a table's search text has gone (an archive made by an earlier version, opened once). */
export interface SearchTextFill {
  table: string;
  rowsDone: number;
  rows: number;
}

/** Rows filled per statement: one row group, so progress is told often and a statement's memory stays small. */
const FILL_ROWS = 122_880;

/** The `_meta` key naming the expression a table's search text was filled with. */
const searchVersionKey = (layout: TableLayout): string => `search:${layout.table}`;

/** The operation tables made (or brought up to date) in this session, each once. */
export class TableSchemas {
  private readonly prepared = new Set<string>();

  constructor(
    private readonly writer: DuckDBConnection,
    /** What each table's stored texts are like, loaded or worked out here (see fillTextFacts). */
    private readonly texts: TextFacts,
    /** Told as a table's search text is filled (see fillSearchText). */
    private readonly onSearchTextFill: (progress: SearchTextFill) => void = () => undefined,
  ) {}

  isPrepared(layout: TableLayout): boolean {
    return this.prepared.has(layout.table);
  }

  async prepare(layout: TableLayout): Promise<void> {
    if (this.prepared.has(layout.table)) return;
    const table = tableName(layout);
    const columns = joinSql(layout.columns.map((column) => columnDefinition(layout, column)));
    const search = layout.search ? sql`, ${searchTextColumn(layout)} VARCHAR, ${searchMaskColumn(layout)} UHUGEINT` : sql``;
    const factsKept = sql`, ${charsKeptColumn()} BOOLEAN, ${formsKeptColumn()} BOOLEAN`;
    await runSql(this.writer, sql`CREATE TABLE IF NOT EXISTS ${table} (${columns}${search}${factsKept})`);
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
    if (layout.search && !have.has(SEARCH_COLUMN)) await runSql(this.writer, sql`ALTER TABLE ${table} ADD COLUMN ${searchTextColumn(layout)} VARCHAR`);
    if (layout.search && !have.has(SEARCH_MASK_COLUMN)) await runSql(this.writer, sql`ALTER TABLE ${table} ADD COLUMN ${searchMaskColumn(layout)} UHUGEINT`);
    if (!have.has(CHARS_KEPT_COLUMN)) await runSql(this.writer, sql`ALTER TABLE ${table} ADD COLUMN ${charsKeptColumn()} BOOLEAN`);
    if (!have.has(FORMS_KEPT_COLUMN)) await runSql(this.writer, sql`ALTER TABLE ${table} ADD COLUMN ${formsKeptColumn()} BOOLEAN`);
    // Staged rows carry their search text, and that their texts are in the table's facts, too (staging.ts).
    await runSql(this.writer, sql`CREATE TEMP TABLE IF NOT EXISTS ${stageTableName(layout)} (${columns}${search}${factsKept})`);
    await dropStoredSecrets(this.writer, layout);
    await this.fillSearchText(layout);
    await this.fillTextFacts(layout);
    this.prepared.add(layout.table);
  }

  /**
   * Loads what the table's stored texts are like (text-facts.ts) and widens it with the rows
   * merged without it (by an earlier version, or another writer): those whose CHARS_KEPT_COLUMN
   * or FORMS_KEPT_COLUMN is empty. Every row is read again when `_meta` lacks either for the
   * layout's fields (a newer layout, a damaged value): once, told as the search text's fill is.
   */
  private async fillTextFacts(layout: TableLayout): Promise<void> {
    const table = tableName(layout);
    const keptChars = parseColumnChars(layout, await readMeta(this.writer, textCharsKey(layout)));
    const keptForms = parseTimeForms(layout, await readMeta(this.writer, timeFormsKey(layout)));
    const charsUnkept = keptChars ? sql`${charsKeptColumn()} IS NULL` : sql`TRUE`;
    const unkept = sql`(${charsKeptColumn()} IS NULL OR ${formsKeptColumn()} IS NULL)`;
    const where = keptChars && keptForms ? unkept : sql`TRUE`;
    const chars = new CharsTally(layout, keptChars ?? undefined);
    const forms = new FormsTally(layout, keptForms ?? undefined);
    const [[count] = [0]] = await readSql(this.writer, sql`SELECT count(*) FROM ${table} WHERE ${where}`);
    const rows = Number(count);
    if (rows > 0) {
      // The texts alone, one JSON array a row (building whole records took half as long
      // again), and only for the rows whose kinds are not kept: most are, when the forms alone are new.
      let rowsDone = 0;
      this.onSearchTextFill({ table: layout.table, rowsDone, rows });
      const times = storedTimesSql(layout);
      const texts = sql`CASE WHEN ${charsUnkept} THEN ${storedTextsSql(layout)} END`;
      const { text, params } = renderSql(sql`SELECT ${texts}${times ? sql`, ${times}` : sql``} FROM ${table} WHERE ${where}`);
      for await (const chunk of await this.writer.stream(text, params)) {
        const timesOfRows = times ? chunk.getColumnValues(1) : [];
        chunk.getColumnValues(0).forEach((row, at) => {
          const texts: unknown = typeof row === 'string' ? JSON.parse(row) : null;
          if (Array.isArray(texts)) chars.addTexts(texts);
          const stored: unknown = JSON.parse(String(timesOfRows[at] ?? '[]'));
          if (Array.isArray(stored)) forms.addTimes(stored);
        });
        rowsDone += chunk.rowCount;
        if (rowsDone % FILL_ROWS < chunk.rowCount) this.onSearchTextFill({ table: layout.table, rowsDone, rows });
      }
      this.onSearchTextFill({ table: layout.table, rowsDone: rows, rows });
    }
    const foundChars = chars.byColumn();
    const foundForms = forms.byColumn();
    if (!keptChars || !keptForms || rows > 0) {
      await inTransaction(this.writer, async () => {
        await writeMeta(this.writer, textCharsKey(layout), JSON.stringify(Object.fromEntries(foundChars)));
        await writeMeta(this.writer, timeFormsKey(layout), JSON.stringify(Object.fromEntries(foundForms)));
        await runSql(this.writer, sql`UPDATE ${table} SET ${charsKeptColumn()} = TRUE, ${formsKeptColumn()} = TRUE WHERE ${unkept}`);
      });
    }
    this.texts.chars.set(layout.table, foundChars);
    this.texts.forms.set(layout.table, foundForms);
  }

  /**
   * Writes every row's search text when the table's was made another way (an archive from
   * before it, or one whose lists show other columns), and that of rows merged without
   * one: a row group per transaction, each told as it is done. Only the search columns
   * change, and the version is written after the last row, so an interrupted fill starts
   * again at the next opening.
   */
  private async fillSearchText(layout: TableLayout): Promise<void> {
    if (!layout.search) return;
    const key = param(searchVersionKey(layout));
    const stored = await readSql(this.writer, sql`SELECT value FROM _meta WHERE key = ${key}`);
    const table = tableName(layout);
    const same = stored[0]?.[0] === layout.search.version;
    // With the same version, only rows merged by a version that wrote no search text; an archive without any is not written to.
    const only = same ? sql`(${searchTextColumn(layout)} IS NULL OR ${searchMaskColumn(layout)} IS NULL)` : sql`TRUE`;
    const [[count, last] = [0, null]] = await readSql(this.writer, sql`SELECT count(*), max(rowid) FROM ${table} WHERE ${only}`);
    const rows = Number(count);
    if (same && rows === 0) return;
    const end = last === null || last === undefined ? 0 : Number(last) + 1;
    let rowsDone = 0;
    if (rows > 0) this.onSearchTextFill({ table: layout.table, rowsDone, rows });
    for (let from = 0; from < end; from += FILL_ROWS) {
      const within = sql`${only} AND rowid >= ${from} AND rowid < ${from + FILL_ROWS}`;
      rowsDone = Math.min(rows, rowsDone + (await this.writeSearchText(layout, within)));
      this.onSearchTextFill({ table: layout.table, rowsDone, rows });
    }
    if (!same) await runSql(this.writer, sql`INSERT OR REPLACE INTO _meta VALUES (${key}, ${param(layout.search.version)})`);
    // Scans read updated rows through the engine's update records until they are written out.
    if (rows > 0) await runSql(this.writer, sql`CHECKPOINT`);
  }

  /**
   * Writes the search text and its mask of the rows `where` selects, worked out from their
   * records as staging does, in one transaction; the rows written.
   */
  private async writeSearchText(layout: TableLayout, where: SqlQuery): Promise<number> {
    const { search } = layout;
    if (!search) return 0;
    const table = tableName(layout);
    const records = recordColumnsOf(layout);
    const rowids: bigint[] = [];
    const runs: string[] = [];
    const { text, params } = renderSql(sql`SELECT ${records.select}, rowid FROM ${table} WHERE ${where}`);
    for await (const chunk of await this.writer.stream(text, params)) {
      const ids = chunk.getColumnValues(chunk.columnCount - 1);
      records.decode<unknown>(chunk).forEach((record, index) => {
        rowids.push(BigInt(ids[index] as bigint));
        runs.push(search.runsOf(record));
      });
    }
    if (rowids.length === 0) return 0;
    await runSql(this.writer, sql`CREATE OR REPLACE TEMP TABLE _search_fill (row_id BIGINT, digits VARCHAR, mask UHUGEINT)`);
    const appender = await this.writer.createAppender('_search_fill', 'main', 'temp');
    rowids.forEach((rowid, index) => {
      appender.appendBigInt(rowid);
      appender.appendVarchar(runs[index] ?? '');
      appender.appendUHugeInt(digitMask(runs[index] ?? ''));
      appender.endRow();
    });
    appender.closeSync();
    try {
      await inTransaction(this.writer, () =>
        runSql(
          this.writer,
          sql`UPDATE ${table} SET ${searchTextColumn(layout)} = fill.digits, ${searchMaskColumn(layout)} = fill.mask FROM _search_fill AS fill WHERE ${table}.rowid = fill.row_id`,
        ),
      );
    } finally {
      await runSql(this.writer, sql`DROP TABLE IF EXISTS _search_fill`);
    }
    return rowids.length;
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
