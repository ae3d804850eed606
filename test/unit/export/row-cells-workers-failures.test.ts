/**
 * An archive export whose cell workers cannot help: one that cannot be started, or one that
 * stops mid-export. The workers only save time: the export writes those rows in its own
 * thread, the file is the one written there, and no partial file or worker is left.
 */
import fs, { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/main/api';
import { archiveRows } from '../../../src/main/archive/archive-export';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { exportFields } from '../../../src/main/export/cells';
import { ChunkedRows } from '../../../src/main/export/chunked-rows';
import { runExport } from '../../../src/main/export/export-job';
import { RowCellsPool, rowCellsWorkerCount, rowCellsWorkerScript } from '../../../src/main/export/row-cells-pool';
import { XlsxStreamWriter } from '../../../src/main/export/xlsx-stream-writer';
import type { WorkerScript } from '../../../src/main/worker-script';
import { checkQuery, listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { ok } from '../../../src/shared/result';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const ROWS = 12_000;
const table = archiveTableFor('voiceRecords');
const list = listOf('voiceRecords');

/** Writes to files fail as on a full disk once `bytes` are written; undone by the returned function. */
function fillTheDiskAfter(bytes: number): () => void {
  let written = 0;
  const spies = (['write', 'writev'] as const).map((name) => {
    const original = fs[name];
    return vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      const data = args[1];
      written += Array.isArray(data) ? data.reduce((sum: number, buffer: Buffer) => sum + buffer.length, 0) : data instanceof Buffer ? data.length : 0;
      const callback = args[args.length - 1];
      if (written > bytes && typeof callback === 'function') {
        process.nextTick(callback, Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        return;
      }
      Reflect.apply(original, fs, args);
    }) as unknown as typeof original);
  });
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

/** The pools the exports start, and the spy that keeps them (restore it when done). */
function watchPools() {
  const pools: RowCellsPool[] = [];
  const start = RowCellsPool.start.bind(RowCellsPool);
  const started = vi.spyOn(RowCellsPool, 'start').mockImplementation((...args) => {
    const pool = start(...args);
    if (pool) pools.push(pool);
    return pool;
  });
  return { pools, started };
}

/** One pool was started, and every one of its workers has ended. */
function expectEnded(pools: readonly RowCellsPool[]): void {
  expect(pools).toHaveLength(1);
  for (const worker of Reflect.get(pools[0], 'workers') as Worker[]) expect(worker.threadId).toBe(-1);
}

function recordAt(i: number): VoiceRecord {
  return {
    voiceId: `v${i}`,
    callee: `+86 ${i % 40}`,
    displayNum: i % 2 === 0 ? '' : ` 0${i % 9} `,
    callStatus: [10, 40, 50, 60, null][i % 5],
    submitTime: { text: 'x', epochMs: 1_795_305_596_000 - i * 1000 },
    callTime: null,
    callDuration: i % 5 === 0 ? null : i % 300,
    cost: i % 6 === 0 ? null : { text: '0.5', value: 0.5 },
    calledInfo: i === 9_001 ? 'y'.repeat(40_000) : `info ${i % 30}`,
    extra: {},
  } as unknown as VoiceRecord;
}

describe('an archive export whose workers cannot help', () => {
  let dir: string;
  let store: ArchiveStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'row-cells-failures-'));
    ({ store } = await ArchiveStore.open(join(dir, 'archive.duckdb')));
    await store.stage(table, Array.from({ length: ROWS }, (_, i) => recordAt(i)), 0, Date.now());
    await store.commit(table, null);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const query = checkQuery(list, { strTime: '2026-11-20T00:00:00+08:00', endTime: '2026-11-21T23:59:59+08:00' }, { now: new Date('2026-11-22T00:00:00Z') });
  /** An export of every archived row; `cellsWorker` absent: in this thread only. Chunks come 100 ms apart, so a worker runs before the last. */
  function exportTo(name: string, cellsWorker: WorkerScript | 'this thread', more: { format?: 'xlsx' | 'csv'; summaryOnly?: boolean; signal?: AbortSignal } = {}) {
    if (!query.ok) throw new Error(query.error.message);
    const source = archiveRows(store, 'voiceRecords', {});
    return runExport({
      client: createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', apiSecret: 's', timeZone: '+08:00' }),
      list,
      selection: { scope: 'all', query: query.value },
      ...(cellsWorker === 'this thread'
        ? { rows: async (onRows, signal) => ok(await store.each(table, {}, onRows, signal)) }
        : {
            cellsWorker,
            archive: {
              operation: source.operation,
              each: (onChunk, signal) =>
                source.each(async (chunk) => {
                  await onChunk(chunk);
                  await new Promise((resolve) => setTimeout(resolve, 100));
                }, signal),
            },
          }),
      format: more.format ?? 'xlsx',
      ...(more.summaryOnly ? { summaryOnly: true } : {}),
      ...(more.signal ? { signal: more.signal } : {}),
      path: join(dir, name),
      timeZone: '+05:45',
      about: { profileName: 'p', appVersion: '0' },
      xlsx: { maxRowsPerSheet: 5_000 },
      now: () => 0,
    });
  }
  const parts = (name: string): Record<string, string> =>
    Object.fromEntries(Object.entries(unzipSync(readFileSync(join(dir, name)))).map(([part, bytes]) => [part, strFromU8(bytes)]));
  const leftOver = (name: string): string[] => readdirSync(dir).filter((file) => file.startsWith(name) && file !== name);

  it('whose worker cannot be started, is written in this thread', async () => {
    const here = await exportTo('here.xlsx', 'this thread');
    // Node refuses a worker file named without a path at once (as it does when no thread can be made).
    const exported = await exportTo('unstarted.xlsx', { file: 'export-rows-worker.js', execArgv: [] });
    expect(exported).toMatchObject({ ok: true, value: { rows: ROWS } });
    if (!exported.ok || !here.ok) throw new Error('export failed');
    expect(exported.value.warnings).toEqual(here.value.warnings);
    expect(parts('unstarted.xlsx')).toEqual(parts('here.xlsx'));
    expect(leftOver('unstarted.xlsx')).toEqual([]);
  }, 60_000);

  it('whose worker stops mid-export, has the rows it held written in this thread', async () => {
    const real = rowCellsWorkerScript(join(__dirname, '../../../src/main/export'));
    if (real === null) throw new Error('no worker script');
    // The app's worker, which answers its first chunk and then stops (as one the system ends does).
    const stopping = join(dir, 'stopping-worker.js');
    writeFileSync(
      stopping,
      `let chunks = 0;
require('node:worker_threads').parentPort.on('message', () => {
  require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'stopping-chunks'))}, 'c');
  if (++chunks === 2) process.exit(3);
});
require(${JSON.stringify(real.file)});`,
    );
    const crashing = join(dir, 'crashing-worker.js');
    writeFileSync(
      crashing,
      `require('node:worker_threads').parentPort.on('message', () => {
  require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'crashing-chunks'))}, 'c');
  throw new Error('the worker broke');
});`,
    );
    const here = await exportTo('here.xlsx', 'this thread');
    for (const [name, file] of [['stopped.xlsx', stopping], ['crashed.xlsx', crashing]] as const) {
      const exported = await exportTo(name, { file, execArgv: real.execArgv });
      expect(exported, name).toMatchObject({ ok: true, value: { rows: ROWS } });
      if (!exported.ok || !here.ok) throw new Error('export failed');
      expect(exported.value.warnings).toEqual(here.value.warnings);
      expect(parts(name)).toEqual(parts('here.xlsx'));
      expect(leftOver(name)).toEqual([]);
    }
    // Each was handed chunks: the first worker answered one and stopped at the next.
    expect(readFileSync(join(dir, 'stopping-chunks'), 'utf8').length).toBeGreaterThanOrEqual(2);
    expect(readFileSync(join(dir, 'crashing-chunks'), 'utf8').length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('that cannot write its file, says why, leaves no partial file and stops its workers', async () => {
    const real = rowCellsWorkerScript(join(__dirname, '../../../src/main/export'));
    if (real === null) throw new Error('no worker script');
    const { pools, started } = watchPools();
    const restore = fillTheDiskAfter(40_000);
    try {
      const exported = await exportTo('full.xlsx', real);
      expect(exported).toMatchObject({ ok: false, error: { code: 'file-error' } });
      if (exported.ok) throw new Error('written');
      expect(exported.error.detail).toContain('ENOSPC');
      expect(exported.error.said).toEqual({ key: 'export_file_disk_full' });
    } finally {
      restore();
      started.mockRestore();
    }
    expect(readdirSync(dir).filter((file) => file.startsWith('full.xlsx'))).toEqual([]);
    expectEnded(pools);
  }, 60_000);

  it('to CSV, or a Summary only, starts no worker and writes what it wrote before', async () => {
    const marker = join(dir, 'worker-started');
    const marking = join(dir, 'marking-worker.js');
    writeFileSync(marking, `require('node:fs').appendFileSync(${JSON.stringify(marker)}, 'started');`);
    for (const [name, more] of [
      ['rows.csv', { format: 'csv' }],
      ['summary.xlsx', { summaryOnly: true }],
    ] as const) {
      const here = await exportTo(`here-${name}`, 'this thread', more);
      const exported = await exportTo(name, { file: marking, execArgv: [] }, more);
      expect(exported, name).toMatchObject({ ok: true, value: { rows: ROWS } });
      if (!exported.ok || !here.ok) throw new Error('export failed');
      expect(exported.value.warnings).toEqual(here.value.warnings);
      if (name.endsWith('.csv')) expect(readFileSync(join(dir, name), 'utf8')).toBe(readFileSync(join(dir, `here-${name}`), 'utf8'));
      else expect(parts(name)).toEqual(parts(`here-${name}`));
    }
    expect(readdirSync(dir)).not.toContain('worker-started');
  }, 60_000);

  it('cancelled while its worker holds chunks it never answers, ends at once and leaves no file', async () => {
    const held = join(dir, 'held-chunks');
    const silent = join(dir, 'silent-worker.js');
    writeFileSync(silent, `require('node:worker_threads').parentPort.on('message', () => require('node:fs').appendFileSync(${JSON.stringify(held)}, 'c'));`);
    const cancel = new AbortController();
    // Every chunk is read by then: the export waits for the worker's answers.
    setTimeout(() => cancel.abort(), 1_500);
    const { pools, started } = watchPools();
    const ended = await Promise.race([
      exportTo('silent.xlsx', { file: silent, execArgv: [] }, { signal: cancel.signal }),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]).finally(() => started.mockRestore());
    expect(ended).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    // Its worker ended before the export did.
    expectEnded(pools);
    expect(readFileSync(held, 'utf8').length).toBeGreaterThanOrEqual(1);
    expect(readdirSync(dir).filter((file) => file.startsWith('silent.xlsx'))).toEqual([]);
  }, 60_000);

  it('whose worker holds chunks it never answers, stops that worker and writes them in this thread', async () => {
    const held = join(dir, 'hung-chunks');
    const hung = join(dir, 'hung-worker.js');
    writeFileSync(hung, `require('node:worker_threads').parentPort.on('message', () => require('node:fs').appendFileSync(${JSON.stringify(held)}, 'c'));`);
    const start = RowCellsPool.start.bind(RowCellsPool);
    const pools: RowCellsPool[] = [];
    // An answer overdue after 300 ms (the app waits longer): the export is not held until cancelled.
    const started = vi.spyOn(RowCellsPool, 'start').mockImplementation((spec, count, script) => {
      const pool = start(spec, count, script, 300);
      if (pool) pools.push(pool);
      return pool;
    });
    await exportTo('here.xlsx', 'this thread');
    const exported = await Promise.race([
      exportTo('hung.xlsx', { file: hung, execArgv: [] }),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]).finally(() => started.mockRestore());
    expect(exported).toMatchObject({ ok: true, value: { rows: ROWS } });
    expect(readFileSync(held, 'utf8').length).toBeGreaterThanOrEqual(1);
    expect(parts('hung.xlsx')).toEqual(parts('here.xlsx'));
    expect(leftOver('hung.xlsx')).toEqual([]);
    expectEnded(pools);
  }, 60_000);

  it('closed twice (a cancel, then the export itself), returns only once its workers have ended', async () => {
    const fields = exportFields(list.columns, parseTimeZone('+08:00') as TimeZone);
    const writer = new XlsxStreamWriter(join(dir, 'closed-twice.xlsx'), fields, { sheetName: 'Voice records' });
    const idle = join(dir, 'idle-worker.js');
    writeFileSync(idle, "require('node:worker_threads').parentPort.on('message', () => {});");
    let ended = false;
    const chunked = new ChunkedRows(writer, {
      writer,
      fields,
      spec: { operation: 'voiceRecords', columns: list.columns.map((column) => column.key), timeZone: '+08:00', locale: 'en' },
      startPool: (spec) => {
        const pool = RowCellsPool.start(spec, 1, { file: idle, execArgv: [] });
        const close = pool?.close.bind(pool);
        // Workers that take a while to end, as a busy one does.
        if (pool && close) pool.close = () => new Promise<void>((resolve) => setTimeout(resolve, 200)).then(close).then(() => void (ended = true));
        return pool;
      },
    });
    const cancelled = chunked.close();
    await chunked.close();
    expect(ended).toBe(true);
    await cancelled;
    await writer.abort();
  }, 60_000);
});

describe('how many workers an archive export starts', () => {
  it('one for each core beyond its own thread, at most two, and none on one core', () => {
    expect([1, 2, 3, 4, 16].map((cores) => rowCellsWorkerCount(cores))).toEqual([0, 1, 2, 2, 2]);
    expect(RowCellsPool.start({ operation: 'voiceRecords', columns: ['voiceId'], timeZone: '+08:00', locale: 'en' }, 0)).toBeNull();
  });
});
