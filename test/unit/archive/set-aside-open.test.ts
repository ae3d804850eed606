/**
 * Setting an unreadable archive aside when two opens meet (the app and the command line
 * starting at once): the file is set aside once, neither open fails with the engine's own
 * words, and no fresh archive is moved aside. The file kept is the user's only.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveBusyError, ArchiveStore } from '../../../src/main/archive/archive-store';
import { setAsideNotes } from '../../../src/main/archive/set-aside-notes';

let folder = '';
let path = '';
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'set-aside-open-'));
  path = join(folder, 'sandbox.duckdb');
  writeFileSync(path, 'this is not a database'.repeat(100));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('an unreadable archive opened several times at once', () => {
  it('is set aside once; each open gets an archive (or is told it is held), never the engine\'s error', async () => {
    const opens = await Promise.allSettled([ArchiveStore.open(path), ArchiveStore.open(path), ArchiveStore.open(path)]);
    try {
      for (const open of opens) if (open.status === 'rejected') expect(open.reason).toBeInstanceOf(ArchiveBusyError);
      expect(opens.filter((open) => open.status === 'fulfilled' && open.value.setAside !== null)).toHaveLength(1);
      expect(readdirSync(folder).filter((name) => /\.unreadable-[\d-]+$/.test(name))).toHaveLength(1);
      expect(setAsideNotes(path)).toHaveLength(1);
    } finally {
      for (const open of opens) if (open.status === 'fulfilled') await open.value.store.close();
    }
  });

  it.skipIf(process.platform === 'win32')('keeps the file moved aside for the user only, as the archive was meant to be', async () => {
    chmodSync(path, 0o644);
    const { store, setAside } = await ArchiveStore.open(path);
    await store.close();
    expect(statSync(setAside?.keptAt ?? '').mode & 0o777).toBe(0o600);
  });
});
