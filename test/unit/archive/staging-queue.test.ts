/**
 * A sync's fetch never waits on the archive's writes: pages are handed to a queue that
 * stages them in order in the background, the fetch waits only for a backlog over its bound,
 * and a write that fails fails the sync (nothing of the range is kept).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { StagingQueue } from '../../../src/main/archive/staging-queue';
import { syncWindow, type SyncSource } from '../../../src/main/archive/sync';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { normaliseVoiceRecord } from '../../../src/shared/normalise';
import type { VoiceRecord } from '../../../src/shared/records';
import { ok } from '../../../src/shared/result';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const table = archiveTableFor('voiceRecords');
const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pageOf(page: number, size: number, toMs: number): VoiceRecord[] {
  return Array.from({ length: size }, (_, index) =>
    normaliseVoiceRecord({ voiceId: `v${page}-${index}`, callee: '+8613800000001', submitTime: new Date(toMs - 1000 - page * 1000 - index).toISOString() }, { zone }),
  );
}

/** A platform of `pages` pages, each answered after `latencyMs`; says when it handed over its last page. */
function slowPlatform(pages: number, latencyMs: number, toMs: number): SyncSource<VoiceRecord> & { lastHandedAtMs: number } {
  const source = {
    table,
    lastHandedAtMs: 0,
    async fetchEvery(_range: unknown, onRows: (records: VoiceRecord[]) => Promise<void>) {
      for (let page = 0; page < pages; page++) {
        await sleep(latencyMs);
        await onRows(pageOf(page, 10, toMs));
      }
      source.lastHandedAtMs = performance.now();
      return ok({ rows: pages * 10 });
    },
  };
  return source;
}

describe('a sync with a slow archive', () => {
  const folder = mkdtempSync(join(tmpdir(), 'staging-queue-'));
  const stores: ArchiveStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  async function slowStore(name: string, writeMs: number): Promise<ArchiveStore> {
    const { store } = await ArchiveStore.open(join(folder, `${name}.duckdb`));
    stores.push(store);
    const stage = store.stage.bind(store);
    vi.spyOn(store, 'stage').mockImplementation(async (...args) => {
      await sleep(writeMs);
      return stage(...args);
    });
    return store;
  }

  it('fetches every page without waiting for each write, and keeps every row', async () => {
    const store = await slowStore('slow-writes', 100);
    const toMs = Date.now();
    const source = slowPlatform(10, 20, toMs);
    const started = performance.now();
    const synced = await syncWindow(store, source, { fromMs: toMs - DAY_MS, toMs }, 0);
    expect(synced).toMatchObject({ ok: true, value: { rows: 100 } });
    // Ten answers of 20 ms: the fetch is done in about 200 ms; ten writes of 100 ms take a second after it.
    expect(source.lastHandedAtMs - started).toBeLessThan(600);
    expect((await store.page(table, {}, 0, 1)).total).toBe(100);
  });

  it('a write that fails fails the sync, and nothing of the range is kept', async () => {
    const { store } = await ArchiveStore.open(join(folder, 'failing.duckdb'));
    stores.push(store);
    let writes = 0;
    const stage = store.stage.bind(store);
    vi.spyOn(store, 'stage').mockImplementation(async (...args) => {
      writes += 1;
      if (writes === 3) throw new Error('the disk said no');
      return stage(...args);
    });
    const toMs = Date.now();
    const synced = await syncWindow(store, slowPlatform(10, 5, toMs), { fromMs: toMs - DAY_MS, toMs }, 0);
    expect(synced.ok).toBe(false);
    expect((await store.page(table, {}, 0, 1)).total).toBe(0);
    expect(await store.coverage(table.layout.table)).toEqual([]);
  });
});

describe('the staging queue', () => {
  it('makes the hand-over wait only while the backlog is over its bound', async () => {
    let release = (): void => undefined;
    const store = { stage: vi.fn(() => new Promise<void>((resolve) => (release = resolve))) };
    const queue = new StagingQueue(store, table, Date.now, 15);
    const rows = pageOf(0, 10, Date.now());
    await queue.add(rows, 0);
    let second = false;
    const handing = queue.add(rows, 10).then(() => (second = true));
    await sleep(20);
    expect(second).toBe(false);
    release();
    await handing;
    expect(second).toBe(true);
  });
});
