/**
 * Reads of the archive are bounded: one past its time limit is interrupted and says so,
 * one its asker gave up is interrupted, closing interrupts what runs, and a cheap page never
 * waits behind a long read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveReadCancelled, ArchiveReadTimeout, ArchiveStore } from '../../../src/main/archive/archive-store';
import { ArchiveReadsQueued, MAX_WAITING_READS, ReadPool } from '../../../src/main/archive/read-pool';
import { sql } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { normaliseVoiceRecord } from '../../../src/shared/normalise';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

/** A statement that runs for minutes unless interrupted. */
const ENDLESS = sql`SELECT count(*) FROM range(${1_000_000}) a, range(${1_000_000}) b WHERE a.range + b.range = ${7}`;
const ENDLESS_TEXT = 'SELECT count(*) FROM range(1000000) a, range(1000000) b WHERE a.range + b.range = 7';
const zone = parseTimeZone('+08:00') as TimeZone;

async function settledWithin<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    return { value: await promise, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe('archive reads', () => {
  const folder = mkdtempSync(join(tmpdir(), 'archive-read-limits-'));
  const stores: ArchiveStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  async function open(name: string, readTimeLimitMs: number): Promise<ArchiveStore> {
    const { store } = await ArchiveStore.open(join(folder, `${name}.duckdb`), { readTimeLimitMs });
    stores.push(store);
    const table = archiveTableFor('voiceRecords');
    const record = normaliseVoiceRecord({ voiceId: 'v1', callee: '+8613800000001', callTime: '2026-11-01T10:00:00+08:00' }, { zone });
    await store.stage(table, [record], 0, Date.now());
    await store.commit(table, null);
    return store;
  }

  it('interrupts a read past its time limit, says so, and reads again at once', async () => {
    const store = await open('time-limit', 300);
    const outcome = await settledWithin(store.read([], ENDLESS));
    expect(outcome.error).toBeInstanceOf(ArchiveReadTimeout);
    expect((outcome.error as Error).message).toMatch(/took more than 0\.3 s to answer/);
    expect(outcome.ms).toBeLessThan(2_000);
    expect((await store.page(archiveTableFor('voiceRecords'), {}, 0, 10)).total).toBe(1);
  });

  it('answers a cheap page while a long read runs, and closing interrupts the long one', async () => {
    const store = await open('side-by-side', 60_000);
    const long = settledWithin(store.read([], ENDLESS));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const page = await settledWithin(store.page(archiveTableFor('voiceRecords'), {}, 0, 10));
    expect(page.value?.total).toBe(1);
    expect(page.ms).toBeLessThan(2_000);
    const closing = settledWithin(store.close());
    const interrupted = await long;
    expect(interrupted.error).toBeInstanceOf(ArchiveReadCancelled);
    expect((await closing).ms).toBeLessThan(2_000);
  });
});

describe('the read pool', () => {
  it('interrupts a read whose asker gives up, and takes a waiting one out of the queue', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const pool = new ReadPool(instance, 1, 60_000);
    const giveUp = new AbortController();
    const running = settledWithin(pool.run((connection) => connection.run(ENDLESS_TEXT), { signal: giveUp.signal }));
    const waitingGiveUp = new AbortController();
    const waiting = settledWithin(pool.run((connection) => connection.run('SELECT 1'), { signal: waitingGiveUp.signal }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    waitingGiveUp.abort();
    expect((await waiting).error).toBeInstanceOf(ArchiveReadCancelled);
    giveUp.abort();
    const outcome = await running;
    expect(outcome.error).toBeInstanceOf(ArchiveReadCancelled);
    expect(outcome.ms).toBeLessThan(2_000);
    // The slot is free again, on a fresh connection.
    const next = await pool.run(async (connection) => (await connection.runAndReadAll('SELECT 42')).getRowsJS());
    expect(next).toEqual([[42]]);
    await pool.close();
    instance.closeSync();
  });

  it('refuses a read at once while as many as it keeps already wait, and answers those that wait', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const pool = new ReadPool(instance, 1, 60_000);
    const giveUp = new AbortController();
    const running = settledWithin(pool.run((connection) => connection.run(ENDLESS_TEXT), { signal: giveUp.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = Array.from({ length: MAX_WAITING_READS }, (_, index) =>
      pool.run(async (connection) => (await connection.runAndReadAll(`SELECT ${index}`)).getRowsJS()[0]?.[0]),
    );
    const refused = await settledWithin(pool.run((connection) => connection.run('SELECT 1')));
    expect(refused.error).toBeInstanceOf(ArchiveReadsQueued);
    expect((refused.error as Error).message).toMatch(new RegExp(`already answering ${MAX_WAITING_READS} other reads`));
    expect(refused.ms).toBeLessThan(100);
    giveUp.abort();
    expect((await running).error).toBeInstanceOf(ArchiveReadCancelled);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: MAX_WAITING_READS }, (_, index) => index));
    // Room again once the queue has drained.
    expect(await pool.run(async (connection) => (await connection.runAndReadAll('SELECT 7')).getRowsJS())).toEqual([[7]]);
    await pool.close();
    instance.closeSync();
  });
});
