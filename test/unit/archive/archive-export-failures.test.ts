/**
 * An archive export the engine cannot finish is told in the app's words: running out of its
 * working memory (a sorted read of a few hundred thousand wide rows does) says to export less
 * at once, never the engine's own message with its tuning advice and web address.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveRows, parquetFromArchive } from '../../../src/main/archive/archive-export';
import type { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { m } from '../../../src/shared/i18n';
import type { Result } from '../../../src/shared/result';

const ENGINE_OUT_OF_MEMORY = [
  'Out of Memory Error: failed to pin block of size 256.0 KiB (91.4 MiB/91.5 MiB used)',
  '',
  'Possible solutions:',
  '* Reducing the number of threads (SET threads=X)',
  '',
  'See also https://duckdb.org/docs/stable/guides/performance/how_to_tune_workloads',
].join('\n');

/** A store whose every read fails as the engine's does when its memory runs out. */
const exhausted = {
  path: '/nowhere/p1.duckdb',
  eachChunk: async () => {
    throw new Error(ENGINE_OUT_OF_MEMORY);
  },
  copyToParquet: async () => {
    throw new Error(ENGINE_OUT_OF_MEMORY);
  },
} as unknown as ArchiveStore;

function told(result: Result<unknown>): string {
  if (result.ok) throw new Error('the export succeeded');
  return [result.error.message, result.error.detail ?? ''].join('\n');
}

describe('an archive export the engine runs out of memory for', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-export-oom-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('says to export less at once, in the app’s words (rows for .xlsx and .csv)', async () => {
    const result = await archiveRows(exhausted, 'voiceRecords', {}).each(async () => undefined, new AbortController().signal);
    const text = told(result);
    expect(text).toContain(m.cli_archive_too_many_rows());
    expect(text).not.toMatch(/Out of Memory|duckdb\.org|SET threads|Possible solutions/);
  });

  it('says the same for Parquet, not that the folder or the free space is at fault, and leaves no file', async () => {
    const result = await parquetFromArchive(exhausted, archiveTableFor('voiceRecords'), {}, join(folder, 'calls.parquet'));
    const text = told(result);
    expect(text).toContain(m.cli_archive_too_many_rows());
    expect(text).not.toContain(m.cli_archive_parquet_failed());
    expect(text).not.toMatch(/Out of Memory|duckdb\.org|SET threads|Possible solutions/);
    expect(readdirSync(folder)).toEqual([]);
  });
});
