/** Who may read an archive: its folder and every file it writes are the user's only (POSIX). */
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parquetFromArchive } from '../../../src/main/archive/archive-export';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { sql } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { normaliseSeat } from '../../../src/shared/normalise';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const seats = archiveTableFor('seats');
const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('archive file modes', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-modes-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('makes a folder someone else created 0700, and the database, its log and a Parquet export 0600', async () => {
    const archiveFolder = join(folder, 'archive');
    mkdirSync(archiveFolder, { mode: 0o755 });
    chmodSync(archiveFolder, 0o755);
    const path = join(archiveFolder, 'p1.duckdb');
    const { store } = await ArchiveStore.open(path);
    try {
      const rows = Array.from({ length: 20 }, (_, i) => normaliseSeat({ keyId: `k${i}`, name: `Seat ${i}` }, { zone }));
      await store.stage(seats, rows, 0, 1_000);
      await store.commit(seats, { snapshot: { scope: '', takenAtMs: 1_000 } });
      // A checkpoint ends the log; the next write makes it anew.
      await store.read([], sql`CHECKPOINT`);
      await store.stage(seats, rows, 0, 2_000);
      await store.commit(seats, { snapshot: { scope: '', takenAtMs: 2_000 } });
      expect(modeOf(archiveFolder)).toBe(0o700);
      expect(modeOf(path)).toBe(0o600);
      // Written while the archive is open: the log holds the merge.
      expect(modeOf(`${path}.wal`)).toBe(0o600);
      const out = join(folder, 'seats.parquet');
      const written = await parquetFromArchive(store, seats, {}, out);
      expect(written).toMatchObject({ ok: true, value: { rows: 20 } });
      expect(modeOf(out)).toBe(0o600);
    } finally {
      await store.close();
    }
  });

  it('writes a Parquet export into its own 0600 file from the first byte, with no other file beside it', async () => {
    const { store } = await ArchiveStore.open(join(folder, 'archive', 'p1.duckdb'));
    try {
      const rows = Array.from({ length: 20 }, (_, i) => normaliseSeat({ keyId: `k${i}`, name: `Seat ${i}` }, { zone }));
      await store.stage(seats, rows, 0, 1_000);
      await store.commit(seats, { snapshot: { scope: '', takenAtMs: 1_000 } });
      const out = join(folder, 'out');
      mkdirSync(out);
      // The export's claim on its name, made private before a record is written into it.
      const partial = join(out, 'seats.parquet.partial-switchboard');
      closeSync(openSync(partial, 'wx', 0o600));
      // Written in place: a file the engine made beside it and renamed over would be 0644 (and left behind by a kill).
      expect(await store.copyToParquet(seats, {}, partial)).toBe(20);
      expect(modeOf(partial)).toBe(0o600);
      expect(readdirSync(out)).toEqual(['seats.parquet.partial-switchboard']);
      // parquetFromArchive makes a claim the reservation created with the default mode private before writing.
      const claimed = join(out, 'calls.parquet.partial-switchboard');
      closeSync(openSync(claimed, 'wx', 0o644));
      chmodSync(claimed, 0o644);
      const copy = store.copyToParquet.bind(store);
      const modesAtStart: number[] = [];
      const watched = Object.assign(Object.create(store) as ArchiveStore, {
        copyToParquet: (...args: Parameters<ArchiveStore['copyToParquet']>) => {
          modesAtStart.push(modeOf(args[2]));
          return copy(...args);
        },
      });
      const written = await parquetFromArchive(watched, seats, {}, join(out, 'calls.parquet'), claimed);
      expect(written).toMatchObject({ ok: true, value: { rows: 20 } });
      expect(modesAtStart).toEqual([0o600]);
      expect(readdirSync(out).sort()).toEqual(['calls.parquet', 'seats.parquet.partial-switchboard']);
    } finally {
      await store.close();
    }
  });
});
