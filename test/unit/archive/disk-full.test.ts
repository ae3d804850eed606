/** A disk that fills up during a sync (ENOSPC injected into the engine's writes). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { syncList, type SyncPlan } from '../../../src/main/archive/sync-plan';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const DAY = 86_400_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const voice = archiveTableFor('voiceRecords');
const ENOSPC = 'IO Error: Could not write file "archive.duckdb.wal": No space left on device';

/** The next merge of voice records fails as a full disk makes it fail. */
function fillTheDiskAtNextMerge(): void {
  const run = DuckDBConnection.prototype.run;
  const spy = vi.spyOn(DuckDBConnection.prototype, 'run').mockImplementation(function (this: DuckDBConnection, ...args: Parameters<typeof run>) {
    if (String(args[0]).startsWith('INSERT INTO "voiceRecords"')) {
      spy.mockRestore();
      return Promise.reject(new Error(ENOSPC));
    }
    return run.apply(this, args);
  });
}

describe('a full disk during a sync', () => {
  let sandbox: Sandbox;
  let folder: string;
  let anchor: number;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 12, volume: 'small' });
    anchor = sandbox.data.anchor.getTime();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-disk-full-'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(folder, { recursive: true, force: true });
  });

  const idsOf = (fromMs: number, toMs: number): Set<string> => {
    const range = sandbox.data.voiceRecordRange(fromMs, toMs);
    return new Set(Array.from({ length: range.end - range.first }, (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId ?? ''));
  };

  it('is told in plain words, what was synced before reads at once, and the next sync goes on', async () => {
    const { store } = await ArchiveStore.open(join(folder, 'archive.duckdb'));
    const client: PlatformClient = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    const plan = (toMs: number): SyncPlan => ({ window: { fromMs: anchor - 10 * DAY, toMs }, refreshMs: DAY, taskId: null });
    const archived = async (): Promise<Set<string>> =>
      new Set((await store.page(voice, {}, 0, 1_000_000)).records.map((record) => record.voiceId ?? ''));
    try {
      expect((await syncList(store, client, 'voiceRecords', plan(anchor - 5 * DAY), {})).ok).toBe(true);
      const before = await archived();
      expect(before).toEqual(idsOf(anchor - 10 * DAY, anchor - 5 * DAY + 1));

      fillTheDiskAtNextMerge();
      const full = await syncList(store, client, 'voiceRecords', plan(anchor - 2 * DAY), {});
      expect(full).toEqual({
        ok: false,
        error: { code: 'archive-disk-full', message: expect.stringMatching(/^The disk holding the archive is full: free [\d,]+ MB, then Sync again\./) },
      });
      // At once, without reopening anything: what the earlier sync kept.
      expect(await archived()).toEqual(before);

      const resumed = await syncList(store, client, 'voiceRecords', plan(anchor - 2 * DAY), {});
      expect(resumed.ok).toBe(true);
      expect(await archived()).toEqual(idsOf(anchor - 10 * DAY, anchor - 2 * DAY + 1));
    } finally {
      client.close();
      await store.close();
    }
  }, 90_000);

  it("`switchboard sync` says how much to free, not the engine's words", async () => {
    const env = {
      SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
      SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
      SWITCHBOARD_USER_DATA: join(folder, 'user-data'),
    };
    const sync = async (toMs: number) => {
      const err: string[] = [];
      const code = await createSyncCommand({ env, log: createLogger({ console: false }) }).run(
        ['voice-records', '--from', formatIsoInZone(anchor - 10 * DAY, PLUS8), '--to', formatIsoInZone(toMs, PLUS8), '--base-url', sandbox.baseUrl],
        { out: () => undefined, err: (text) => err.push(text) },
      );
      return { code, err: err.join('\n') };
    };
    expect((await sync(anchor - 5 * DAY)).code).toBe(0);
    fillTheDiskAtNextMerge();
    const full = await sync(anchor - 2 * DAY);
    expect(full.code).toBe(1);
    expect(full.err).toMatch(/Sync of voice-records failed \[archive-disk-full\]: The disk holding the archive is full: free [\d,]+ MB, then Sync again\./);
    expect(full.err).not.toMatch(/No space left on device|Server said/);
    expect((await sync(anchor - 2 * DAY)).code).toBe(0);
  }, 90_000);
});
