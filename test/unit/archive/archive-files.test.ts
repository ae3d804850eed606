/** Who may read an archive: its folder and every file it writes are the user's only (POSIX). */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
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
});
