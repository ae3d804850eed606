/** Sync against the simulator: only what is missing is fetched, and the archive ends equal to the platform. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { settledRanges } from '../../../src/main/archive/coverage';
import { platformSyncSource } from '../../../src/main/archive/platform-source';
import { syncWindow, type SyncSource } from '../../../src/main/archive/sync';
import { LIVE_REFETCH_MS } from '../../../src/main/live/live-boards';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { fetchAll } from '../../../src/main/jobs/fetch-all';
import { type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { listOf } from '../../../src/shared/operations';
import { checkedPage, checkedQuery } from '../support/checked';
import { ok } from '../../../src/shared/result';
import type { VoiceRecord } from '../../../src/shared/records';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const iso = (ms: number): string => formatIsoInZone(Math.floor(ms / 1000) * 1000, PLUS8);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VOICE_PATH = listOf('voiceRecords').endpoint.path;

const voiceTable = archiveTableFor('voiceRecords');

function voiceSource(client: PlatformClient): SyncSource<VoiceRecord> {
  return {
    table: voiceTable,
    async fetchEvery(range, onRows, signal) {
      if (!range) throw new Error('voice records are windowed');
      const result = await fetchAll(
        client,
        listOf('voiceRecords'),
        checkedQuery(listOf('voiceRecords'), { strTime: iso(range.fromMs), endTime: iso(range.toMs) }),
        { onRows, signal },
      );
      return result.ok ? ok({ rows: result.value.rows }) : result;
    },
  };
}

describe('archive sync against the sandbox', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let folder: string;
  let store: ArchiveStore;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3, volume: 'small' });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-sync-'));
    store = (await ArchiveStore.open(join(folder, 'archive.duckdb'))).store;
  });
  afterEach(async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const voiceRequests = () => sandbox.requestLog.filter((entry) => entry.path === VOICE_PATH).length;
  const expectedIds = (fromMs: number, toMs: number): string[] => {
    const range = sandbox.data.voiceRecordRange(fromMs, toMs);
    return Array.from(
      { length: range.end - range.first },
      (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId,
    );
  };
  const archivedIds = async (fromMs: number, toMs: number): Promise<string[]> => {
    const page = await store.page(voiceTable, { window: { fromMs, toMs } }, 0, 1_000_000);
    return page.records.map((record) => record.voiceId ?? '');
  };

  it('a sync of 50 days, then one a day later, fetches only the new day plus the refresh window', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const dayBefore = anchor - DAY;
    const first = await syncWindow(
      store,
      voiceSource(client),
      { fromMs: dayBefore - 50 * DAY, toMs: dayBefore },
      DAY,
      {
        now: () => dayBefore,
      },
    );
    expect(first.ok).toBe(true);
    expect(new Set(await archivedIds(dayBefore - 50 * DAY, dayBefore))).toEqual(
      new Set(expectedIds(dayBefore - 50 * DAY, dayBefore)),
    );

    sandbox.clearRequestLog();
    const second = await syncWindow(
      store,
      voiceSource(client),
      { fromMs: anchor - 50 * DAY, toMs: anchor },
      DAY,
      {
        now: () => anchor,
      },
    );
    expect(second.ok && second.value.fetched).toEqual([{ fromMs: dayBefore - DAY, toMs: anchor }]);
    // One request a page of 100 for each of the last two days (the day this sync settles asked apart from the
    // refresh window): nothing older was asked for again.
    const pagesOf = (fromMs: number, toMs: number): number => Math.max(1, Math.ceil(expectedIds(fromMs, toMs).length / 100));
    expect(voiceRequests()).toBe(pagesOf(dayBefore - DAY, dayBefore) + pagesOf(dayBefore, anchor));
    const archived = await archivedIds(anchor - 50 * DAY, anchor);
    expect(archived.length).toBe(new Set(archived).size);
    expect(new Set(archived)).toEqual(new Set(expectedIds(anchor - 50 * DAY, anchor)));
  }, 60_000);

  it('a range whose records never held still while read is kept, but settles nothing: the next sync reads it again', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const window = { fromMs: anchor - 10 * DAY, toMs: anchor - 5 * DAY };
    const source = voiceSource(client);
    const asked: (boolean | undefined)[] = [];
    const restless: SyncSource<VoiceRecord> = {
      table: voiceTable,
      async fetchEvery(range, onRows, signal, settles) {
        asked.push(settles);
        const fetched = await source.fetchEvery(range, onRows, signal);
        return fetched.ok ? ok({ rows: fetched.value.rows, heldStill: false }) : fetched;
      },
    };
    const first = await syncWindow(store, restless, window, DAY, { now: () => anchor });
    expect(first.ok).toBe(true);
    // A range of the past, which this sync settles: asked to be read again when its records move.
    expect(asked).toEqual([true]);
    expect(new Set(await archivedIds(window.fromMs, window.toMs))).toEqual(new Set(expectedIds(window.fromMs, window.toMs)));
    expect(settledRanges(await store.coverage('voiceRecords'), DAY)).toEqual([]);

    const again = await syncWindow(store, voiceSource(client), window, DAY, { now: () => anchor });
    expect(again.ok && again.value.fetched).toEqual([window]);
    expect(settledRanges(await store.coverage('voiceRecords'), DAY)).toEqual([window]);
  }, 60_000);

  it('a sync cut off part-way keeps no coverage for the unfinished range, and the next sync completes it exactly', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const controller = new AbortController();
    let pagesSeen = 0;
    const source = voiceSource(client);
    const cut: SyncSource<VoiceRecord> = {
      table: voiceTable,
      fetchEvery: (range, onRows, signal) =>
        source.fetchEvery(
          range,
          async (records) => {
            await onRows(records);
            if (++pagesSeen === 5) controller.abort();
          },
          signal,
        ),
    };
    const window = { fromMs: anchor - 20 * DAY, toMs: anchor };
    const cancelled = await syncWindow(store, cut, window, DAY, {
      now: () => anchor,
      signal: controller.signal,
    });
    expect(cancelled.ok).toBe(false);
    expect(await store.coverage('voiceRecords')).toEqual([]);

    const resumed = await syncWindow(store, voiceSource(client), window, DAY, { now: () => anchor });
    expect(resumed.ok).toBe(true);
    const archived = await archivedIds(window.fromMs, window.toMs);
    expect(archived.length).toBe(new Set(archived).size);
    expect(new Set(archived)).toEqual(new Set(expectedIds(window.fromMs, window.toMs)));
  }, 60_000);

  it('calls that arrive while a range is read never push an older record out of the sync: the range is read again', async () => {
    // A frozen live floor, moved on three seconds twice while the range is read.
    sandbox.data.live.start({ callEveryMs: 1_000 });
    let clockMs = Math.floor(Date.now() / 1000) * 1000;
    sandbox.data.live.setClock(clockMs);
    try {
      // A window holding a whole number of full pages (100 rows), at least two: a record arriving at the top pushes
      // the oldest past the last page, which nothing reads again. (Reaching back past the hour when the live calls,
      // which start at the sandbox's anchor, the hour it started in, are still few.)
      let fromMs = clockMs - HOUR;
      const windowOf = (from: number) => sandbox.data.voiceRecordRange(from, clockMs);
      while (windowOf(fromMs).end % 100 !== 0 || windowOf(fromMs).end - windowOf(fromMs).first < 200) fromMs -= 1000;
      const before = expectedIds(fromMs, clockMs);
      expect(before.length).toBeGreaterThanOrEqual(200);
      sandbox.clearRequestLog();
      const movedAfter = new Set<number>();
      // Two days ahead: the window reaches past the platform's time, where the calls arrive. The floor moves on
      // when a request is signed after the first and after the second voice page were answered, once each.
      const computerNow = (): number => {
        const answered = voiceRequests();
        if ((answered === 1 || answered === 2) && !movedAfter.has(answered)) {
          movedAfter.add(answered);
          sandbox.data.live.setClock((clockMs += 3_000));
        }
        return Date.now() + 2 * DAY;
      };
      const movingClient = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00', now: computerNow });
      const synced = await syncWindow(store, platformSyncSource(movingClient, 'voiceRecords'), { fromMs, toMs: computerNow() }, LIVE_REFETCH_MS, {
        now: computerNow,
      });
      movingClient.close();
      expect(synced.ok).toBe(true);
      // Calls did arrive while it read.
      expect(expectedIds(fromMs, clockMs).length).toBeGreaterThan(before.length);
      const archived = await archivedIds(fromMs, clockMs);
      expect(archived.length).toBe(new Set(archived).size);
      expect(new Set(archived)).toEqual(new Set(expectedIds(fromMs, clockMs)));
      expect(archived).toEqual(expect.arrayContaining(before));
    } finally {
      sandbox.data.live.setClock(null);
      sandbox.data.live.stop();
    }
  }, 60_000);

  it('a busy floor, its calls arriving all through every reading of a window reaching past the platform\'s time, never fails a sync: what it settles holds still, and the next sync completes the rest', async () => {
    // A call every second, and pages slow enough that several arrive while a range reaching the platform's time is read.
    sandbox.data.live.start({ callEveryMs: 1_000 });
    sandbox.data.live.setClock(null);
    sandbox.setFaults({ latencyMs: 600 });
    // The computer's clock five minutes ahead (the platform takes up to 30): its "now" is in the platform's future.
    const aheadMs = (): number => Date.now() + 5 * 60_000;
    const aheadClient = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00', now: aheadMs });
    try {
      // An answer has shown the platform's time, as it has in any session that fetched before.
      await aheadClient.page(listOf('seats'), checkedPage(listOf('seats'), { current: 1, size: 1, params: {} }));
      const refreshMs = 10 * 60_000;
      const startMs = Date.now();
      const fromMs = Math.floor((startMs - HOUR) / 1000) * 1000;
      const busy = await syncWindow(store, platformSyncSource(aheadClient, 'voiceRecords'), { fromMs, toMs: aheadMs() }, refreshMs, { now: aheadMs });
      // Before, the whole range was read again at every move, and the sync failed after four readings that all moved.
      expect(busy.ok ? 'synced' : busy.error.message).toBe('synced');
      // Calls did arrive while it read.
      expect(sandbox.data.live.callCount(Date.now())).toBeGreaterThan(sandbox.data.live.callCount(startMs));
      // What it settled (older than the refresh window before the platform's time) is all there, once each.
      const settledToMs = startMs - refreshMs;
      const settled = await archivedIds(fromMs, settledToMs - 1000);
      expect(settled.length).toBe(new Set(settled).size);
      expect(new Set(settled)).toEqual(new Set(expectedIds(fromMs, settledToMs - 1000)));
      // Nothing after that line is taken as settled: the next sync reads it again.
      const settledNow = settledRanges(await store.coverage('voiceRecords'), refreshMs);
      expect(Math.max(...settledNow.map((range) => range.toMs))).toBeLessThanOrEqual(settledToMs + 1000);

      // The floor holds still a moment (its clock frozen), the computer's clock is set right, and the next sync completes the recent calls exactly.
      const atMs = Math.floor(Date.now() / 1000) * 1000 - 1;
      sandbox.data.live.setClock(atMs);
      const next = await syncWindow(store, platformSyncSource(client, 'voiceRecords'), { fromMs, toMs: atMs }, refreshMs, { now: () => atMs });
      expect(next.ok).toBe(true);
      const archived = await archivedIds(fromMs, atMs);
      expect(archived.length).toBe(new Set(archived).size);
      expect(new Set(archived)).toEqual(new Set(expectedIds(fromMs, atMs)));
    } finally {
      aheadClient.close();
      sandbox.setFaults({ latencyMs: 0 });
      sandbox.data.live.setClock(null);
      sandbox.data.live.stop();
    }
  }, 60_000);

  it('a computer clock two days ahead claims nothing past the platform\'s own time: calls made after its sync are fetched by the next', async () => {
    // A live floor on the real clock: a call about every second.
    sandbox.data.live.start({ callEveryMs: 1_000 });
    sandbox.data.live.setClock(null);
    try {
      const startMs = Date.now();
      // Whole seconds, as the platform's times are: a call at 0.8 s past a window starting at 0.6 s past is, to the
      // second, before it (the sandbox counts it by its instant, the archive by its time as the platform writes it).
      const fromMs = Math.floor((startMs - HOUR) / 1000) * 1000;
      const computerNow = (): number => Date.now() + 2 * DAY;
      const aheadClient = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00', now: computerNow });
      const ahead = await syncWindow(store, platformSyncSource(aheadClient, 'voiceRecords'), { fromMs, toMs: computerNow() }, LIVE_REFETCH_MS, {
        now: computerNow,
      });
      aheadClient.close();
      expect(ahead.ok).toBe(true);
      // The coverage is settled no later than the platform's time when the sync began.
      const [piece] = await store.coverage('voiceRecords');
      expect(piece.syncedAtMs).toBeLessThanOrEqual(Date.now());

      // More calls come in; the clock is set right, and the next sync (the Live board's two minutes again) fetches them.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // Stopped at the end of a whole second, for the same reason.
      const atMs = Math.floor(Date.now() / 1000) * 1000 - 1;
      sandbox.data.live.setClock(atMs);
      const madeSince = sandbox.data.live.callRange(startMs, atMs, atMs);
      expect(madeSince.end - madeSince.first).toBeGreaterThan(1);
      const right = await syncWindow(store, platformSyncSource(client, 'voiceRecords'), { fromMs, toMs: atMs }, LIVE_REFETCH_MS, { now: () => atMs });
      expect(right.ok).toBe(true);
      const archived = await archivedIds(fromMs, atMs);
      expect(archived.length).toBe(new Set(archived).size);
      expect(new Set(archived)).toEqual(new Set(expectedIds(fromMs, atMs)));
    } finally {
      sandbox.data.live.setClock(null);
      sandbox.data.live.stop();
    }
  }, 60_000);
});
