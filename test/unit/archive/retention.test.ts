/**
 * Retention: only after a sync, by the clock the platform accepted, never more than the
 * rows older than the span before a list's newest row, and more than half only when confirmed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { ProfileStore } from '../../../src/main/accounts/profile-store';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { applyRetention } from '../../../src/main/archive/retention';
import { syncList, syncPlanOf } from '../../../src/main/archive/sync-plan';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { listOf } from '../../../src/shared/operations';
import { DEFAULT_ARCHIVE_SETTINGS } from '../../../src/shared/profiles';
import { checkedPage } from '../support/checked';

const DAY = 86_400_000;
const TEN_YEARS = 3652 * DAY;
const voice = archiveTableFor('voiceRecords');
const log = createLogger({ console: false });
const settings = { ...DEFAULT_ARCHIVE_SETTINGS, historyDays: 60, retentionDays: 180 };

describe('retention', () => {
  let sandbox: Sandbox;
  let folder: string;
  let store: ArchiveStore;
  let client: PlatformClient;
  let held: number;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 9, volume: 'small' });
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-retention-'));
    store = (await ArchiveStore.open(join(folder, 'archive.duckdb'))).store;
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    // 60 days of voice records, synced without a retention.
    const synced = await syncList(store, client, 'voiceRecords', { ...syncPlanOf(settings, Date.now()), retention: undefined }, {});
    expect(synced.ok).toBe(true);
    held = await count();
    expect(held).toBeGreaterThan(1000);
  });
  afterEach(async () => {
    client.close();
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const count = async (): Promise<number> => (await store.page(voice, {}, 0, 0)).total;
  const newestMs = (): number => sandbox.data.anchor.getTime();

  it('after a sync made with the computer clock far ahead, goes by the clock the platform accepted', async () => {
    const aheadBy = async (ms: number, retentionDays: number) => {
      const ahead = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00', now: () => Date.now() + ms });
      try {
        // The plan and the sync go by this computer's clock, as in the app and the CLI.
        const plan = syncPlanOf({ ...settings, retentionDays }, Date.now() + ms);
        const options = { now: () => Date.now() + ms };
        // One request first, as a window's first page does: the platform's -16 answer teaches
        // the client the clock (requests sent at once before that each get a -16).
        expect((await ahead.page(listOf('seats'), checkedPage(listOf('seats'), { current: 1, size: 10, params: {} }))).ok).toBe(true);
        return { synced: await syncList(store, ahead, 'voiceRecords', { ...plan, retention: { retentionDays, confirmed: true } }, options), offset: ahead.clockOffsetSeconds };
      } finally {
        ahead.close();
      }
    };
    // Ten years ahead (the 29,981 records that went to 0): the sync goes through once the
    // platform's Date header corrects the clock, and the retention removes nothing.
    const decade = await aheadBy(TEN_YEARS, 180);
    expect(decade.synced).toMatchObject({ ok: true, value: { retention: { kind: 'pruned', removed: 0 } } });
    expect(decade.offset).toBeLessThan(-(TEN_YEARS / 1000) + 86_400);
    expect(await count()).toBe(held);
    // Forty days ahead: the sync goes through once the platform's Date header corrects the
    // clock, and keeping 45 days removes what is older than 45 days by the platform's clock
    // (by this computer's it would be every record).
    const weeks = await aheadBy(40 * DAY, 45);
    expect(weeks.synced).toMatchObject({ ok: true, value: { retention: { kind: 'pruned' } } });
    expect(weeks.offset).toBeLessThan(-39 * 86_400);
    const kept = sandbox.data.voiceRecordRange(newestMs() - 45 * DAY, newestMs() + 1);
    expect(Math.abs((await count()) - (kept.end - kept.first))).toBeLessThanOrEqual(2);
  }, 60_000);

  it('never removes more than the rows older than the span before the newest row, whatever the clock says', async () => {
    const outcome = await applyRetention(store, voice.layout, { retentionDays: 30, confirmed: true }, Date.now() + TEN_YEARS);
    expect(outcome).toMatchObject({ kind: 'pruned', cutoffMs: expect.any(Number) });
    const kept = sandbox.data.voiceRecordRange(newestMs() - 30 * DAY, newestMs() + 1);
    expect(await count()).toBe(kept.end - kept.first);
  });

  it('holds back a prune of more than half a list until it is confirmed', async () => {
    const rule = { retentionDays: 20, confirmed: false };
    const first = await syncList(store, client, 'voiceRecords', { ...syncPlanOf(settings, Date.now()), retention: rule }, {});
    expect(first).toMatchObject({ ok: true, value: { retention: { kind: 'held', rows: held } } });
    expect(await count()).toBe(held);
    const confirmed = await syncList(store, client, 'voiceRecords', { ...syncPlanOf(settings, Date.now()), retention: { ...rule, confirmed: true } }, {});
    expect(confirmed).toMatchObject({ ok: true, value: { retention: { kind: 'pruned' } } });
    expect(await count()).toBeLessThan(held / 2);
    expect(await count()).toBeGreaterThan(0);
  }, 60_000);

  it('does nothing without a platform clock (a sync that asked the platform nothing)', async () => {
    expect(await applyRetention(store, voice.layout, { retentionDays: 1, confirmed: true }, null)).toEqual({ kind: 'no-platform-clock' });
    expect(await count()).toBe(held);
  });
});

describe('switchboard sync and the retention', () => {
  let sandbox: Sandbox;
  let folder: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 10, volume: 'small' });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-retention-cli-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses to remove more than half of a list without --yes, and says how; with --yes removes it', async () => {
    const secrets = createMemorySecretStore();
    const accounts = new Accounts({
      store: new ProfileStore(join(folder, 'profiles.json')),
      secrets,
      log,
      sandbox: async () => ({ baseUrl: sandbox.baseUrl, ...sandbox.credentials }),
      sandboxAddress: () => null,
    });
    const saved = await accounts.save({ name: 'Day desk', baseUrl: sandbox.baseUrl, ...sandbox.credentials, defaultAppId: '', timeZone: '+08:00', pageSize: 25 });
    accounts.setArchiveSettings(saved.id, { ...DEFAULT_ARCHIVE_SETTINGS, historyDays: 60, retentionDays: 20 });
    const run = async (args: string[]) => {
      const err: string[] = [];
      const code = await createSyncCommand({ env: { SWITCHBOARD_USER_DATA: folder }, secrets, log }).run([...args, '--profile', 'Day desk'], {
        out: () => undefined,
        err: (text) => err.push(text),
      });
      return { code, err: err.join('\n') };
    };
    const archived = async (): Promise<number> => {
      const { store } = await ArchiveStore.open(join(folder, 'archive', `${saved.id}.duckdb`));
      try {
        return (await store.page(voice, {}, 0, 0)).total;
      } finally {
        await store.close();
      }
    };

    const refused = await run(['voice-records']);
    expect(refused.code).toBe(1);
    const told = /voice-records: keeping 20 days would remove ([\d,]+) of the ([\d,]+) archived records .*more than half, so none were removed\. If that is meant, run the sync again with --yes/.exec(refused.err);
    expect(told).not.toBeNull();
    const rows = Number(told?.[2].replaceAll(',', ''));
    expect(rows).toBeGreaterThan(1000);
    expect(await archived()).toBe(rows);

    const confirmed = await run(['voice-records', '--yes']);
    expect(confirmed.code).toBe(0);
    expect(confirmed.err).toMatch(/voice-records: [\d,]+ records from before \d{4}-\d{2}-\d{2} \d{2}:\d{2} removed \(the retention\)\./);
    expect(await archived()).toBeLessThan(rows / 2);
  }, 120_000);
});
