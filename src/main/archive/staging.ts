/**
 * How fetched rows get into the archive: appended to the operation's staging table, then
 * merged (replace by `_key`) in a transaction that also records the coverage or snapshot
 * they complete, so a crash never leaves a range marked as covered without its rows.
 * Runs on the writer connection; the store calls it one piece of work at a time.
 */
import { LIST, VARCHAR, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import type { CoveragePiece } from './coverage';
import { writeCoverage, writeMeta } from './meta-tables';
import type { TableSchemas } from './schema';
import { digitMask } from './digit-mask';
import { CharsTally, textCharsKey } from './text-chars';
import type { TextFacts } from './text-facts';
import { FormsTally, timeFormsKey } from './time-forms';
import { inTransaction, param, readSql, runSql, sql, stageNameOf, stageTableName, tableName } from './sql-query';
import { encodeFields, type ArchiveTable, type SqlCell, type SqlColumn, type TableLayout } from './table-layout';

/** Staged rows merged at once when no coverage asks sooner: one row group, which the engine writes straight to the file rather than through its log. */
export const MERGE_EVERY_ROWS = 122_880;
/**
 * An appender keeps what it is given in a buffer of its own, outside the engine's memory
 * limit, until it holds 204,800 rows or is closed; handing them on every so often lets the
 * staging table (held to the limit, spilling beyond it) keep them instead.
 */
const APPENDER_FLUSH_ROWS = 8_192;

/**
 * What a commit completes: a covered time range; or a whole listing fetched from
 * `takenAtMs` on, so rows of the scope not seen since then are the ones gone from the
 * platform. Rows merged earlier in the same fetch (a large list merges in batches) or by
 * a page viewed meanwhile were seen since, so they stay.
 */
export type Completes = { coverage: CoveragePiece } | { snapshot: { scope: string; takenAtMs: number } };

/** What the staged rows of a table hold: kinds of character, forms of times. */
type StagedTexts = { chars: CharsTally; forms: FormsTally };

export class Staging {
  private readonly staged = new Map<string, number>();
  /** One open appender per staging table until its rows are merged (opening one per page is slow). */
  private readonly appenders = new Map<string, DuckDBAppender>();
  /** What the staged rows' texts are like, per table (see text-facts.ts). */
  private readonly stagedTexts = new Map<string, StagedTexts>();

  constructor(
    private readonly writer: DuckDBConnection,
    private readonly schemas: TableSchemas,
    private readonly texts: TextFacts,
    /** Told after every merge: what was read before may have changed. */
    private readonly onMerged: () => void,
  ) {}

  async stage<R>(table: ArchiveTable<R>, records: readonly R[], firstPosition: number, seenAtMs: number): Promise<void> {
    await this.schemas.prepare(table.layout);
    const appender = await this.appenderFor(table.layout);
    const seen = BigInt(seenAtMs);
    const { search } = table.layout;
    const tally = this.stagedTextsOf(table.layout);
    records.forEach((record, index) => {
      appendCells(appender, table.layout.columns, [
        table.keyOf(record, firstPosition + index),
        nullableBigInt(table.timeOf(record)),
        table.scopeOf(record),
        seen,
        ...encodeFields(table.layout, record as Record<string, unknown>),
        BigInt(firstPosition + index),
      ]);
      // The search text is worked out here, page by page while the fetch waits on the
      // network, not in the merge after the last page (it held a sync up seconds past it).
      if (search) {
        const runs = search.runsOf(record);
        appender.appendVarchar(runs);
        appender.appendUHugeInt(digitMask(runs));
      }
      // Its kinds of character and the forms of its times are in the tally: kept.
      appender.appendBoolean(true);
      appender.appendBoolean(true);
      appender.endRow();
      tally.chars.add(record);
      tally.forms.add(record);
    });
    const before = this.staged.get(table.layout.table) ?? 0;
    const staged = before + records.length;
    // Handed on each time the count staged passes a multiple: an appender never holds more than that and a page.
    if (Math.floor(staged / APPENDER_FLUSH_ROWS) > Math.floor(before / APPENDER_FLUSH_ROWS)) appender.flushSync();
    this.staged.set(table.layout.table, staged);
    if (staged >= MERGE_EVERY_ROWS) await this.merge(table.layout, null);
  }

  /** Merges the staged rows, in one transaction with what they complete. */
  async commit<R>(table: ArchiveTable<R>, completes: Completes | null): Promise<void> {
    await this.schemas.prepare(table.layout);
    await this.merge(table.layout, completes);
  }

  /** Drops what was staged and not committed (a cancelled or failed fetch). */
  async discard<R>(table: ArchiveTable<R>): Promise<void> {
    if (!this.schemas.isPrepared(table.layout)) return;
    this.closeAppender(table.layout);
    await runSql(this.writer, sql`DELETE FROM ${stageTableName(table.layout)}`);
    this.staged.set(table.layout.table, 0);
    this.stagedTexts.delete(table.layout.table);
  }

  private stagedTextsOf(layout: TableLayout): StagedTexts {
    let tally = this.stagedTexts.get(layout.table);
    if (!tally) this.stagedTexts.set(layout.table, (tally = { chars: new CharsTally(layout), forms: new FormsTally(layout) }));
    return tally;
  }

  /** Closes every appender (the store is closing). */
  closeAll(): void {
    for (const appender of this.appenders.values()) appender.closeSync();
    this.appenders.clear();
  }

  private async appenderFor(layout: TableLayout): Promise<DuckDBAppender> {
    const open = this.appenders.get(layout.table);
    if (open) return open;
    const appender = await this.writer.createAppender(stageNameOf(layout), 'main', 'temp');
    this.appenders.set(layout.table, appender);
    return appender;
  }

  /** Closes the staging appender so its rows are visible to SQL. */
  private closeAppender(layout: TableLayout): void {
    const appender = this.appenders.get(layout.table);
    if (!appender) return;
    this.appenders.delete(layout.table);
    appender.closeSync();
  }

  private async merge(layout: TableLayout, completes: Completes | null): Promise<void> {
    const table = tableName(layout);
    const stage = stageTableName(layout);
    this.closeAppender(layout);
    await inTransaction(this.writer, async () => {
      await runSql(this.writer, sql`DELETE FROM ${table} WHERE _key IN (SELECT _key FROM ${stage})`);
      // The newest fetch of a key wins when one batch holds it twice (rare: a page re-read
      // after the data moved); the window sort is paid only then.
      const repeated = await readSql(this.writer, sql`SELECT count(*) - count(DISTINCT _key) FROM ${stage}`);
      const newestOnly =
        Number(repeated[0]?.[0] ?? 0) > 0
          ? sql` QUALIFY row_number() OVER (PARTITION BY _key ORDER BY _seen DESC, rowid DESC) = 1`
          : sql``;
      await runSql(this.writer, sql`INSERT INTO ${table} BY NAME SELECT * FROM ${stage}${newestOnly}`);
      await this.widenTexts(layout);
      if (completes && 'coverage' in completes) await writeCoverage(this.writer, layout.table, completes.coverage);
      if (completes && 'snapshot' in completes) await this.replaceSnapshot(layout, completes.snapshot);
      // Made afresh rather than emptied: the rows a DELETE leaves marked in it (the appender
      // hands them over every 8,192) made each checkpoint after a merge 2-3 s longer.
      await runSql(this.writer, sql`CREATE OR REPLACE TEMP TABLE ${stage} AS SELECT * FROM ${stage} LIMIT 0`);
    });
    const merged = this.staged.get(layout.table) ?? 0;
    this.staged.set(layout.table, 0);
    this.stagedTexts.delete(layout.table);
    this.onMerged();
    // Blocks a large merge leaves behind are only reused after a checkpoint; without one
    // every batch of a long sync grows the file (1,000,000 rows: 251 MB with 46% of its
    // blocks free, 150 MB with a checkpoint per batch, at no measurable cost in time).
    if (merged >= MERGE_EVERY_ROWS) await runSql(this.writer, sql`CHECKPOINT`);
  }

  /**
   * Adds what the staged rows' texts are like to the table's, in the merge's transaction and
   * before it commits: a reader that sees the rows searches by facts that include theirs.
   */
  private async widenTexts(layout: TableLayout): Promise<void> {
    const staged = this.stagedTexts.get(layout.table);
    await this.keepWidened(timeFormsKey(layout), this.texts.forms.widen(layout.table, staged?.forms.byColumn() ?? new Map<string, string>()));
    await this.keepWidened(textCharsKey(layout), this.texts.chars.widen(layout.table, staged?.chars.byColumn() ?? new Map<string, number>()));
  }

  /** Keeps a table's widened facts in `_meta`; facts that are not known are dropped, to be worked out at the next opening. */
  private async keepWidened(key: string, widened: { grown: string } | 'same' | 'unknown'): Promise<void> {
    if (widened === 'unknown') await runSql(this.writer, sql`DELETE FROM _meta WHERE key = ${param(key)}`);
    else if (widened !== 'same') await writeMeta(this.writer, key, widened.grown);
  }

  private async replaceSnapshot(layout: TableLayout, { scope, takenAtMs }: { scope: string; takenAtMs: number }): Promise<void> {
    const table = tableName(layout);
    const operation = param(layout.table);
    const taken = BigInt(takenAtMs);
    await runSql(this.writer, sql`DELETE FROM ${table} WHERE _scope = ${param(scope)} AND _seen < ${param(taken)}`);
    await runSql(this.writer, sql`DELETE FROM _snapshots WHERE operation = ${operation} AND scope = ${param(scope)}`);
    await runSql(
      this.writer,
      sql`INSERT INTO _snapshots SELECT ${operation}, ${param(scope)}, ${param(taken)}, count(*) FROM ${table} WHERE _scope = ${param(scope)}`,
    );
  }
}

const nullableBigInt = (value: number | null): bigint | null =>
  value === null || !Number.isFinite(value) ? null : BigInt(Math.trunc(value));

/** A row's cells of the layout's columns (the row is ended by the caller, after its search text, when the table keeps one, and its kinds-kept flag). */
function appendCells(appender: DuckDBAppender, columns: readonly SqlColumn[], cells: readonly SqlCell[]): void {
  columns.forEach((column, index) => {
    const cell = cells[index];
    if (cell === null || cell === undefined) appender.appendNull();
    else if (column.type === 'VARCHAR') appender.appendVarchar(String(cell));
    else if (column.type === 'DOUBLE') appender.appendDouble(Number(cell));
    else if (column.type === 'BIGINT') appender.appendBigInt(typeof cell === 'bigint' ? cell : BigInt(Number(cell)));
    else appender.appendList(Array.isArray(cell) ? cell : [], LIST(VARCHAR));
  });
}
