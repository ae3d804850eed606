/**
 * An export writes what the table shows: the same query (source, filters as applied, sort,
 * search, column filters) read back from the file gives exactly the rows the screen's pages
 * list, in their order, with the table's columns; "this page" is the page on show; the
 * About sheet says the query in words.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import type { DesktopPort } from '../../../src/main/desktop-port';
import { createServices, type Services } from '../../../src/main/handlers';
import { createLogger } from '../../../src/main/log';
import { sortRows } from '../../../src/shared/cell-text';
import { planColumnFilters, rowPredicate } from '../../../src/shared/column-filter';
import type { EventName, PayloadOf } from '../../../src/shared/contract';
import type { ArchivePage } from '../../../src/shared/methods/archive';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { listOf } from '../../../src/shared/operations';
import type { Page, VoiceRecord } from '../../../src/shared/records';
import type { SeatRow } from '../../../src/shared/records';
import type { Result } from '../../../src/shared/result';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { exportedCsvRows } from '../../support/csv';

const DAY = 86_400_000;

describe('an export writes what the table shows', () => {
  const folder = mkdtempSync(join(tmpdir(), 'export-shows-'));
  let saved = 0;
  const desktop: DesktopPort = {
    host: 'electron',
    openExternal: async () => {},
    chooseSavePath: async ({ defaultName }) => join(folder, `${++saved}-${defaultName}`),
    showInFolder: async () => {},
    openPath: async () => null,
    offerDownload: () => null,
  };
  const changes: JobInfo[] = [];
  let services: Services;
  const call = async <T>(method: string, input?: unknown): Promise<Result<T>> => (await services.dispatch(method, input)) as Result<T>;
  const value = <T>(result: Result<T>): T => {
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  async function ended(job: JobInfo | null): Promise<JobInfo> {
    if (job === null) throw new Error('no job');
    const done = (): JobInfo | undefined => changes.find((change) => change.jobId === job.jobId && change.state !== 'running');
    for (let waited = 0; !done() && waited < 90_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const end = changes.find((change) => change.jobId === job.jobId && change.state !== 'running');
    if (!end || end.state !== 'completed') throw new Error(`the job ended ${end?.state}: ${end?.error?.message}`);
    return end;
  }
  async function exported(request: Record<string, unknown>): Promise<string> {
    const { job } = value(await call<{ job: JobInfo | null }>('startExport', request));
    const { path } = await ended(job);
    if (path === null) throw new Error('the export wrote no file');
    return path;
  }
  let window: { strTime: string; endTime: string };
  let zone: TimeZone;

  beforeAll(async () => {
    services = createServices({
      userDataDir: mkdtempSync(join(tmpdir(), 'export-shows-data-')),
      desktop,
      log: createLogger({ console: false }),
      secrets: createMemorySecretStore(),
      sandboxOptions: { volume: 'small', seed: 3 },
      emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => {
        if (name === 'jobChanged') changes.push(payload as JobInfo);
      },
    });
    const sandbox = await services.sandbox.instance();
    const anchor = sandbox.data.anchor.getTime();
    window = { strTime: new Date(anchor - 6 * DAY).toISOString(), endTime: new Date(anchor - DAY).toISOString() };
    zone = parseTimeZone('+08:00') as TimeZone;
    await ended(value(await call<{ job: JobInfo }>('startSync', { operations: ['voiceRecords', 'seats'] })).job);
  }, 120_000);
  afterAll(() => services.close());

  const archiveQuery = () => ({
    operation: 'voiceRecords',
    params: window,
    sort: { field: 'callDuration', descending: true },
    search: 'USD',
    contains: [{ field: 'callStatus', text: 'connected' }],
  });

  it('from the archive, all matching rows: exactly the rows its pages list, in their order, with the table columns', async () => {
    const page = value(await call<ArchivePage<VoiceRecord>>('archivePage', { ...archiveQuery(), offset: 0, limit: 1000 }));
    expect(page.total).toBeGreaterThan(25);
    expect(page.of).toBeGreaterThan(page.total);
    expect(page.rows.every((row) => row.callStatus === 50)).toBe(true);
    const path = await exported({ ...archiveQuery(), source: 'archive', format: 'csv', scope: 'all', columns: ['voiceId', 'callStatus', 'callDuration'] });
    const [header, ...rows] = exportedCsvRows(readFileSync(path, 'utf8'));
    expect(header).toEqual(['Voice id', 'Call status', 'Call status (label)', 'Duration (s)']);
    expect(rows.map((row) => row[0])).toEqual(page.rows.map((row) => row.voiceId));
    expect(rows.every((row) => row[2] === 'connected')).toBe(true);
  });

  it('from the archive, this page: exactly the page on show', async () => {
    const page = value(await call<ArchivePage<VoiceRecord>>('archivePage', { ...archiveQuery(), offset: 25, limit: 25 }));
    expect(page.rows).toHaveLength(25);
    const path = await exported({ ...archiveQuery(), source: 'archive', format: 'xlsx', scope: 'page', current: 2, size: 25 });
    const book = XLSX.read(readFileSync(path), { type: 'buffer' });
    const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets['Voice records'], { header: 1, raw: true, defval: null });
    expect(grid.slice(1).map((row) => row[0])).toEqual(page.rows.map((row) => row.voiceId));
    // Every column, those the table hides included.
    expect(grid[0]).toEqual(expect.arrayContaining(['Voice id', 'Answered', 'Base cost (USD)', 'Local amount']));
    const about = Object.fromEntries(XLSX.utils.sheet_to_json<[string, unknown]>(book.Sheets.About, { header: 1 }).slice(1));
    expect(about).toMatchObject({
      Source: 'The archive on this computer',
      'Column filters': 'Call status: connected',
      Search: '"USD" anywhere in the row',
      Order: 'Duration, descending',
      'Which rows': 'Page 2 of the table, 25 rows per page, as it showed',
      Rows: 25,
      Columns: `All ${listOf('voiceRecords').columns.length} columns`,
    });
    expect(String(about.Window)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(\+08:00\)$/);
  });

  it('from the platform, the page with the search and column filters applied and in the table order; all matching rows filtered the same way', async () => {
    const query = { operation: 'seats', params: {}, search: 'a', contains: [{ field: 'status', text: 'idle' }], sort: { field: 'name', descending: true } };
    const listed = value(await call<Page<SeatRow>>('queryPage', { operation: 'seats', current: 1, size: 100, params: {} }));
    const { columns } = listOf('seats');
    const planned = planColumnFilters(columns, query.contains);
    if (!planned.ok) throw new Error(planned.message);
    const keep = rowPredicate(columns, planned.plans, query.search, zone);
    if (!keep) throw new Error('no predicate');
    const shown = sortRows(listed.records.filter(keep), columns, { key: 'name', descending: true });
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThan(listed.records.length);

    const pagePath = await exported({ ...query, format: 'csv', scope: 'page', current: 1, size: 100, columns: ['keyId', 'name', 'status'] });
    const [header, ...rows] = exportedCsvRows(readFileSync(pagePath, 'utf8'));
    expect(header).toEqual(['Seat id', 'Name', 'Status', 'Status (label)']);
    expect(rows.map((row) => row[0])).toEqual(shown.map((row) => row.keyId));

    const allPath = await exported({ ...query, format: 'csv', scope: 'all', columns: ['keyId'] });
    const all = exportedCsvRows(readFileSync(allPath, 'utf8')).slice(1);
    const second = value(await call<Page<SeatRow>>('queryPage', { operation: 'seats', current: 2, size: 100, params: {} }));
    expect(listed.total).toBeLessThanOrEqual(200);
    const every = [...listed.records, ...second.records].filter(keep);
    expect(all.map((row) => row[0])).toEqual(every.map((row) => row.keyId));
  });

  /** voiceId and callDuration of a Parquet file, in the file's order. */
  async function parquetRows(path: string): Promise<[string, number][]> {
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    try {
      const read = await connection.runAndReadAll(`SELECT voiceId, callDuration FROM read_parquet('${path.replaceAll("'", "''")}')`);
      return read.getRowsJS().map((row) => [String(row[0]), Number(row[1])]);
    } finally {
      connection.closeSync();
      db.closeSync();
    }
  }

  it('to Parquet, from the archive and from the platform: the rows the table shows, in its order, every column', async () => {
    const page = value(await call<ArchivePage<VoiceRecord>>('archivePage', { ...archiveQuery(), offset: 0, limit: 1000 }));
    const fromArchive = await exported({ ...archiveQuery(), source: 'archive', format: 'parquet', scope: 'all' });
    expect(fromArchive.endsWith('.parquet')).toBe(true);
    const archived = await parquetRows(fromArchive);
    expect(archived.map(([id]) => id)).toEqual(page.rows.map((row) => row.voiceId));
    // Fetched afresh, the same search and filters keep the same rows, and the sort orders all of them.
    const fromPlatform = await parquetRows(await exported({ ...archiveQuery(), format: 'parquet', scope: 'all' }));
    expect(fromPlatform.map(([id]) => id).sort()).toEqual(page.rows.map((row) => String(row.voiceId)).sort());
    const durations = fromPlatform.map(([, seconds]) => seconds);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
  });

  it('refuses a Parquet page or a choice of columns, saying what to choose', async () => {
    const page = await call('startExport', { ...archiveQuery(), source: 'archive', format: 'parquet', scope: 'page', current: 1, size: 25 });
    expect(page).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('every matching row') } });
    const columns = await call('startExport', { ...archiveQuery(), source: 'archive', format: 'parquet', scope: 'all', columns: ['voiceId'] });
    expect(columns).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('every column') } });
  });

  it('refuses what the table could not show, naming it', async () => {
    const words = await call('startExport', { operation: 'voiceRecords', params: window, source: 'archive', format: 'csv', scope: 'all', contains: [{ field: 'callDuration', text: 'long' }] });
    expect(words).toMatchObject({ ok: false, error: { code: 'validation', fields: { callDuration: expect.stringMatching(/^Duration holds numbers/) } } });
    const column = await call('startExport', { operation: 'seats', params: {}, format: 'csv', scope: 'all', columns: ['password'] });
    expect(column).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('"password"') } });
    const bucket = await call('startExport', { operation: 'voiceRecords', params: window, format: 'csv', scope: 'all', hourOfDay: 3 });
    expect(bucket).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('archive only') } });
  });
});
