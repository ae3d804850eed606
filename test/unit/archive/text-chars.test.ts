/**
 * The kinds of character each text column holds let a search skip the columns that cannot
 * hold its needle; a row must never be missed for it: not one merged since (its kinds are
 * added with it), not one written by another version (its kinds are added at the next
 * opening), and not one whose text goes beyond ASCII (the engine's lower() may make ASCII of it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { searchSql } from '../../../src/main/archive/shown-sql';
import { renderSql, sql, withKnownTexts } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { ANY_CHARS, mayHold, neededChars, storedChars } from '../../../src/main/archive/text-chars';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const table = archiveTableFor('voiceRecords');
const columns = listOf('voiceRecords').columns;
const data = buildSandboxData({ seed: 5, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'text-chars' });
const records = (count: number, change: (record: VoiceRecord, index: number) => VoiceRecord = (record) => record): VoiceRecord[] =>
  Array.from({ length: count }, (_, i) => change(listOf('voiceRecords').normalise(data.voiceRecordAt(i) as unknown as Record<string, unknown>, { zone }), i));

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function openStore(): Promise<{ path: string; store: ArchiveStore }> {
  const folder = mkdtempSync(join(tmpdir(), 'text-chars-'));
  folders.push(folder);
  const path = join(folder, 'archive.duckdb');
  return { path, store: (await ArchiveStore.open(path)).store };
}

async function found(store: ArchiveStore, needle: string): Promise<string[]> {
  const condition = searchSql(table.layout, columns, needle, zone);
  const page = await store.page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
  return page.records.map((record) => record.voiceId ?? '').sort();
}

describe('the kinds of character a text holds', () => {
  it('are letters either case, digits, a few marks and anything else; beyond ASCII a stored text may hold any', () => {
    expect(mayHold(storedChars('+8613800138000'), neededChars('138'))).toBe(true);
    expect(mayHold(storedChars('+8613800138000'), neededChars('answered'))).toBe(false);
    expect(mayHold(storedChars('Busy Everywhere'), neededChars('busy e'))).toBe(true);
    expect(mayHold(storedChars('2026-11-22T07:59:56+08:00'), neededChars('10:42'))).toBe(true);
    expect(mayHold(storedChars('0.0129'), neededChars('10:42'))).toBe(false);
    // The Kelvin sign lower-cases to an ASCII k; a needle beyond ASCII is only in a text beyond it.
    expect(storedChars('\u212a')).toBe(ANY_CHARS);
    expect(mayHold(storedChars('Delta Logistics'), neededChars('星辰'))).toBe(false);
    expect(mayHold(storedChars('星辰科技'), neededChars('星辰'))).toBe(true);
  });

  it('a gate is its condition until the kinds are known, and FALSE where they rule it out', () => {
    const condition = searchSql(table.layout, columns, 'answered', zone) ?? sql`TRUE`;
    expect(renderSql(condition).text).toContain('lower("callee")');
    const decided = withKnownTexts(condition, { mayHold: (column) => column !== 'callee', formOf: () => null });
    expect(renderSql(decided).text).not.toContain('lower("callee")');
    expect(renderSql(decided).text).toContain('lower("calledInfo")');
  });
});

describe('a search over the kinds of character the archive keeps', () => {
  it('finds a row merged since whose column held none of the needle before', async () => {
    const { store } = await openStore();
    try {
      await store.stage(table, records(40), 0, 1_000);
      await store.commit(table, null);
      expect(await found(store, 'zqx')).toEqual([]);
      const odd = records(41).slice(40).map((record) => ({ ...record, callee: '+86ZQX555' }));
      await store.stage(table, odd, 40, 2_000);
      await store.commit(table, null);
      expect(await found(store, 'zqx')).toEqual([odd[0]?.voiceId]);
    } finally {
      await store.close();
    }
  });

  it('finds rows another version wrote without their kinds, once the archive is opened again', async () => {
    const { path, store } = await openStore();
    await store.stage(table, records(10), 0, 1_000);
    await store.commit(table, null);
    expect(await found(store, 'qqj')).toEqual([]);
    await store.close();
    // An earlier version merges a row as it always did: its own columns, nothing of the kinds.
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    await connection.run(`INSERT INTO "voiceRecords" ("_key", "_time", "_scope", "_seen", "voiceId", "callee") VALUES ('other', 1, '', 3000, 'other-1', 'QQJ 42')`);
    connection.closeSync();
    instance.closeSync();
    const { store: reopened } = await ArchiveStore.open(path);
    try {
      expect(await found(reopened, 'qqj')).toEqual(['other-1']);
    } finally {
      await reopened.close();
    }
  });

  it('finds a word beyond ASCII, and an ASCII letter a character beyond it lower-cases to', async () => {
    const { store } = await openStore();
    try {
      const rows = records(3, (record, i) => ({ ...record, callee: ['+8613800138000', '呼叫中心 8', 'x\u212ay'][i] ?? null }));
      await store.stage(table, rows, 0, 1_000);
      await store.commit(table, null);
      expect(await found(store, '呼叫')).toEqual([rows[1]?.voiceId]);
      // The engine's lower() makes the Kelvin sign an ASCII k.
      expect(await found(store, 'xky')).toEqual([rows[2]?.voiceId]);
    } finally {
      await store.close();
    }
  });
});
