/**
 * A search of digits (a phone number, an id, five digits or more) is answered from the
 * digit runs each row keeps (shown-sql.ts, digit-mask.ts), and finds exactly the rows the
 * table's predicate finds over loaded rows: in a fixed zone and one with daylight saving,
 * in English and in Chinese. An archive made before the stored runs gets them filled once
 * when opened (its progress told, its rows unchanged), and a table filled by another
 * expression, or holding rows merged without them, is filled again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { digitMask } from '../../../src/main/archive/digit-mask';
import { TableSchemas, type SearchTextFill } from '../../../src/main/archive/schema';
import { searchSql } from '../../../src/main/archive/shown-sql';
import { STORED_DIGITS_MIN } from '../../../src/main/archive/stored-digits';
import { renderSql, sql, readSql } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { newTextFacts } from '../../../src/main/archive/text-facts';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { cellText, rawText } from '../../../src/shared/cell-text';
import { rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { listOf, type ListOperation, type ListRows } from '../../../src/shared/operations';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const platformZone = parseTimeZone('+08:00') as TimeZone;
const ZONES = [platformZone, parseTimeZone('America/New_York') as TimeZone];
const data = buildSandboxData({ seed: 17, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'stored-search' });

const raw: Partial<Record<ListOperation, readonly unknown[]>> = {
  voiceRecords: Array.from({ length: 400 }, (_, i) => data.voiceRecordAt(Math.floor((i * data.voiceRecordCount) / 400))),
  numberRecords: Array.from({ length: 300 }, (_, i) => data.numberRecordAt(i)),
  seats: data.seats(),
  numbers: data.numbers(),
};
const LISTS = Object.keys(raw) as ListOperation[];

function rowsOf<O extends ListOperation>(operation: O): ListRows[O][] {
  const list = listOf(operation);
  return (raw[operation] ?? []).map((record) => list.toRow(list.normalise(record as Record<string, unknown>, { zone: platformZone })));
}

/** Digit needles a supervisor types: parts of what the first rows show (phone numbers, ids, amounts), and runs no row holds. */
function digitNeedles<R>(columns: readonly Column<R>[], rows: readonly R[], zone: TimeZone): string[] {
  const needles = new Set<string>(['00000', '000000', '9999999999', '12345']);
  for (const row of rows.slice(0, 12)) {
    for (const column of columns) {
      for (const text of [cellText(column, row, zone), rawText(column, row)]) {
        for (const run of text.match(/\d{5,}/g) ?? []) {
          needles.add(run).add(run.slice(1)).add(run.slice(0, -1)).add(run.slice(2, 2 + STORED_DIGITS_MIN)).add(`${run}1`);
        }
      }
    }
  }
  return [...needles].filter((needle) => /^\d+$/.test(needle) && needle.length >= STORED_DIGITS_MIN);
}

async function openStore(path: string, onFill?: (fill: SearchTextFill) => void): Promise<ArchiveStore> {
  return (await ArchiveStore.open(path, onFill ? { onSearchTextFill: onFill } : {})).store;
}

describe('a digit search reads the stored digit runs and finds what the table finds', () => {
  let folder: string;
  let store: ArchiveStore;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'stored-search-'));
    store = await openStore(join(folder, 'archive.duckdb'));
    for (const operation of LISTS) {
      const table = archiveTableFor(operation);
      await store.stage(table, rowsOf(operation), 0, 1_000);
      await store.commit(table, null);
    }
  }, 60_000);
  afterAll(async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });
  afterEach(() => setCurrentLocale('en'));

  it('uses the stored runs for digits only, five or more; any other needle is matched column by column', () => {
    const { layout } = archiveTableFor('voiceRecords');
    const columns = listOf('voiceRecords').columns;
    const text = (needle: string): string => renderSql(searchSql(layout, columns, needle, platformZone) ?? sql`TRUE`).text;
    expect(text('8618929')).toContain('_search_digits');
    expect(text(' 86189 ')).toContain('_search_mask');
    for (const needle of ['1234', '86-18929', 'connected', '2026-11-01', '+8618929']) expect(text(needle)).not.toContain('_search_digits');
  });

  for (const locale of ['en', 'zh-CN'] as const) {
    it(`finds the same rows as the loaded rows' predicate, in ${locale}, in either zone`, async () => {
      setCurrentLocale(locale);
      let compared = 0;
      let matched = 0;
      for (const operation of LISTS) {
        const table = archiveTableFor(operation);
        const all = (await store.page(table, {}, 0, 1_000)).records;
        const columns: readonly Column<ListRows[typeof operation]>[] = listOf(operation).columns;
        for (const zone of ZONES) {
          for (const needle of digitNeedles(columns, all, zone)) {
            const keep = rowPredicate(columns, [], needle, zone);
            const expected = all.filter((row) => keep?.(row) ?? true).map((row) => table.keyOf(row, all.indexOf(row)));
            const condition = searchSql(table.layout, columns, needle, zone);
            const page = await store.page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
            const found = page.records.map((row, index) => table.keyOf(row, index));
            expect(found.sort(), `${operation} searched for "${needle}" in ${zone.name}`).toEqual(expected.sort());
            compared++;
            matched += expected.length > 0 ? 1 : 0;
          }
        }
      }
      expect(compared).toBeGreaterThan(50);
      // Most needles come from the rows, so most find some; a few find none.
      expect(matched).toBeGreaterThan(compared / 2);
      expect(matched).toBeLessThan(compared);
    }, 120_000);
  }

  it("a needle's mask is within the mask of every text holding it", () => {
    const texts = ['8618929464606 087871327956 000000', '12345', '99999 10000 00001', '123456789012345678901234567890'];
    for (const text of texts) {
      const stored = digitMask(text);
      for (let from = 0; from < text.length; from++) {
        for (let to = from + STORED_DIGITS_MIN; to <= text.length; to++) {
          const needle = text.slice(from, to);
          if (!/^\d+$/.test(needle)) continue;
          const mask = digitMask(needle);
          expect(stored & mask, `${needle} in ${text}`).toBe(mask);
        }
      }
    }
    // And the mask tells texts apart: 55555 is not in 12345's.
    expect(digitMask('12345') & digitMask('55555')).not.toBe(digitMask('55555'));
  });
});

describe('rows staged page by page, as a sync stages them', () => {
  const voice = archiveTableFor('voiceRecords');
  const pages = (rows: readonly ListRows['voiceRecords'][]): ListRows['voiceRecords'][][] =>
    Array.from({ length: Math.ceil(rows.length / 100) }, (_, page) => rows.slice(page * 100, page * 100 + 100));
  const list = listOf('voiceRecords');
  const many = Array.from({ length: data.voiceRecordCount }, (_, i): unknown => data.voiceRecordAt(i)).map((record) =>
    list.toRow(list.normalise(record as Record<string, unknown>, { zone: platformZone })),
  );

  it('each carry their digit runs, found by a search like the table finds them, and a fetch given up leaves none behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'stored-search-paged-'));
    const store = await openStore(join(folder, 'archive.duckdb'));
    try {
      // A fetch given up after 2,500 rows leaves nothing behind, written or not.
      const ghosts = many.slice(0, 2_500).map((row) => ({ ...row, voiceId: `ghost-${row.voiceId}` }));
      for (const [index, page] of pages(ghosts).entries()) await store.stage(voice, page, index * 100, 1_000);
      await store.discardStaged(voice);
      for (const [index, page] of pages(many).entries()) await store.stage(voice, page, index * 100, 2_000);
      await store.commit(voice, null);
      const count = async (where: ReturnType<typeof sql>): Promise<number> => (await store.page(voice, { shown: [where] }, 0, 0)).total;
      expect(await count(sql`TRUE`)).toBe(many.length);
      expect(await count(sql`_search_digits IS NULL OR _search_mask IS NULL`)).toBe(0);
      for (const row of [many[7], many[2_950]]) {
        const needle = (row?.callee ?? '').slice(-8);
        expect(needle).toMatch(/^\d{8}$/);
        const keep = rowPredicate(list.columns, [], needle, platformZone);
        const expected = many.filter((candidate) => keep?.(candidate) ?? true).length;
        const condition = searchSql(voice.layout, list.columns, needle, platformZone);
        expect(renderSql(condition ?? sql`TRUE`).text).toContain('_search_digits');
        expect(await count(condition ?? sql`TRUE`)).toBe(expected);
        expect(expected).toBeGreaterThan(0);
      }
    } finally {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('an archive made before the stored digit runs', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'stored-search-migrate-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const table = archiveTableFor('voiceRecords');
  const rows = rowsOf('voiceRecords');
  const columns: readonly Column<ListRows['voiceRecords']>[] = listOf('voiceRecords').columns;

  /** The rows a digit search finds, and those the predicate keeps over the archive's own rows. */
  async function searched(store: ArchiveStore, needle: string): Promise<{ found: string[]; expected: string[] }> {
    const all = (await store.page(table, {}, 0, 1_000)).records;
    const keep = rowPredicate(columns, [], needle, platformZone);
    const condition = searchSql(table.layout, columns, needle, platformZone);
    const page = await store.page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
    return {
      found: page.records.map((row, index) => table.keyOf(row, index)).sort(),
      expected: all.filter((row) => keep?.(row) ?? true).map((row) => table.keyOf(row, all.indexOf(row))).sort(),
    };
  }

  /** An archive as an earlier version left it: the rows, no search columns, no version. */
  async function olderArchive(path: string): Promise<ListRows['voiceRecords'][]> {
    const store = await openStore(path);
    await store.stage(table, rows, 0, 1_000);
    await store.commit(table, null);
    const before = (await store.page(table, {}, 0, 1_000)).records;
    await store.read([], sql`ALTER TABLE "voiceRecords" DROP COLUMN _search_digits`);
    await store.read([], sql`ALTER TABLE "voiceRecords" DROP COLUMN _search_mask`);
    await store.read([], sql`DELETE FROM _meta WHERE key = 'search:voiceRecords'`);
    await store.close();
    return before;
  }

  it('gets them filled when opened, told as it goes, with every row as it was', async () => {
    const path = join(folder, 'older.duckdb');
    const before = await olderArchive(path);
    const fills: SearchTextFill[] = [];
    const store = await openStore(path, (fill) => fills.push(fill));
    try {
      const needle = (rows[7]?.callee ?? '').slice(-7);
      const { found, expected } = await searched(store, needle);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(expected);
      expect(fills[0]).toEqual({ table: 'voiceRecords', rowsDone: 0, rows: rows.length });
      expect(fills.at(-1)).toEqual({ table: 'voiceRecords', rowsDone: rows.length, rows: rows.length });
      expect((await store.page(table, {}, 0, 1_000)).records).toEqual(before);
    } finally {
      await store.close();
    }
    // Filled once: the next opening has nothing to fill.
    const again: SearchTextFill[] = [];
    const reopened = await openStore(path, (fill) => again.push(fill));
    await reopened.page(table, {}, 0, 1);
    await reopened.close();
    expect(again).toEqual([]);
  }, 60_000);

  it('fills them again when they were written by another expression, or left empty by a merge that wrote none', async () => {
    const path = join(folder, 'changed.duckdb');
    const store = await openStore(path);
    await store.stage(table, rows, 0, 1_000);
    await store.commit(table, null);
    const needle = (rows[11]?.displayNum ?? '').slice(-6);
    const right = await searched(store, needle);
    expect(right.found.length).toBeGreaterThan(0);
    expect(right.found).toEqual(right.expected);
    // Another expression's texts (here: none that match) and an older version named.
    await store.read([], sql`UPDATE "voiceRecords" SET _search_digits = '', _search_mask = 0`);
    await store.read([], sql`UPDATE _meta SET value = 'older' WHERE key = 'search:voiceRecords'`);
    await store.close();
    const refilled = await openStore(path);
    expect((await searched(refilled, needle)).found).toEqual(right.expected);
    // Rows merged by a version that wrote no search text: filled at the next opening.
    await refilled.read([], sql`UPDATE "voiceRecords" SET _search_digits = NULL, _search_mask = NULL WHERE rowid % 2 = 0`);
    await refilled.close();
    const repaired = await openStore(path);
    try {
      expect((await searched(repaired, needle)).found).toEqual(right.expected);
      const [[empty]] = await repaired.read([], sql`SELECT count(*) FROM "voiceRecords" WHERE _search_digits IS NULL OR _search_mask IS NULL`);
      expect(Number(empty)).toBe(0);
    } finally {
      await repaired.close();
    }
  }, 60_000);

  it('a new table is made with them and told nothing to fill', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run('CREATE TABLE _meta (key VARCHAR PRIMARY KEY, value VARCHAR)');
      const fills: SearchTextFill[] = [];
      await new TableSchemas(connection, newTextFacts(), (fill) => fills.push(fill)).prepare(table.layout);
      const names = (await readSql(connection, sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'voiceRecords'`)).map(([name]) => String(name));
      expect(names).toEqual(expect.arrayContaining(['_search_digits', '_search_mask']));
      expect(fills).toEqual([]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
