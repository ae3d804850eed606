/**
 * Pages asked at once share what they read (the count, the sort's top values, chunks of
 * rows read together) and each still gets exactly the rows of its offset; a page given up
 * answers "cancelled" at once without taking the rows from those still waiting for them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveReadCancelled, ArchiveStore, type ArchiveQuery } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { VoiceRecord } from '../../../src/shared/records';
import { generateVoiceArchive } from './generated-archive';

const table = archiveTableFor('voiceRecords');
// More rows than a page's sort narrows from, so the sort's top values are listed.
const ROWS = 60_000;
const byCost: ArchiveQuery = { sort: { field: 'cost', descending: true }, filters: [{ field: 'callStatus', op: 'in', values: [50, 60] }] };
const ids = (records: readonly VoiceRecord[]): string[] => records.map((record) => String(record.voiceId));

describe('pages asked at once', () => {
  let store: ArchiveStore;
  beforeAll(async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'shared-pages-')), 'pages.duckdb');
    await generateVoiceArchive(path, ROWS);
    ({ store } = await ArchiveStore.open(path));
  }, 60_000);
  afterAll(() => store.close());

  async function listing(query: ArchiveQuery, limit: number): Promise<string[]> {
    const found: string[] = [];
    await store.each(table, query, (records) => void found.push(...ids(records as VoiceRecord[])), undefined, limit);
    return found;
  }

  it('each get the rows of their own offset, in two listings at once', async () => {
    const [platform, sorted] = [await listing({}, 3_000), await listing(byCost, 3_000)];
    const total = (await store.page(table, byCost, 0, 0)).total;
    // A new store: nothing counted or read yet, as after a write.
    await store.close();
    ({ store } = await ArchiveStore.open(store.path));
    const asks = Array.from({ length: 120 }, (_, index) => ({ query: index % 2 === 0 ? {} : byCost, offset: Math.floor(index / 2) * 37 + (index % 3) * 250, limit: 25 }));
    const pages = await Promise.all(asks.map(({ query, offset, limit }) => store.page(table, query, offset, limit)));
    pages.forEach((page, index) => {
      const { query, offset, limit } = asks[index];
      const expected = (query === byCost ? sorted : platform).slice(offset, offset + limit);
      expect(ids(page.records as VoiceRecord[]), `page ${index} at ${offset}`).toEqual(expected);
      expect(page.total).toBe(query === byCost ? total : ROWS);
    });
  });

  it('a page given up answers cancelled at once; the one sharing its chunk still gets its rows', async () => {
    await store.close();
    ({ store } = await ArchiveStore.open(store.path));
    const expected = await listing(byCost, 600);
    const giveUp = new AbortController();
    const given = store.page(table, byCost, 500, 25, giveUp.signal);
    const kept = store.page(table, byCost, 525, 25);
    giveUp.abort();
    await expect(given).rejects.toBeInstanceOf(ArchiveReadCancelled);
    expect(ids((await kept).records as VoiceRecord[])).toEqual(expected.slice(525, 550));
  });

  it('a page no one else wants, given up, is interrupted; the same page asked again is read afresh', async () => {
    await store.close();
    ({ store } = await ArchiveStore.open(store.path));
    const expected = await listing(byCost, 1_000);
    const giveUp = new AbortController();
    const given = store.page(table, byCost, 750, 25, giveUp.signal);
    setImmediate(() => giveUp.abort());
    await expect(given).rejects.toBeInstanceOf(ArchiveReadCancelled);
    expect(ids((await store.page(table, byCost, 750, 25)).records as VoiceRecord[])).toEqual(expected.slice(750, 775));
  });
});
