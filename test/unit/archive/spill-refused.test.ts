/**
 * The engine spills work it cannot hold in memory to a temporary folder beside the archive,
 * limited by nothing but that disk's free space. When the disk is full it says it ran "out
 * of memory": a sync then says the disk holding the archive is full and how much to free,
 * and an export says to free space there, never that it asked for too many rows.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveRows, parquetFromArchive } from '../../../src/main/archive/archive-export';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { syncWindow, type SyncSource } from '../../../src/main/archive/sync';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { fileCauseOf, isDiskFull, isSpillRefused } from '../../../src/main/file-cause';
import { m } from '../../../src/shared/i18n';
import { normaliseVoiceRecord } from '../../../src/shared/normalise/records';
import type { VoiceRecord } from '../../../src/shared/records';
import { ok } from '../../../src/shared/result';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const folder = mkdtempSync(join(tmpdir(), 'switchboard-spill-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What the engine said when a sync's work spilled onto a 3 MB disk that filled (DuckDB 1.x, `switchboard sync`). */
const SPILL_REFUSED = [
  'Out of Memory Error: failed to offload data block of size 224.0 KiB (2.4 MiB/2.6 MiB used).',
  "This limit was set by the 'max_temp_directory_size' setting.",
  "By default, this setting utilizes the available disk space on the drive where the 'temp_directory' is located.",
  "You can adjust this setting, by using (for example) PRAGMA max_temp_directory_size='10GiB'",
  '',
  'Possible solutions:',
  '* Reducing the number of threads (SET threads=X)',
  '* Disabling insertion-order preservation (SET preserve_insertion_order=false)',
  "* Increasing the memory limit (SET memory_limit='...GB')",
  '',
  'See also https://duckdb.org/docs/stable/guides/performance/how_to_tune_workloads',
].join('\n');

describe('a temporary folder without room', () => {
  it("is read as a full disk from the engine's own words", () => {
    const refused = new Error(SPILL_REFUSED);
    expect(isSpillRefused(refused)).toBe(true);
    expect(isDiskFull(refused)).toBe(true);
    expect(fileCauseOf(refused)).toBe('disk-full');
    // The engine running out of its own memory limit, with room on disk, is not.
    const outOfMemory = new Error('Out of Memory Error: failed to pin block of size 256.0 KiB (91.4 MiB/91.5 MiB used)');
    expect(isSpillRefused(outOfMemory)).toBe(false);
    expect(isDiskFull(outOfMemory)).toBe(false);
  });

  it('fails a sync as a full disk holding the archive, saying how much to free', async () => {
    const refused = new Error(SPILL_REFUSED);
    const { store } = await ArchiveStore.open(join(folder, 'sync.duckdb'));
    const zone = parseTimeZone('+08:00') as TimeZone;
    const toMs = Date.now();
    const source: SyncSource<VoiceRecord> = {
      table: archiveTableFor('voiceRecords'),
      async fetchEvery(_range, onRows) {
        await onRows([normaliseVoiceRecord({ voiceId: 'v1', submitTime: new Date(toMs - 1000).toISOString() }, { zone })]);
        return ok({ rows: 1 });
      },
    };
    // The merge after the last page is where the engine spills.
    const commit = store.commit.bind(store);
    store.commit = async () => {
      store.commit = commit;
      // Through the store's own writing, as the engine's refusal reaches it.
      await (store as unknown as { serial(work: () => Promise<void>): Promise<void> }).serial(() => Promise.reject(refused));
    };
    try {
      const synced = await syncWindow(store, source, { fromMs: toMs - 86_400_000, toMs }, 0);
      expect(synced).toEqual({ ok: false, error: { code: 'archive-disk-full', message: expect.stringMatching(/^The disk holding the archive is full: free [\d,]+ MB, then Sync again\./) } });
    } finally {
      await store.close();
    }
  }, 60_000);

  it('fails an export of the archive saying to free space there, not to export fewer rows', async () => {
    const refused = new Error(SPILL_REFUSED);
    const store = {
      path: join(folder, 'p1.duckdb'),
      eachChunk: async () => {
        throw refused;
      },
      copyToParquet: async () => {
        throw refused;
      },
    } as unknown as ArchiveStore;
    const rows = await archiveRows(store, 'voiceRecords', {}).each(async () => undefined, new AbortController().signal);
    expect(rows).toEqual({ ok: false, error: { code: 'archive-disk-full', message: m.cli_archive_disk_full_export() } });
    const out = join(folder, 'export');
    const parquet = await parquetFromArchive(store, archiveTableFor('voiceRecords'), {}, join(mkdtempSync(`${out}-`), 'calls.parquet'));
    expect(parquet).toEqual({ ok: false, error: { code: 'archive-disk-full', message: m.cli_archive_disk_full_export() } });
    expect(m.cli_archive_disk_full_export()).not.toMatch(/Out of Memory|max_temp_directory_size|fewer/);
    expect(readdirSync(folder).filter((name) => name.startsWith('export-')).flatMap((name) => readdirSync(join(folder, name)))).toEqual([]);
  }, 60_000);
});
