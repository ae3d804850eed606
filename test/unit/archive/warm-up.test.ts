/**
 * A listed table is read into the engine's buffers once its screen has a page, so the
 * screen's next sort or search reads no file (warm-up.ts); an archive larger than the
 * buffers is left to be read from the file as before.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { sql } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { startTestServices } from '../support/services';
import { generateVoiceArchive } from './generated-archive';

const ROWS = 100_000;
const NEWEST_MS = Date.UTC(2026, 10, 22);
const table = archiveTableFor('voiceRecords');

/** The bytes of table blocks the engine holds in memory now. */
async function tableBytesHeld(store: ArchiveStore): Promise<number> {
  const [row] = await store.read([], sql`SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory() WHERE tag = 'BASE_TABLE'`);
  return Number(row?.[0] ?? 0);
}

/** An archive of ROWS voice records, opened once so its search text is filled (which reads every row). */
async function generatedArchive(path: string): Promise<void> {
  await generateVoiceArchive(path, ROWS, { newestMs: NEWEST_MS });
  const { store } = await ArchiveStore.open(path);
  await store.close();
}

/** The bytes of the voice table's blocks in the file. */
async function tableBytesStored(store: ArchiveStore): Promise<number> {
  const [row] = await store.read([], sql`SELECT count(DISTINCT block_id) * 262144 FROM pragma_storage_info('voiceRecords') WHERE persistent`);
  return Number(row?.[0] ?? 0);
}

describe('reading a listed table into memory', () => {
  const folder = mkdtempSync(join(tmpdir(), 'warm-up-'));
  const path = join(folder, 'archive.duckdb');
  beforeAll(() => generatedArchive(path), 60_000);

  it('reads every block of the table once, and the pages after it are the same', async () => {
    const { store } = await ArchiveStore.open(path);
    try {
      const heldBefore = await tableBytesHeld(store);
      expect(await store.warm(table)).toBe(true);
      const held = await tableBytesHeld(store);
      const stored = await tableBytesStored(store);
      expect(stored).toBeGreaterThan(4 * 262_144);
      expect(heldBefore).toBeLessThan(stored / 4);
      expect(held).toBeGreaterThanOrEqual(stored * 0.9);
      expect(await store.warm(table)).toBe(true);
      const query = { sort: { field: 'cost', descending: true } };
      const page = await store.page(table, query, 300, 25);
      expect(page.total).toBe(ROWS);
      expect(page.records).toHaveLength(25);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('leaves an archive larger than the engine buffers to the file', async () => {
    const { store } = await ArchiveStore.open(path, { memoryLimitMb: 16 });
    try {
      const stored = await tableBytesStored(store);
      expect(stored).toBeGreaterThan(16_000_000);
      expect(await store.warm(table)).toBe(false);
      expect(await tableBytesHeld(store)).toBeLessThan(stored / 4);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('answers false once the archive is closed', async () => {
    const { store } = await ArchiveStore.open(path);
    await store.close();
    expect(await store.warm(table)).toBe(false);
  });
});

describe('the list screen', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'warm-up-screen-'));
  let test: ReturnType<typeof startTestServices>;
  beforeAll(async () => {
    mkdirSync(join(userDataDir, 'archive'));
    await generatedArchive(join(userDataDir, 'archive', 'sandbox.duckdb'));
    test = startTestServices({ userDataDir });
  }, 60_000);
  afterAll(() => test.services.close());

  it('has its table read into memory after its first page', async () => {
    const window = { strTime: new Date(NEWEST_MS - 200 * 86_400_000).toISOString(), endTime: new Date(NEWEST_MS + 1000).toISOString() };
    const page = await test.call('archivePage', { operation: 'voiceRecords', params: window, offset: 0, limit: 25 });
    expect(page).toMatchObject({ ok: true, value: { total: ROWS } });
    const store = await test.services.archives.store('sandbox');
    if (!store) throw new Error('the sandbox archive is not open');
    const stored = await tableBytesStored(store);
    // The page itself reads the newest rows' blocks only.
    await expect.poll(() => tableBytesHeld(store), { timeout: 10_000 }).toBeGreaterThanOrEqual(stored * 0.9);
  }, 60_000);
});
