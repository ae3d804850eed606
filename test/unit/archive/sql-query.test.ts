/** The archive's SQL builder: only code-written text, layout names, whole numbers and values make a statement. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import {
  columnName,
  fieldColumn,
  isSqlQuery,
  joinSql,
  literal,
  param,
  renderSql,
  sql,
  tableName,
  type SqlQuery,
} from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';

const layout = archiveTableFor('voiceRecords').layout;

describe('sql', () => {
  it('writes names from the layout, whole numbers as literals and values as numbered parameters', () => {
    const query = sql`SELECT ${fieldColumn(layout, 'callee')} FROM ${tableName(layout)} WHERE _time >= ${1_700_000_000_000} AND ${fieldColumn(layout, 'displayNum')} = ${param("it's")} OR ${columnName(layout, '_key')} IN (${joinSql([param('a'), param('b')])})`;
    expect(renderSql(query)).toEqual({
      text: 'SELECT "callee" FROM "voiceRecords" WHERE _time >= 1700000000000 AND "displayNum" = $p0 OR "_key" IN ($p1, $p2)',
      params: { p0: "it's", p1: 'a', p2: 'b' },
    });
  });

  it('refuses a string, a fractional or unsafe number, and an object that only looks like a fragment', () => {
    const typed = "x'; DROP TABLE voiceRecords; --";
    expect(() => sql`SELECT ${typed as unknown as SqlQuery}`).toThrow(/fragments and whole numbers only/);
    expect(() => sql`LIMIT ${1.5}`).toThrow(/Not a whole number/);
    expect(() => sql`LIMIT ${2 ** 60}`).toThrow(/Not a whole number/);
    expect(() => sql`LIMIT ${Number.NaN}`).toThrow(/Not a whole number/);
    const forged = Object.freeze({}) as SqlQuery;
    expect(isSqlQuery(forged)).toBe(false);
    expect(() => sql`SELECT ${forged}`).toThrow(/fragments and whole numbers only/);
    expect(() => renderSql(forged)).toThrow(/Not a statement made with sql/);
  });

  it('takes only a real template literal, not an array posing as one', () => {
    const fake = Object.assign(['DROP TABLE voiceRecords'], { raw: ['DROP TABLE voiceRecords'] });
    expect(() => sql(fake as unknown as TemplateStringsArray)).toThrow(/template literal written in code/);
  });

  it('names only what the layout holds', () => {
    expect(() => fieldColumn(layout, 'callee" OR 1=1 --')).toThrow(/no field/);
    expect(() => columnName(layout, 'nope')).toThrow(/no column "nope"/);
  });

  it("is the only thing the store's read() runs: text is refused before it reaches the engine", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'switchboard-sql-'));
    const { store } = await ArchiveStore.open(join(folder, 'archive.duckdb'));
    try {
      const text = 'DROP TABLE _meta' as unknown as SqlQuery;
      await expect(store.read([], text)).rejects.toThrow(/Not a statement made with sql/);
      expect(await store.read([], sql`SELECT count(*) FROM _meta`)).toEqual([[1n]]);
    } finally {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('quotes a literal text by doubling its quotes', () => {
    expect(renderSql(sql`COPY x TO ${literal("/tmp/o'hara.parquet")}`).text).toBe("COPY x TO '/tmp/o''hara.parquet'");
    expect(() => literal('a\u0000b')).toThrow(/NUL/);
    expect(() => literal(Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });
});
