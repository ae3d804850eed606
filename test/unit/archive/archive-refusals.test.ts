/** What the archive refuses, and how it says so: a sort it cannot apply, a sync it cannot run. */
import { existsSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveRows } from '../../../src/main/archive/archive-export';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { createExportCommand } from '../../../src/main/cli/export-command';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { holdInChild, release } from './hold-archive';

const log = createLogger({ console: false });

describe('an archive export sorted by a field the list does not have', () => {
  it('is refused with the field named, before any row is read', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'switchboard-sort-'));
    const { store } = await ArchiveStore.open(join(folder, 'archive', 'p.duckdb'));
    try {
      let handed = 0;
      const read = archiveRows(store, 'seats', { sort: { field: 'statusLabel', descending: false } });
      const result = await read.each(async (chunk) => void (handed += chunk.records().length), new AbortController().signal);
      expect(result).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('"statusLabel"'), fields: { sort: expect.stringContaining('"statusLabel"') } } });
      expect(handed).toBe(0);
    } finally {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('switchboard sync and export when the archive is held or unreadable', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3, volume: 'small' });
    dir = mkdtempSync(join(tmpdir(), 'switchboard-busy-sync-'));
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
    SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
    SWITCHBOARD_USER_DATA: join(dir, 'user-data'),
  });
  const archiveFile = (): string => {
    const folder = join(dir, 'user-data', 'archive');
    return join(folder, readdirSync(folder).find((name) => name.endsWith('.duckdb')) ?? 'missing');
  };

  it('says to close it and sync again, not that it "works live"', async () => {
    const sync = async () => {
      const err: string[] = [];
      const code = await createSyncCommand({ env: env(), log }).run(['seats', '--base-url', sandbox.baseUrl], {
        out: () => undefined,
        err: (text) => err.push(text),
      });
      return { code, err: err.join('\n') };
    };
    expect((await sync()).code).toBe(0);
    const holder = await holdInChild(archiveFile());
    try {
      const busy = await sync();
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(/Another Switchboard window or command is using this archive\. Close it or let its sync finish, then sync again\./);
      expect(busy.err).not.toMatch(/works live/);
    } finally {
      await release(holder);
    }
  }, 60_000);

  it('an export from an archive that cannot be read fails, saying what was found and where it was set aside', async () => {
    const path = archiveFile();
    writeFileSync(path, 'this is not an archive, '.repeat(400));
    const out = join(dir, 'seats.csv');
    const err: string[] = [];
    const code = await createExportCommand({ env: env(), log, progressIntervalMs: 0 }).run(['seats', '--out', out, '--from-archive', '--base-url', sandbox.baseUrl], {
      out: () => undefined,
      err: (text) => err.push(text),
    });
    expect(code).toBe(1);
    const keptAt = readdirSync(join(dir, 'user-data', 'archive')).find((name) => name.includes('.unreadable-'));
    expect(keptAt).toBeDefined();
    expect(err.join('\n')).toContain(`could not be read, so it was moved to ${join(dir, 'user-data', 'archive', keptAt ?? '')}`);
    expect(err.join('\n')).toMatch(/What was found: .+\. Nothing was read from it/);
    expect(err.join('\n')).toMatch(/No file was written\./);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
