/** The archives service: every page the client fetches is kept, complete listings record what they cover. */
import { errorText } from '../../../src/shared/errors';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { Archives } from '../../../src/main/archive/archives';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { fetchAll } from '../../../src/main/jobs/fetch-all';
import { createLogger } from '../../../src/main/log';
import { type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { TASK_IDS } from '../../../src/main/sandbox/data/tasks';
import { listOf } from '../../../src/shared/operations';
import { checkedPage, checkedQuery } from '../support/checked';
import { holdInChild } from './hold-archive';
import { DEFAULT_ARCHIVE_SETTINGS, type ArchiveSettings } from '../../../src/shared/profiles';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const iso = (ms: number): string => formatIsoInZone(Math.floor(ms / 1000) * 1000, PLUS8);
const DAY = 86_400_000;

describe('archives service', () => {
  let sandbox: Sandbox;
  let folder: string;
  let archives: Archives;
  let client: PlatformClient;
  let told: string[];
  let settings: Map<string, ArchiveSettings>;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 5, volume: 'small' });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-archives-'));
    told = [];
    settings = new Map();
    archives = new Archives({
      userDataDir: folder,
      settingsOf: (id) => settings.get(id) ?? DEFAULT_ARCHIVE_SETTINGS,
      log: createLogger({ console: false }),
      tell: ({ message }) => told.push(message),
    });
    client = createClient({
      baseUrl: sandbox.baseUrl,
      ...sandbox.credentials,
      timeZone: '+08:00',
      onListPage: archives.pageHook('p1'),
    });
  });
  afterEach(async () => {
    client.close();
    await archives.closeAll();
    rmSync(folder, { recursive: true, force: true });
  });

  const storeOf = async () => {
    const store = await archives.store('p1');
    if (!store) throw new Error('no archive');
    return store;
  };

  it('keeps a single page shown in a view, without claiming its window is covered', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const params = { strTime: iso(anchor - 3 * DAY), endTime: iso(anchor - DAY) };
    const page = await client.page(listOf('voiceRecords'), checkedPage(listOf('voiceRecords'), { current: 2, size: 25, params }));
    expect(page.ok).toBe(true);
    await archives.settle('p1');
    const store = await storeOf();
    const archived = await store.page(archiveTableFor('voiceRecords'), {}, 0, 1000);
    const shown = page.ok ? page.value.records.map((record) => record.voiceId) : [];
    expect(archived.records.map((record) => record.voiceId).sort()).toEqual([...shown].sort());
    expect(await store.coverage('voiceRecords')).toEqual([]);
    expect(existsSync(join(folder, 'archive', 'p1.duckdb'))).toBe(true);
  });

  it('a complete unfiltered fetch of a window keeps every record and records the window as covered', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const fromMs = Math.floor((anchor - 4 * DAY) / 1000) * 1000;
    const toMs = Math.floor((anchor - 2 * DAY) / 1000) * 1000;
    const result = await fetchAll(
      client,
      listOf('voiceRecords'),
      checkedQuery(listOf('voiceRecords'), { strTime: iso(fromMs), endTime: iso(toMs) }),
      {
        onRows: () => undefined,
      },
    );
    expect(result.ok).toBe(true);
    await archives.settle('p1');
    const store = await storeOf();
    const coverage = await store.coverage('voiceRecords');
    expect(coverage.map(({ fromMs: from, toMs: to }) => ({ from, to }))).toEqual([
      { from: fromMs, to: toMs },
    ]);
    const range = sandbox.data.voiceRecordRange(fromMs, toMs + 1);
    const expected = Array.from(
      { length: range.end - range.first },
      (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId,
    );
    const archived = await store.page(
      archiveTableFor('voiceRecords'),
      { window: { fromMs, toMs } },
      0,
      100_000,
    );
    expect(new Set(archived.records.map((record) => record.voiceId))).toEqual(new Set(expected));
  });

  it("a complete fetch made with the computer's clock two days ahead covers its window no later than the platform's time", async () => {
    const aheadMs = (): number => Date.now() + 2 * DAY;
    const ahead = new Archives({ userDataDir: join(folder, 'ahead'), settingsOf: () => DEFAULT_ARCHIVE_SETTINGS, log: createLogger({ console: false }), tell: () => undefined, now: aheadMs });
    const aheadClient = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00', now: aheadMs, onListPage: ahead.pageHook('p1') });
    try {
      // "Today" by the computer's clock: a window reaching two days past the platform's time.
      const fromMs = Math.floor((Date.now() - DAY) / 1000) * 1000;
      const result = await fetchAll(aheadClient, listOf('voiceRecords'), checkedQuery(listOf('voiceRecords'), { strTime: iso(fromMs), endTime: iso(aheadMs()) }), { onRows: () => undefined });
      expect(result.ok).toBe(true);
      await ahead.settle('p1');
      const store = await ahead.store('p1');
      const coverage = store ? await store.coverage('voiceRecords') : [];
      expect(coverage).toHaveLength(1);
      // Before, the window up to the computer's time was taken as synced then: a day of calls not made yet settled.
      expect(coverage[0].toMs).toBeLessThanOrEqual(Date.now());
      expect(coverage[0].syncedAtMs).toBeLessThanOrEqual(Date.now());
    } finally {
      aheadClient.close();
      await ahead.closeAll();
    }
  });

  it('a filtered listing keeps its rows but is not taken as the whole list', async () => {
    const result = await fetchAll(client, listOf('seats'), checkedQuery(listOf('seats'), { enable: 1 }), { onRows: () => undefined });
    expect(result.ok && result.value.rows).toBeGreaterThan(0);
    await archives.settle('p1');
    const store = await storeOf();
    expect(await store.snapshotTakenAt('seats', '')).toBeNull();
    expect((await store.page(archiveTableFor('seats'), {}, 0, 10_000)).total).toBe(
      result.ok ? result.value.rows : -1,
    );
  });

  it("a task's complete listing is the snapshot of that task", async () => {
    const taskId = TASK_IDS[0];
    const result = await fetchAll(client, listOf('taskDetails'), checkedQuery(listOf('taskDetails'), { taskId }), { onRows: () => undefined });
    expect(result.ok).toBe(true);
    await archives.settle('p1');
    const store = await storeOf();
    expect(await store.snapshotTakenAt('taskDetails', String(taskId))).not.toBeNull();
    const archived = await store.page(archiveTableFor('taskDetails'), { scope: String(taskId) }, 0, 100_000);
    expect(archived.total).toBe(sandbox.data.taskRows(taskId).length);
  });

  it('a complete snapshot list records when it was taken and replaces rows gone from the platform', async () => {
    const before = Date.now();
    const result = await fetchAll(client, listOf('seats'), checkedQuery(listOf('seats'), {}), { onRows: () => undefined });
    expect(result.ok).toBe(true);
    await archives.settle('p1');
    const store = await storeOf();
    expect(await store.snapshotTakenAt('seats', '')).toBeGreaterThanOrEqual(before);
    const archived = await store.page(archiveTableFor('seats'), {}, 0, 10_000);
    expect(archived.total).toBe(sandbox.data.seats().length);
  });

  it('switched off, nothing is written to disk', async () => {
    settings.set('p1', { ...DEFAULT_ARCHIVE_SETTINGS, enabled: false });
    await client.page(listOf('seats'), checkedPage(listOf('seats'), { current: 1, size: 25, params: {} }));
    await archives.settle('p1');
    expect(await archives.store('p1')).toBeNull();
    expect(existsSync(join(folder, 'archive'))).toBe(false);
    expect(archives.condition('p1')).toEqual({ state: 'off' });
  });

  it('an archive held by another process is reported in plain words and the client keeps working', async () => {
    const path = archives.pathOf('p1');
    const holder = await holdInChild(path);
    try {
      const page = await client.page(listOf('seats'), checkedPage(listOf('seats'), { current: 1, size: 25, params: {} }));
      expect(page.ok).toBe(true);
      expect(await archives.store('p1')).toBeNull();
      expect(told.join('\n')).toMatch(/Another Switchboard window or command is using this archive/);
      const condition = archives.condition('p1');
      expect(condition).toMatchObject({ state: 'unavailable' });
      // Said as messages of the catalog too: the status shown follows a language switch.
      setCurrentLocale('zh-CN');
      try {
        expect(condition.state === 'unavailable' ? errorText(condition) : '').toBe('另一个 Switchboard 窗口或命令正在使用此存档。在其关闭之前，此窗口直接从平台实时获取数据。');
      } finally {
        setCurrentLocale('en');
      }
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a command (no window) is told its fetched records are not kept this time, not that a window works live', async () => {
    const path = archives.pathOf('p1');
    const holder = await holdInChild(path);
    const heard: string[] = [];
    const command = new Archives({
      userDataDir: folder,
      settingsOf: () => DEFAULT_ARCHIVE_SETTINGS,
      log: createLogger({ console: false }),
      tell: ({ message }) => heard.push(message),
      command: true,
    });
    try {
      expect(await command.store('p1')).toBeNull();
      expect(heard.join('\n')).toMatch(/Another Switchboard window or command is using this archive/);
      expect(heard.join('\n')).toMatch(/records this command fetches are not kept in the archive/);
      expect(heard.join('\n')).not.toMatch(/This window/);
    } finally {
      holder.kill('SIGKILL');
      await command.closeAll();
    }
  });

  it('an unreadable archive is set aside, the user is told where it went, and a new one keeps what is fetched', async () => {
    const path = archives.pathOf('p1');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'this is not an archive, '.repeat(400));
    const page = await client.page(listOf('seats'), checkedPage(listOf('seats'), { current: 1, size: 25, params: {} }));
    expect(page.ok).toBe(true);
    await archives.settle('p1');
    const setAside = readdirSync(dirname(path)).find((name) => name.includes('.unreadable-'));
    expect(setAside).toBeDefined();
    expect(told).toEqual([expect.stringContaining(`could not be read, so it was moved to ${join(dirname(path), setAside ?? '')}`)]);
    expect(archives.condition('p1')).toMatchObject({ state: 'open', setAsideAt: join(dirname(path), setAside ?? '') });
    expect((await (await storeOf()).page(archiveTableFor('seats'), {}, 0, 100)).total).toBe(25);
  });

  it('a store asked for while the archive is being removed is a new, empty archive on disk, never the removed file', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const page = (fromDays: number) =>
      client.page(listOf('voiceRecords'), checkedPage(listOf('voiceRecords'), {
        current: 1,
        size: 50,
        params: { strTime: iso(anchor - fromDays * DAY), endTime: iso(anchor - (fromDays - 10) * DAY) },
      }));
    await page(40);
    await archives.settle('p1');
    expect((await (await storeOf()).page(archiveTableFor('voiceRecords'), {}, 0, 100)).total).toBe(50);

    // Whoever asks for the store while it is being closed and its files removed (a Live board's refresh)...
    let removed = false;
    const removing = archives.remove('p1').finally(() => {
      removed = true;
    });
    const askedMeanwhile: Promise<unknown>[] = [];
    while (!removed) {
      askedMeanwhile.push(archives.store('p1').catch(() => null));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await removing;
    await Promise.all(askedMeanwhile);
    // ...and whatever is written after: it is in the file on disk, and the removed rows are not.
    const after = await page(20);
    const afterIds = after.ok ? after.value.records.map((record) => record.voiceId).sort() : [];
    expect(afterIds).toHaveLength(50);
    await archives.settle('p1');
    expect((await (await storeOf()).page(archiveTableFor('voiceRecords'), {}, 0, 100)).total).toBe(50);
    await archives.closeAll();
    const reread = new Archives({ userDataDir: folder, settingsOf: () => DEFAULT_ARCHIVE_SETTINGS, log: createLogger({ console: false }), tell: () => undefined });
    try {
      const store = await reread.store('p1');
      const records = (await store?.page(archiveTableFor('voiceRecords'), {}, 0, 100))?.records ?? [];
      expect(records.map((record) => record.voiceId).sort()).toEqual(afterIds);
    } finally {
      await reread.closeAll();
    }
  });

  it('a close that fails is told to its caller alone: a store or a close asked meanwhile still gets one', async () => {
    const store = await storeOf();
    const close = store.close.bind(store);
    store.close = () => Promise.reject(new Error('the engine could not close'));
    const failing = archives.close('p1');
    const askedMeanwhile = archives.store('p1');
    const closedAgain = archives.close('p1');
    await expect(failing).rejects.toThrow('the engine could not close');
    await close();
    await expect(closedAgain).resolves.toBeUndefined();
    const reopened = await askedMeanwhile;
    expect(reopened).not.toBeNull();
    expect(reopened).not.toBe(store);
  });

  it('opening an archive never removes rows, even with a short retention and the clock ten years ahead', async () => {
    const anchor = sandbox.data.anchor.getTime();
    await client.page(listOf('voiceRecords'), checkedPage(listOf('voiceRecords'), {
      current: 1,
      size: 50,
      params: { strTime: iso(anchor - 40 * DAY), endTime: iso(anchor - 30 * DAY) },
    }));
    await archives.settle('p1');
    expect((await (await storeOf()).page(archiveTableFor('voiceRecords'), {}, 0, 100)).total).toBe(50);
    await archives.closeAll();
    const ahead = new Archives({
      userDataDir: folder,
      settingsOf: () => ({ ...DEFAULT_ARCHIVE_SETTINGS, retentionDays: 20 }),
      log: createLogger({ console: false }),
      tell: ({ message }) => told.push(message),
      now: () => Date.now() + 3652 * DAY,
    });
    try {
      const reopened = await ahead.store('p1');
      expect((await reopened?.page(archiveTableFor('voiceRecords'), {}, 0, 100))?.total).toBe(50);
    } finally {
      await ahead.closeAll();
    }
  });
});
