/**
 * A large export is read in slices of its order, each sorted alone (export-slices.ts): read
 * one after the other, they are the rows in exactly the order one statement gives, across
 * ties, rows without a value and values with more rows than a slice.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { archiveRows } from '../../../src/main/archive/archive-export';
import type { ArchiveQuery } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { VoiceRecord } from '../../../src/shared/records';
import { UNUSABLE_TEMP, withUnusableTemp } from '../support/unusable-temp';
import { stagedArchive } from './staged-archive';

const ROWS = 400;
/** Far fewer than the rows, and fewer than the rows of the commonest values. */
const SLICE_ROWS = 7;
const table = archiveTableFor('voiceRecords');

function recordAt(i: number): VoiceRecord {
  return {
    voiceId: `v${String((i * 7919) % 1000).padStart(4, '0')}-${i}`,
    callee: i % 11 === 0 ? null : `+86 ${i % 40}`,
    callStatus: [10, 40, 50, 60, null][i % 5],
    // Three calls a second: ties on the row time too.
    submitTime: { text: 'x', epochMs: 1_795_305_596_000 - Math.floor(i / 3) * 1000 },
    callTime: null,
    // Mostly 0 (many more rows than a slice), some empty, a few others.
    callDuration: i % 5 === 0 ? null : i % 4 === 0 ? i : 0,
    cost: i % 6 === 0 ? null : { text: i % 2 === 0 ? '0.5' : '1.25', value: i % 2 === 0 ? 0.5 : 1.25 },
    extra: {},
  } as unknown as VoiceRecord;
}

describe('an export of more rows than the engine sorts at once', () => {
  const archive = stagedArchive(table, Array.from({ length: ROWS }, (_, i) => recordAt(i)), { exportSliceRows: SLICE_ROWS });

  /** The keys of the rows the export reads, in its order. */
  async function exported(query: ArchiveQuery, limit?: number): Promise<string[]> {
    const keys: string[] = [];
    const read = await archiveRows(archive(), 'voiceRecords', query, limit).each(async (chunk) => {
      for (const record of chunk.records()) keys.push(table.keyOf(record, keys.length));
    }, new AbortController().signal);
    expect(read.ok, JSON.stringify(read)).toBe(true);
    return keys;
  }

  /** The keys of the rows in the order one statement gives (a page of them all). */
  async function inOneStatement(query: ArchiveQuery): Promise<string[]> {
    const page = await archive().page(table, query, 0, ROWS);
    return page.records.map((record, index) => table.keyOf(record, index));
  }

  it.each<[string, ArchiveQuery]>([
    ['the default order (newest first, ties by the platform listing and key)', {}],
    ['duration, ascending: hundreds of zeros and empty durations', { sort: { field: 'callDuration', descending: false } }],
    ['duration, descending', { sort: { field: 'callDuration', descending: true } }],
    ['cost, descending: two values and empty ones', { sort: { field: 'cost', descending: true } }],
    ['callee (text), ascending, with empty ones', { sort: { field: 'callee', descending: false } }],
    ['filtered by status, sorted by call status', { sort: { field: 'callStatus', descending: true }, filters: [{ field: 'callStatus', op: 'in', values: [40, 50] }] }],
  ])('reads every row once, in the order of one statement: %s', async (_what, query) => {
    const sliced = await exported(query);
    const whole = await inOneStatement(query);
    expect(new Set(sliced).size).toBe(sliced.length);
    expect(sliced).toEqual(whole);
  });

  it('stops at a limit across slices', async () => {
    const query: ArchiveQuery = { sort: { field: 'callDuration', descending: false } };
    expect(await exported(query, 23)).toEqual((await inOneStatement(query)).slice(0, 23));
  });

  /** The keys of a Parquet export of the rows, in the file's order. */
  async function parquetKeys(query: ArchiveQuery): Promise<string[]> {
    const folder = mkdtempSync(join(tmpdir(), 'slices-parquet-'));
    const path = join(folder, 'calls.parquet');
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    try {
      // The system's temp folder (often held in memory) is not the place for the parts: here it cannot be written.
      expect(await withUnusableTemp(folder, () => archive().copyToParquet(table, query, path))).toBe(ROWS);
      // The parts written on the way, beside the file, are gone.
      expect(readdirSync(folder).sort()).toEqual(['calls.parquet', UNUSABLE_TEMP]);
      const read = await connection.runAndReadAll(`SELECT voiceId FROM read_parquet('${path.replaceAll("'", "''")}')`);
      return read.getRowsJS().map((row) => String(row[0]));
    } finally {
      connection.closeSync();
      db.closeSync();
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it.each<[string, ArchiveQuery]>([
    ['the default order', {}],
    ['duration, ascending', { sort: { field: 'callDuration', descending: false } }],
    ['callee (text), descending', { sort: { field: 'callee', descending: true } }],
  ])('writes Parquet in slices too, every row once, in the order of one statement: %s', async (_what, query) => {
    expect(await parquetKeys(query)).toEqual(await inOneStatement(query));
  });
});

describe('an export read while a sync merges', () => {
  const records = Array.from({ length: ROWS }, (_, i) => recordAt(i));
  const archive = stagedArchive(table, records, { exportSliceRows: SLICE_ROWS });

  it('reads the rows as they were when it began: a merge meanwhile moves none into a slice still to be read', async () => {
    const query: ArchiveQuery = { sort: { field: 'callDuration', descending: false } };
    const before = (await archive().page(table, query, 0, ROWS)).records.map((record, index) => table.keyOf(record, index));
    const keys: string[] = [];
    let merged = false;
    const read = await archiveRows(archive(), 'voiceRecords', query).each(async (chunk) => {
      for (const record of chunk.records()) keys.push(table.keyOf(record, keys.length));
      if (merged) return;
      merged = true;
      // Every call's duration changed after the first slice is read: in its order, each row moves.
      await archive().stage(table, records.map((record, i) => ({ ...record, callDuration: 10_000 - i })), 0, 2_000);
      await archive().commit(table, null);
    }, new AbortController().signal);
    expect(read.ok, JSON.stringify(read)).toBe(true);
    expect(merged).toBe(true);
    expect(keys).toEqual(before);
    // The merge is in: the next export reads it.
    expect((await archive().page(table, query, 0, 1)).records[0]?.callDuration).toBe(10_000 - (ROWS - 1));
  });
});
