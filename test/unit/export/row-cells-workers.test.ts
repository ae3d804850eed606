/**
 * A large archive export's cells are written by worker threads (chunked-rows.ts): the file
 * is byte for byte the one written in the export's own thread, across sheets, with awkward
 * texts, labels in the export's language and times in its zone; the chunks of a worker that
 * fails are written in the export's own thread, never a file with rows missing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/main/api';
import { archiveRows } from '../../../src/main/archive/archive-export';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { exportFields } from '../../../src/main/export/cells';
import { ChunkedRows } from '../../../src/main/export/chunked-rows';
import { runExport } from '../../../src/main/export/export-job';
import { RowCellsPool } from '../../../src/main/export/row-cells-pool';
import { XlsxStreamWriter } from '../../../src/main/export/xlsx-stream-writer';
import { setCurrentLocale } from '../../../src/shared/i18n/locale';
import { checkQuery, listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { ok } from '../../../src/shared/result';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const ROWS = 7_000;
const ZONE = 'Asia/Kolkata';
const table = archiveTableFor('voiceRecords');
const list = listOf('voiceRecords');

function recordAt(i: number): VoiceRecord {
  return {
    voiceId: `v${i}`,
    callee: i % 3 === 0 ? null : `+86 ${i}\u001f<&>_x0041_`,
    displayNum: i % 2 === 0 ? '' : ` 0${i} `,
    callStatus: [10, 40, 50, 60, null][i % 5],
    submitTime: { text: `2026-11-24T10:${String(i % 60).padStart(2, '0')}:00+08:00`, epochMs: 1_795_305_596_000 - i * 1000 },
    callTime: i % 4 === 0 ? null : { text: 'not a time', epochMs: null },
    callDuration: i % 5 === 0 ? null : i,
    cost: i % 6 === 0 ? null : { text: `0.${i}`, value: i / 10 },
    calledInfo: i === 4_321 ? 'x'.repeat(40_000) : `星辰 😀 ${i}`,
    extra: {},
  } as unknown as VoiceRecord;
}

describe('an archive export written by workers', () => {
  let dir: string;
  let store: ArchiveStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'row-cells-workers-'));
    ({ store } = await ArchiveStore.open(join(dir, 'archive.duckdb')));
    await store.stage(table, Array.from({ length: ROWS }, (_, i) => recordAt(i)), 0, Date.now());
    await store.commit(table, null);
  }, 60_000);
  afterAll(async () => {
    setCurrentLocale('en');
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const query = checkQuery(list, { strTime: '2026-11-20T00:00:00+08:00', endTime: '2026-11-21T23:59:59+08:00' }, { now: new Date('2026-11-22T00:00:00Z') });
  function exportTo(path: string, rows: 'workers' | 'this thread') {
    if (!query.ok) throw new Error(query.error.message);
    return runExport({
      // Never asked: the rows come from the archive.
      client: createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', apiSecret: 's', timeZone: '+08:00' }),
      list,
      selection: { scope: 'all', query: query.value },
      ...(rows === 'workers'
        ? { archive: archiveRows(store, 'voiceRecords', {}) }
        : { rows: async (onRows, signal) => ok(await store.each(table, {}, onRows, signal)) }),
      format: 'xlsx',
      path,
      timeZone: ZONE,
      about: { profileName: 'p', appVersion: '0' },
      xlsx: { maxRowsPerSheet: 3_000 },
      now: () => 0,
    });
  }
  const parts = (path: string): Record<string, string> =>
    Object.fromEntries(Object.entries(unzipSync(readFileSync(path))).map(([name, bytes]) => [name, strFromU8(bytes)]));

  /** The records sheets written by workers once they run (each chunk waits until one has room), and how many chunks they wrote. */
  async function writtenByWorkers(path: string, locale: string): Promise<number> {
    const zone = parseTimeZone(ZONE) as TimeZone;
    const fields = exportFields(list.columns, zone);
    const writer = new XlsxStreamWriter(path, fields, { sheetName: 'Voice records', maxRowsPerSheet: 3_000 });
    let pool: RowCellsPool | null = null;
    let byWorkers = 0;
    const chunked = new ChunkedRows(writer, {
      writer,
      fields,
      spec: { operation: 'voiceRecords', columns: list.columns.map((column) => column.key), timeZone: ZONE, locale },
      startPool: (spec) => {
        pool = RowCellsPool.start(spec);
        const encode = pool?.encode.bind(pool);
        if (pool && encode) pool.encode = (raw) => (byWorkers++, encode(raw));
        return pool;
      },
    });
    await store.eachChunk(table, {}, async (chunk) => {
      await chunked.write(chunk);
      for (let waited = 0; pool !== null && !(pool as RowCellsPool).hasRoom && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await chunked.finish();
    await chunked.close();
    await writer.finish(() => []);
    return byWorkers;
  }

  it('is byte for byte the file written in the export\'s own thread, in either language', async () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      setCurrentLocale(locale);
      const zone = parseTimeZone(ZONE) as TimeZone;
      const herePath = join(dir, `here-${locale}.xlsx`);
      const here = new XlsxStreamWriter(herePath, exportFields(list.columns, zone), { sheetName: 'Voice records', maxRowsPerSheet: 3_000 });
      await store.each(table, {}, (records) => here.writeRows(records));
      const hereSummary = await here.finish(() => []);
      const workersPath = join(dir, `workers-${locale}.xlsx`);
      // Chunks of 2,048 rows: those after a worker runs are written by it (at least the last two).
      expect(await writtenByWorkers(workersPath, locale)).toBeGreaterThanOrEqual(2);
      const written = parts(workersPath);
      expect(written).toEqual(parts(herePath));
      expect(Object.keys(written).filter((name) => name.startsWith('xl/worksheets/'))).toHaveLength(4);
      expect(written['xl/worksheets/sheet3.xml']).toContain('<row r="1001">');
      expect(written['xl/worksheets/sheet1.xml']).toContain(locale === 'en' ? 'connected' : '接通');
      expect(hereSummary.truncatedCells).toBe(1);
    }
  }, 60_000);

  it('is what an export of every archived row writes, Summary sheet and cells cut included', async () => {
    const exported = await exportTo(join(dir, 'export.xlsx'), 'workers');
    const here = await exportTo(join(dir, 'export-here.xlsx'), 'this thread');
    if (!exported.ok || !here.ok) throw new Error('export failed');
    expect(exported.value).toMatchObject({ rows: ROWS, warnings: here.value.warnings, sheets: here.value.sheets });
    expect(exported.value.warnings.join(' ')).toContain('1');
    expect(parts(join(dir, 'export.xlsx'))).toEqual(parts(join(dir, 'export-here.xlsx')));
  }, 60_000);

  it('cancelled while workers write, leaves no file and says so', async () => {
    if (!query.ok) throw new Error(query.error.message);
    const cancel = new AbortController();
    const source = archiveRows(store, 'voiceRecords', {});
    let chunks = 0;
    const path = join(dir, 'cancelled.xlsx');
    const result = await runExport({
      client: createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', apiSecret: 's', timeZone: '+08:00' }),
      list,
      selection: { scope: 'all', query: query.value },
      archive: {
        operation: source.operation,
        each: (onChunk, signal) =>
          source.each(async (chunk) => {
            await onChunk(chunk);
            if (++chunks === 3) cancel.abort();
          }, signal),
      },
      format: 'xlsx',
      path,
      timeZone: ZONE,
      about: { profileName: 'p', appVersion: '0' },
      signal: cancel.signal,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(readdirSync(dir).filter((name) => name.startsWith('cancelled'))).toEqual([]);
  }, 60_000);

  it('writes the chunks of a worker that fails in its own thread, every row in order', async () => {
    const zone = parseTimeZone(ZONE) as TimeZone;
    const fields = exportFields(list.columns, zone);
    const writer = new XlsxStreamWriter(join(dir, 'failing.xlsx'), fields, { sheetName: 'Voice records' });
    const broken = join(dir, 'broken-worker.js');
    writeFileSync(broken, "require('node:worker_threads').parentPort.on('message', () => { throw new Error('the worker broke'); });");
    const chunked = new ChunkedRows(writer, {
      writer,
      fields,
      spec: { operation: 'voiceRecords', columns: list.columns.map((column) => column.key), timeZone: ZONE, locale: 'en' },
      startPool: (spec) => RowCellsPool.start(spec, 1, { file: broken, execArgv: [] }),
    });
    const written = (async () => {
      await store.eachChunk(table, {}, async (chunk) => {
        await chunked.write(chunk);
        // Lets the worker come online, so later chunks go to it.
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await chunked.finish();
    })();
    await written;
    await chunked.close();
    expect(await writer.finish(() => [])).toMatchObject({ rows: ROWS, truncatedCells: 1 });
    const sheet = parts(join(dir, 'failing.xlsx'))['xl/worksheets/sheet1.xml'];
    expect(sheet).toContain(`<row r="${ROWS + 1}">`);
    expect(sheet.indexOf('>v0<')).toBeLessThan(sheet.indexOf(`>v${ROWS - 1}<`));
  }, 60_000);
});
