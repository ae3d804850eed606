/**
 * Every list exported from the sandbox to .xlsx and .csv, read back with SheetJS (and
 * some with LibreOffice), equals what the sandbox served: `+` and `0` prefixes,
 * formula-looking text, non-Latin text, numbers, amounts and date-times in the zone.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { runExport } from '../../../src/main/export/export-job';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { LIST_OPERATIONS, listOf, type ListOperation } from '../../../src/shared/operations';
import { formatIsoInZone, parseTimeZone } from '../../../src/shared/time-zone';
import { differences } from './check';
import { checkedQuery } from '../support/checked';
import { expectedColumns, rawRecords } from './expected';
import { libreOfficeCsv, parseCsv, readCsvWithSheetJs, readWorkbook, scratchDir } from './support';

const PLUS8 = parseTimeZone('+08:00');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('exports from the sandbox read back equal to what it served', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let dir: string;
  /** The filters each list is exported with: from its descriptor, unless set below. */
  const params = new Map<ListOperation, object>();
  const paramsOf = (operation: ListOperation): object => {
    const given = params.get(operation);
    if (given) return given;
    const list = listOf(operation);
    if (list.sync !== 'always') throw new Error(`${list.slug} is read one ${list.sync.noun} at a time: give this test its ${list.sync.param}.`);
    return list.window === null ? {} : windowOf(2);
  };
  let windowOf: (days: number) => { strTime: string; endTime: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, volume: 'default' });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    dir = scratchDir();
    if (!PLUS8) throw new Error('zone');
    const anchor = sandbox.data.anchor.getTime();
    const zone = PLUS8;
    windowOf = (days) => ({ strTime: formatIsoInZone(anchor - days * DAY, zone), endTime: formatIsoInZone(anchor, zone) });
    // Number records are sparser than voice records: a longer window holds as many kinds of row.
    params.set('numberRecords', windowOf(10));
    params.set('taskDetails', { taskId: sandbox.data.taskIds[0] });
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function exportTo<O extends ListOperation>(operation: O, format: 'xlsx' | 'csv'): Promise<string> {
    const path = join(dir, `${operation}.${format}`);
    const result = await runExport({
      client,
      list: listOf(operation),
      selection: { scope: 'all', query: checkedQuery(listOf(operation), paramsOf(operation)) },
      format,
      path,
      timeZone: '+08:00',
      about: { profileName: 'Sandbox (demo)', appVersion: '0.1.0' },
    });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} ${result.error.detail ?? ''}`);
    return path;
  }

  for (const operation of LIST_OPERATIONS) {
    it(`${operation}: .xlsx and .csv through SheetJS`, async () => {
      const served = await rawRecords(sandbox, operation, paramsOf(operation));
      expect(served.length).toBeGreaterThan(0);
      const columns = expectedColumns(operation);

      const workbook = readWorkbook(await exportTo(operation, 'xlsx'));
      const title = listOf(operation).endpoint.title();
      // A list with figures has a Summary sheet first (summary-sheet.test.ts checks it).
      const summary = listOf(operation).summary ? ['Summary'] : [];
      expect(workbook.names).toEqual([...summary, title, 'About']);
      expect(differences(workbook.sheets[title], columns, served, 'xlsx')).toEqual([]);

      const csvPath = await exportTo(operation, 'csv');
      expect(readFileSync(csvPath).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(differences(parseCsv(readFileSync(csvPath, 'utf8').slice(1)).rows, columns, served, 'csv')).toEqual([]);
      // SheetJS's CSV reader turns a CRLF inside a quoted field into LF (the file holds CRLF: checked just above).
      expect(differences(readCsvWithSheetJs(csvPath), columns, served, 'csv', { lineBreaksAsLf: true })).toEqual([]);
    }, 60_000);
  }

  for (const operation of ['voiceRecords', 'taskDetails'] as const) {
    it(`${operation}: .xlsx and .csv through LibreOffice`, async () => {
      const served = await rawRecords(sandbox, operation, paramsOf(operation));
      const columns = expectedColumns(operation);
      const fromXlsx = await libreOfficeCsv(await exportTo(operation, 'xlsx'));
      const recordsSheet = listOf(operation).endpoint.title();
      expect(Object.keys(fromXlsx)).toContain('About');
      expect(Object.keys(fromXlsx)).toContain(recordsSheet);
      expect(differences(parseCsv(fromXlsx[recordsSheet]).rows, columns, served, 'shown', { lineBreaksAsLf: true })).toEqual([]);

      const fromCsv = await libreOfficeCsv(await exportTo(operation, 'csv'));
      const only = Object.values(fromCsv)[0];
      expect(differences(parseCsv(only.replace(/^\uFEFF/, '')).rows, columns, served, 'csv', { lineBreaksAsLf: true })).toEqual([]);
    }, 120_000);
  }
});
