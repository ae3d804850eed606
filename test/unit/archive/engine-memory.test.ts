/** The archive engine's buffers: the app's default, or less where the opener asks (the command line). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveStore, ENGINE_MEMORY_MB, type ArchiveStoreOptions } from '../../../src/main/archive/archive-store';
import { sql } from '../../../src/main/archive/sql-query';

async function memoryLimitOf(options: ArchiveStoreOptions): Promise<string> {
  const { store } = await ArchiveStore.open(join(mkdtempSync(join(tmpdir(), 'engine-memory-')), 'archive.duckdb'), options);
  try {
    const [row] = await store.read([], sql`SELECT current_setting('memory_limit')`);
    return String(row?.[0]);
  } finally {
    await store.close();
  }
}

describe('the archive engine memory', () => {
  it('holds its buffers to the default unless told less', async () => {
    expect(ENGINE_MEMORY_MB).toBe(192);
    // The engine reads MB as 10^6 bytes and answers in MiB.
    expect(await memoryLimitOf({})).toBe('183.1 MiB');
    expect(await memoryLimitOf({ memoryLimitMb: 96 })).toBe('91.5 MiB');
  });
});
