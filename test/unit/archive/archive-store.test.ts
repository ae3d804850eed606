import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseSeat, normaliseVoiceRecord } from '../../../src/shared/normalise';
import { SEAT_SCHEMA } from '../../../src/shared/normalise/records';
import { ArchiveStore, type ArchiveTable } from '../../../src/main/archive/archive-store';
import { listArchiveQuery } from '../../../src/main/archive/list-archive-query';
import { tableLayout } from '../../../src/main/archive/table-layout';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import type { SeatRecord, VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const data = buildSandboxData({
  seed: 7,
  anchor: new Date('2026-11-22T00:00:00Z'),
  volume: 'small',
  workspace: 'archive-test',
});

function voiceRecords(from: number, count: number): VoiceRecord[] {
  return Array.from({ length: count }, (_, i) =>
    normaliseVoiceRecord(data.voiceRecordAt(from + i) as unknown as Record<string, unknown>, { zone }),
  );
}

const voiceTable = archiveTableFor('voiceRecords');

/** Stages records 10,000 at a time, as a sync's pages come, and merges them. */
async function archiveInPages(records: readonly VoiceRecord[]): Promise<void> {
  for (let first = 0; first < records.length; first += 10_000) await store.stage(voiceTable, records.slice(first, first + 10_000), first, 1_000);
  await store.commit(voiceTable, null);
}
/** Seats laid out from the normaliser's own table, with the password field it names. */
const seatTable: ArchiveTable<SeatRecord> = {
  layout: tableLayout('seats', SEAT_SCHEMA, ['extra']),
  keyOf: (record, position) => record.keyId ?? `#${position}`,
  timeOf: () => null,
  scopeOf: () => '',
};
const seat = (keyId: string): SeatRecord => normaliseSeat({ keyId, name: keyId }, { zone });

let folder: string;
let store: ArchiveStore;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'switchboard-archive-'));
  store = (await ArchiveStore.open(join(folder, 'archive', 'profile.duckdb'))).store;
});

afterEach(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the archive store', () => {
  it('gives back every record exactly as it was stored', async () => {
    const records = voiceRecords(0, 300);
    records[0] = {
      ...records[0],
      extra: { surprise: { nested: [1, 'two', null] } },
      cost: { text: '0.10', value: 0.1 },
    };
    await store.stage(voiceTable, records, 0, 1_000);
    await store.commit(voiceTable, null);
    const byKey = new Map(records.map((record) => [record.voiceId, record]));
    const page = await store.page(voiceTable, {}, 0, 1000);
    expect(page.total).toBe(300);
    for (const record of page.records) expect(record).toEqual(byKey.get(record.voiceId));
  });

  it('keeps one row per key, the newest fetch winning', async () => {
    const records = voiceRecords(0, 50);
    await store.stage(voiceTable, records, 0, 1_000);
    await store.commit(voiceTable, null);
    const changed = records.slice(0, 10).map((record) => ({ ...record, callStatus: 99 }));
    await store.stage(voiceTable, changed, 0, 2_000);
    await store.stage(voiceTable, changed, 0, 2_000);
    await store.commit(voiceTable, null);
    const page = await store.page(
      voiceTable,
      { filters: [{ field: 'callStatus', op: 'eq', values: [99] }] },
      0,
      100,
    );
    expect(page.total).toBe(10);
    expect((await store.page(voiceTable, {}, 0, 1)).total).toBe(50);
  });

  it('records coverage only with the commit that completes it, and rows staged without a commit are not kept', async () => {
    await store.stage(voiceTable, voiceRecords(0, 20), 0, 1_000);
    expect(await store.coverage('voiceRecords')).toEqual([]);
    await store.commit(voiceTable, { coverage: { fromMs: 0, toMs: 100, syncedAtMs: 500 } });
    expect(await store.coverage('voiceRecords')).toEqual([{ fromMs: 0, toMs: 100, syncedAtMs: 500 }]);
    await store.stage(voiceTable, voiceRecords(20, 20), 20, 1_000);
    await store.discardStaged(voiceTable);
    await store.commit(voiceTable, { coverage: { fromMs: 100, toMs: 200, syncedAtMs: 500 } });
    expect((await store.page(voiceTable, {}, 0, 1)).total).toBe(20);
    expect(await store.coverage('voiceRecords')).toEqual([{ fromMs: 0, toMs: 200, syncedAtMs: 500 }]);
  });

  it('sorts by any field, filters, windows and searches in the database', async () => {
    const records = voiceRecords(0, 500);
    await store.stage(voiceTable, records, 0, 1_000);
    await store.commit(voiceTable, null);
    const costly = await store.page(voiceTable, { sort: { field: 'cost', descending: true } }, 0, 5);
    const expected = [...records]
      .filter((record) => record.cost?.value !== null && record.cost?.value !== undefined)
      .sort(
        (a, b) =>
          (b.cost?.value ?? 0) - (a.cost?.value ?? 0) || String(a.voiceId).localeCompare(String(b.voiceId)),
      )
      .slice(0, 5)
      .map((record) => record.cost?.value);
    expect(costly.records.map((record) => record.cost?.value)).toEqual(expected);

    const callee = records[123].callee as string;
    const searched = await store.page(voiceTable, { search: callee.slice(-6) }, 0, 100);
    expect(searched.records.map((record) => record.voiceId)).toContain(records[123].voiceId);
    for (const record of searched.records) expect(JSON.stringify(record)).toContain(callee.slice(-6));

    const times = records.map((record) => voiceTable.timeOf(record) as number).sort((a, b) => a - b);
    const window = { fromMs: times[100], toMs: times[199] };
    const windowed = await store.page(voiceTable, { window }, 0, 1000);
    expect(windowed.total).toBe(
      records.filter((record) => {
        const time = voiceTable.timeOf(record) as number;
        return time >= window.fromMs && time <= window.toMs;
      }).length,
    );
  });

  it('pages through a large sort with many equal values in the same order as sorting everything', async () => {
    // Over 50,000 rows a page ending within the top 50,000 is sorted between its own first
    // and last values, and one further in is picked from rows narrowed by its last value.
    const count = 60_000;
    const base = voiceRecords(0, 1);
    const records = Array.from({ length: count }, (_, i): VoiceRecord => ({
      ...base[0],
      voiceId: `id-${String((i * 7_919) % count).padStart(6, '0')}`,
      // 48,000 rows with a cost, in four values; the rest without one, sorting last.
      cost: i % 5 === 0 ? null : { text: String(i % 5), value: i % 5 },
    }));
    await archiveInPages(records);
    for (const descending of [true, false]) {
      const expected = [...records]
        .sort((a, b) => {
          const x = a.cost?.value ?? null;
          const y = b.cost?.value ?? null;
          if (x !== y) {
            if (x === null) return 1;
            if (y === null) return -1;
            return descending ? y - x : x - y;
          }
          return String(a.voiceId) < String(b.voiceId) ? -1 : 1;
        })
        .map((record) => record.voiceId);
      for (const offset of [0, 5_000, 10_275, 41_130, 47_990, 48_000, 51_420, 59_990]) {
        const page = await store.page(voiceTable, { sort: { field: 'cost', descending } }, offset, 25);
        expect(page.total).toBe(count);
        expect(page.records.map((record) => record.voiceId)).toEqual(expected.slice(offset, offset + 25));
      }
    }
    // A write makes the sort read its top values again: a new highest cost leads the first page.
    const dearest: VoiceRecord = { ...base[0], voiceId: 'id-dearest', cost: { text: '99', value: 99 } };
    await store.stage(voiceTable, [dearest], count, 2_000);
    await store.commit(voiceTable, null);
    const afterWrite = await store.page(voiceTable, { sort: { field: 'cost', descending: true } }, 0, 25);
    expect(afterWrite.records.map((record) => record.voiceId)).toEqual([
      'id-dearest',
      ...records
        .filter((record) => record.cost?.value === 4)
        .map((record) => String(record.voiceId))
        .sort()
        .slice(0, 24),
    ]);
    // Unsorted: the platform's order, and here every row has the same time, so the place in the listing decides.
    for (const offset of [0, 12_345, 49_975, 55_000]) {
      const page = await store.page(voiceTable, {}, offset, 25);
      expect(page.records.map((record) => record.voiceId)).toEqual(
        records.slice(offset, offset + 25).map((record) => record.voiceId),
      );
    }
  }, 60_000);

  it('reads a page deep in a large sort of nearly distinct values whole, in the same order as sorting everything', async () => {
    // Few rows share a page's first value, so the page is read in one statement (the engine
    // sorts the range's values and keys, then reads the page's rows); pairs of equal costs
    // put a row of the page's first value before the page now and then.
    const count = 60_000;
    const base = voiceRecords(0, 1);
    const records = Array.from({ length: count }, (_, i): VoiceRecord => ({
      ...base[0],
      voiceId: `id-${String((i * 7_919) % count).padStart(6, '0')}`,
      calledInfo: `row ${i}`,
      cost: { text: (Math.floor(i / 2) / 100).toFixed(2), value: Math.floor(i / 2) / 100 },
    }));
    await archiveInPages(records);
    const expected = [...records].sort((a, b) =>
      a.cost?.value !== b.cost?.value ? (b.cost?.value ?? 0) - (a.cost?.value ?? 0) : String(a.voiceId) < String(b.voiceId) ? -1 : 1,
    );
    for (const offset of [0, 1, 4_999, 5_000, 33_333]) {
      // Each page the first of its listing (opened afresh): pages after it come from chunks read apart.
      await store.close();
      store = (await ArchiveStore.open(join(folder, 'archive', 'profile.duckdb'))).store;
      const page = await store.page(voiceTable, { sort: { field: 'cost', descending: true } }, offset, 25);
      expect(page.records).toEqual(expected.slice(offset, offset + 25).map((record) => expect.objectContaining({ voiceId: record.voiceId, calledInfo: record.calledInfo, cost: record.cost })));
    }
  }, 60_000);

  it('answers an m:ss search over a duration too long to be whole seconds in the engine, instead of failing', async () => {
    const records = voiceRecords(0, 20);
    records[3] = { ...records[3], callDuration: 1e20, chargedDuration: -1e300 };
    records[4] = { ...records[4], callDuration: 83 };
    await store.stage(voiceTable, records, 0, 1_000);
    await store.commit(voiceTable, null);
    const times = records.map((record) => voiceTable.timeOf(record) ?? 0);
    const params = { strTime: new Date(Math.min(...times)).toISOString(), endTime: new Date(Math.max(...times)).toISOString() };
    for (const search of ['1:23', ':4', '6:4', '1:2', '1:', '12']) {
      const asked = listArchiveQuery({ operation: 'voiceRecords', params, search }, zone);
      if (!asked.ok) throw new Error(asked.error.message);
      const page = await store.page(voiceTable, asked.value.query, 0, 25);
      if (search === '1:23') expect(page.records.map((record) => record.voiceId)).toContain(records[4].voiceId);
    }
  });

  it('searches case-insensitively for text with letters, and exactly for digits', async () => {
    const records = voiceRecords(0, 200);
    records[5] = { ...records[5], calledInfo: 'Ada LOVELACE, Analytical Engines' };
    await store.stage(voiceTable, records, 0, 1_000);
    await store.commit(voiceTable, null);
    const lettered = await store.page(voiceTable, { search: 'lovelace, ANALYTICAL' }, 0, 10);
    expect(lettered.records.map((record) => record.voiceId)).toEqual([records[5].voiceId]);
    const digits = (records[9].callee as string).slice(-5);
    const found = await store.page(voiceTable, { search: digits }, 0, 200);
    const expected = records.filter((record) => JSON.stringify(record).includes(digits)).length;
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(expected);
    expect(found.records.map((record) => record.voiceId)).toContain(records[9].voiceId);
  });

  it('never stores a password', async () => {
    const withPassword = normaliseSeat(
      { keyId: 's1', account: 'agent1', password: 'hunter2-secret', name: 'Ann' },
      { zone },
    );
    await store.stage(seatTable, [withPassword], 0, 1_000);
    await store.commit(seatTable, { snapshot: { scope: '', takenAtMs: 1_000 } });
    expect(seatTable.layout.columns.map((column) => column.name)).not.toContain('password');
    await store.close();
    const files = readdirSync(join(folder, 'archive'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(readFileSync(join(folder, 'archive', file)).includes('hunter2-secret')).toBe(false);
    expect(readFileSync(join(folder, 'archive', 'profile.duckdb')).includes('agent1')).toBe(true);
    store = (await ArchiveStore.open(join(folder, 'archive', 'profile.duckdb'))).store;
    expect(await store.snapshotTakenAt('seats', '')).toBe(1_000);
  });

  it('replaces a snapshot scope whole: rows gone from the platform are gone from the archive', async () => {
    await store.stage(seatTable, [seat('a'), seat('b'), seat('c')], 0, 1_000);
    await store.commit(seatTable, { snapshot: { scope: '', takenAtMs: 1_000 } });
    await store.stage(seatTable, [seat('a'), seat('c')], 0, 2_000);
    await store.commit(seatTable, { snapshot: { scope: '', takenAtMs: 2_000 } });
    const page = await store.page(seatTable, { sort: { field: 'keyId', descending: false } }, 0, 10);
    expect(page.records.map((record) => record.keyId)).toEqual(['a', 'c']);
    expect(await store.snapshotTakenAt('seats', '')).toBe(2_000);
  });

  it('a snapshot merged in parts (a large list, or a page viewed meanwhile) keeps every row it saw', async () => {
    await store.stage(seatTable, [seat('old-1'), seat('old-2'), seat('kept')], 0, 1_000);
    await store.commit(seatTable, { snapshot: { scope: '', takenAtMs: 1_000 } });
    // The next snapshot starts at 2,000; its first part is merged before the last page comes.
    await store.stage(seatTable, [seat('a'), seat('kept')], 0, 2_100);
    await store.commit(seatTable, null);
    await store.stage(seatTable, [seat('b')], 2, 2_200);
    await store.commit(seatTable, { snapshot: { scope: '', takenAtMs: 2_000 } });
    const page = await store.page(seatTable, { sort: { field: 'keyId', descending: false } }, 0, 10);
    expect(page.records.map((record) => record.keyId)).toEqual(['a', 'b', 'kept']);
  });

  it('says plainly when another process holds the archive, and opens once it is free', async () => {
    const path = join(folder, 'archive', 'profile.duckdb');
    const child = join(folder, 'open-archive.mts');
    writeFileSync(
      child,
      `import { ArchiveBusyError, ArchiveStore } from ${JSON.stringify(join(process.cwd(), 'src/main/archive/archive-store.ts'))};
       try { const { store } = await ArchiveStore.open(${JSON.stringify(path)}); await store.close(); console.log('opened'); }
       catch (error) { console.log(error instanceof ArchiveBusyError ? 'busy: ' + error.message : 'failed: ' + String(error)); }`,
    );
    const openElsewhere = () =>
      execFileSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8' }).trim();
    // This process holds the file: the other one is refused with a message, and nothing is set aside.
    expect(openElsewhere()).toMatch(/^busy: Another Switchboard window or command is using this archive/);
    expect(readdirSync(join(folder, 'archive')).filter((file) => file.includes('unreadable'))).toEqual([]);
    await store.close();
    expect(openElsewhere()).toBe('opened');
    store = (await ArchiveStore.open(path)).store;
  }, 30_000);

  it('moves an unreadable file aside, says where, and starts afresh', async () => {
    await store.close();
    const path = join(folder, 'archive', 'profile.duckdb');
    writeFileSync(path, 'this is not a database');
    const opened = await ArchiveStore.open(path);
    store = opened.store;
    expect(opened.setAside?.keptAt).toMatch(/profile\.duckdb\.unreadable-\d+$/);
    expect(statSync(opened.setAside?.keptAt as string).size).toBe('this is not a database'.length);
    expect((await store.page(voiceTable, {}, 0, 1)).total).toBe(0);
  });

  it('finishes the writes asked before it closes, and refuses those asked once closing began, never running one on a closed engine', async () => {
    const path = join(folder, 'archive', 'profile.duckdb');
    const asked = voiceRecords(0, 500);
    const before = [store.stage(voiceTable, asked, 0, 1_000), store.commit(voiceTable, null)];
    const closing = store.close();
    // Asked in the same turn, while the close waits for the writes before it: before, these
    // ran after the close's checkpoint, on connections the close was tearing down.
    const late = Promise.allSettled([store.stage(voiceTable, voiceRecords(500, 500), 500, 1_000), store.commit(voiceTable, null)]);
    await Promise.all(before);
    for (const outcome of await late) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'The archive is closed.' } });
    await closing;
    store = (await ArchiveStore.open(path)).store;
    expect((await store.page(voiceTable, {}, 0, 1000)).total).toBe(asked.length);
  });

  it('makes the file readable by its owner only', async () => {
    if (process.platform === 'win32') return;
    const path = join(folder, 'archive', 'profile.duckdb');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, 'archive')).mode & 0o777).toBe(0o700);
  });
});
