/**
 * What a Sync asks the platform for, read from the sandbox's request log: the profile's
 * sync history and refresh window, from the app's Sync button and from `switchboard sync`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServices } from '../support/services';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { ProfileStore } from '../../../src/main/accounts/profile-store';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { syncList, syncPlanOf } from '../../../src/main/archive/sync-plan';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { listOf } from '../../../src/shared/operations';
import { DEFAULT_ARCHIVE_SETTINGS } from '../../../src/shared/profiles';
import type { Result } from '../../../src/shared/result';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VOICE_PATH = listOf('voiceRecords').endpoint.path;
const TASK_PATH = listOf('taskDetails').endpoint.path;
const log = createLogger({ console: false });

/** The time windows of the voice record requests the sandbox received, as instants. */
function voiceWindows(sandbox: Sandbox): { fromMs: number; toMs: number }[] {
  return sandbox.requestLog
    .filter((entry) => entry.path === VOICE_PATH)
    .map((entry) => ({ fromMs: Date.parse(String(entry.params?.strTime)), toMs: Date.parse(String(entry.params?.endTime)) }));
}

describe('what a sync asks for', () => {
  let sandbox: Sandbox;
  let folder: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 8, volume: 'small' });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-sync-settings-'));
    sandbox.clearRequestLog();
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('a sync of 60 days, then one a day later, asks only for the new day plus the refresh window', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const client: PlatformClient = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    const { store } = await ArchiveStore.open(join(folder, 'archive.duckdb'));
    try {
      const settings = { ...DEFAULT_ARCHIVE_SETTINGS, historyDays: 60, refreshHours: 24 };
      // Yesterday: the 60 days up to then (the sandbox's records reach back 60 days from today).
      const yesterday = anchor - DAY;
      const first = await syncList(store, client, 'voiceRecords', syncPlanOf({ ...settings, historyDays: 59 }, yesterday), { now: () => yesterday });
      expect(first.ok).toBe(true);
      const firstWindows = voiceWindows(sandbox);
      expect(Math.min(...firstWindows.map((window) => window.fromMs))).toBe(anchor - 60 * DAY);
      expect(Math.max(...firstWindows.map((window) => window.toMs))).toBe(yesterday);

      sandbox.clearRequestLog();
      const second = await syncList(store, client, 'voiceRecords', syncPlanOf(settings, anchor), { now: () => anchor });
      expect(second.ok).toBe(true);
      // The new day and the 24 hours before it, nothing older, one request per page of 100: the day this sync
      // settles asked apart from the refresh window (where calls arrive while it is read).
      const windows = voiceWindows(sandbox);
      const pagesOf = (fromMs: number, toMs: number): number => {
        const served = sandbox.data.voiceRecordRange(fromMs, toMs);
        return Math.max(1, Math.ceil((served.end - served.first) / 100));
      };
      const settled = { fromMs: anchor - 2 * DAY, toMs: anchor - DAY };
      const refreshed = { fromMs: anchor - DAY, toMs: anchor };
      const asked = (range: typeof settled) => Array.from({ length: pagesOf(range.fromMs, range.toMs) }, () => range);
      expect(windows).toEqual([...asked(settled), ...asked(refreshed)]);

      const all = sandbox.data.voiceRecordRange(anchor - 60 * DAY, anchor);
      const kept = await store.page(archiveTableFor('voiceRecords'), {}, 0, 1_000_000);
      const ids = kept.records.map((record) => record.voiceId);
      expect(ids.length).toBe(new Set(ids).size);
      expect(new Set(ids)).toEqual(
        new Set(Array.from({ length: all.end - all.first }, (_, i) => sandbox.data.voiceRecordAt(all.first + i).voiceId)),
      );
    } finally {
      await store.close();
      client.close();
    }
  }, 120_000);

  it("the app's Sync reaches back the profile's sync history, and fetches again only its refresh window", async () => {
    const { services, jobChanges: jobs } = startTestServices({ userDataDir: folder, log });
    try {
      const call = async (method: string, input: unknown) => {
        const result = (await services.dispatch(method, input)) as Result<unknown>;
        if (!result.ok) throw new Error(result.error.message);
        return result.value;
      };
      const profile = (await call('saveProfile', {
        name: 'Test desk',
        baseUrl: sandbox.baseUrl,
        ...sandbox.credentials,
        defaultAppId: '',
        timeZone: '+08:00',
        pageSize: 25,
      })) as { id: string };
      await call('setActiveProfile', { id: profile.id });
      await call('setArchiveSettings', { profileId: profile.id, settings: { ...DEFAULT_ARCHIVE_SETTINGS, historyDays: 3, refreshHours: 6 } });
      const sync = async (): Promise<void> => {
        const { job } = (await call('startSync', { operations: ['voiceRecords'] })) as { job: JobInfo };
        const ended = () => jobs.find((change) => change.jobId === job.jobId && change.state !== 'running');
        for (let waited = 0; !ended() && waited < 60_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(ended()).toMatchObject({ state: 'completed' });
      };

      const before = Date.now();
      await sync();
      const first = Math.min(...voiceWindows(sandbox).map((window) => window.fromMs));
      expect(first).toBeGreaterThanOrEqual(Math.floor((before - 3 * DAY) / 1000) * 1000);
      expect(first).toBeLessThanOrEqual(Date.now() - 3 * DAY);

      sandbox.clearRequestLog();
      await sync();
      const again = Math.min(...voiceWindows(sandbox).map((window) => window.fromMs));
      expect(again).toBeGreaterThanOrEqual(Math.floor((before - 6 * HOUR) / 1000) * 1000);
      expect(again).toBeLessThanOrEqual(Date.now() - 6 * HOUR);
    } finally {
      await services.close();
    }
  }, 120_000);

  it('`switchboard sync --profile` uses the profile’s history and refresh window, and syncs a task by --param taskId', async () => {
    const secrets = createMemorySecretStore();
    const accounts = new Accounts({
      store: new ProfileStore(join(folder, 'profiles.json')),
      secrets,
      log,
      sandbox: async () => ({ baseUrl: sandbox.baseUrl, ...sandbox.credentials }),
      sandboxAddress: () => null,
    });
    const saved = await accounts.save({
      name: 'Night desk',
      baseUrl: sandbox.baseUrl,
      ...sandbox.credentials,
      defaultAppId: '',
      timeZone: '+08:00',
      pageSize: 25,
    });
    accounts.setArchiveSettings(saved.id, { ...DEFAULT_ARCHIVE_SETTINGS, historyDays: 2, refreshHours: 3 });
    const err: string[] = [];
    const run = (args: string[]) =>
      createSyncCommand({ env: { SWITCHBOARD_USER_DATA: folder }, secrets, log }).run([...args, '--profile', 'Night desk'], {
        out: () => undefined,
        err: (text) => err.push(text),
      });

    const before = Date.now();
    expect(await run(['voice-records'])).toBe(0);
    const first = Math.min(...voiceWindows(sandbox).map((window) => window.fromMs));
    expect(first).toBeGreaterThanOrEqual(Math.floor((before - 2 * DAY) / 1000) * 1000);
    expect(first).toBeLessThanOrEqual(Date.now() - 2 * DAY);
    sandbox.clearRequestLog();
    expect(await run(['voice-records'])).toBe(0);
    const again = Math.min(...voiceWindows(sandbox).map((window) => window.fromMs));
    expect(again).toBeGreaterThanOrEqual(Math.floor((before - 3 * HOUR) / 1000) * 1000);
    expect(again).toBeLessThanOrEqual(Date.now() - 3 * HOUR);

    await expect(run(['task-details'])).rejects.toThrow(/--param taskId=N/);
    const taskId = sandbox.data.taskIds[0];
    sandbox.clearRequestLog();
    expect(await run(['task-details', '--param', `taskId=${taskId}`])).toBe(0);
    expect(err.at(-1)).toMatch(/^task-details: whole list fetched, [\d,]+ rows/);
    const asked = sandbox.requestLog.filter((entry) => entry.path === TASK_PATH);
    expect(asked.length).toBe(Math.ceil(sandbox.data.taskRows(taskId).length / 100));
    expect(asked.every((entry) => entry.params?.taskId === taskId)).toBe(true);
    const { store } = await ArchiveStore.open(join(folder, 'archive', `${saved.id}.duckdb`));
    try {
      const kept = await store.page(archiveTableFor('taskDetails'), { scope: String(taskId) }, 0, 10_000);
      expect(kept.records.map((record) => record.called)).toEqual(sandbox.data.taskRows(taskId).map((row) => row.record.called));
    } finally {
      await store.close();
    }
  }, 120_000);
});
