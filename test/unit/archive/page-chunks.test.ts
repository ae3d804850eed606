/**
 * Pages read as part of shared chunks are exactly the rows of the listing at their offsets,
 * across chunk edges, in every order, and a write in between is seen by the next page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveStore, type ArchiveQuery } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { VoiceRecord } from '../../../src/shared/records';
import { generateVoiceArchive } from './generated-archive';

const table = archiveTableFor('voiceRecords');
// More rows than a page's sort narrows from, so both ways of picking a page are taken.
const ROWS = 60_000;

describe('pages of a large listing', () => {
  let store: ArchiveStore;
  beforeAll(async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'page-chunks-')), 'chunks.duckdb');
    await generateVoiceArchive(path, ROWS);
    ({ store } = await ArchiveStore.open(path));
  }, 60_000);
  afterAll(() => store.close());

  async function listing(query: ArchiveQuery, limit: number): Promise<string[]> {
    const ids: string[] = [];
    await store.each(table, query, (records) => void ids.push(...records.map((record) => String(record.voiceId))), undefined, limit);
    return ids;
  }

  it.each<[string, ArchiveQuery]>([
    ['the platform order', {}],
    ['a number column with many ties, descending', { sort: { field: 'callDuration', descending: true } }],
    ['a text column', { sort: { field: 'callee', descending: false } }],
  ])('in %s, at offsets across chunk edges', async (_name, query) => {
    const expected = await listing(query, 1_200);
    for (const [offset, limit] of [[0, 25], [225, 25], [240, 25], [200, 100], [490, 20], [0, 1000], [700, 500]] as const) {
      const page = await store.page(table, query, offset, limit);
      expect(page.records.map((record: VoiceRecord) => record.voiceId), `offset ${offset}, limit ${limit}`).toEqual(expected.slice(offset, offset + limit));
    }
  });

  it('a write between two pages is seen by the next', async () => {
    const before = await store.page(table, {}, 0, 25);
    const newest = { ...before.records[0], voiceId: 'written-between', submitTime: before.records[0].submitTime } as VoiceRecord;
    await store.stage(table, [newest], -1, Date.now());
    await store.commit(table, null);
    const after = await store.page(table, {}, 0, 25);
    expect(after.total).toBe(before.total + 1);
    expect(after.records.map((record: VoiceRecord) => record.voiceId)).toContain('written-between');
  });
});
