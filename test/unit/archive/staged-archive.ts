/** A fresh archive holding one table's rows for the tests of a describe block. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ArchiveStore, type ArchiveStoreOptions } from '../../../src/main/archive/archive-store';
import type { ArchiveTable } from '../../../src/main/archive/table-layout';

/** Made (the rows staged and committed) before the block's tests, closed and removed after them; call the result for the store. */
export function stagedArchive<R>(table: ArchiveTable<R>, rows: readonly R[], options: ArchiveStoreOptions = {}): () => ArchiveStore {
  let folder = '';
  let store: ArchiveStore | null = null;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), `staged-${table.layout.table}-`));
    store = (await ArchiveStore.open(join(folder, 'archive.duckdb'), options)).store;
    await store.stage(table, rows, 0, 1_000);
    await store.commit(table, null);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (!store) throw new Error('The staged archive is made before the tests of its block.');
    return store;
  };
}
