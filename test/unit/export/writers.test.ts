/** The .xlsx and .csv writers: typed cells, escaping, sheet layout, the second sheet, CSV safety. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import * as XLSX from 'xlsx';
import { fieldsOf, exportFields, excelSerialText, wallText, wallClock, excelSerial } from '../../../src/main/export/cells';
import { CsvWriter, csvText } from '../../../src/main/export/csv-writer';
import { defaultExportName } from '../../../src/main/export/file-name';
import { XlsxStreamWriter, sheetNameOf } from '../../../src/main/export/xlsx-stream-writer';
import type { Column } from '../../../src/shared/columns';
import type { DecimalAmount, Timestamp } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { parseCsv, readWorkbook, scratchDir, serialToWallMs } from './support';

interface Row {
  id: string;
  phone: string;
  note: string;
  count: number | null;
  cost: DecimalAmount | null;
  currency: string | null;
  at: Timestamp | null;
  day: string | null;
  status: number | null;
  groups: string[];
}

const zoneOf = (name: string): TimeZone => {
  const zone = parseTimeZone(name);
  if (!zone) throw new Error(name);
  return zone;
};

const COLUMNS: Column<Row>[] = [
  { key: 'id', header: () => 'Id', kind: 'id', visible: true, get: (r) => r.id },
  { key: 'phone', header: () => 'Phone', kind: 'phone', visible: true, get: (r) => r.phone },
  { key: 'note', header: () => 'Note', kind: 'text', visible: true, get: (r) => r.note },
  { key: 'count', header: () => 'Count', kind: 'integer', visible: true, get: (r) => r.count },
  { key: 'cost', header: () => 'Cost', kind: 'amount', visible: true, get: (r) => r.cost, currency: (r) => r.currency || 'USD', currencyOf: { field: 'currency', otherwise: 'USD' } },
  { key: 'at', header: () => 'At', kind: 'time', visible: true, get: (r) => r.at },
  { key: 'day', header: () => 'Day', kind: 'date', visible: true, get: (r) => r.day },
  { key: 'status', header: () => 'Status', kind: 'code', visible: true, get: (r) => r.status, label: (v) => (Number(v) === 50 ? 'connected' : null), labels: { table: { 50: 'connected' } } },
  { key: 'groups', header: () => 'Groups', kind: 'list', visible: true, get: (r) => r.groups },
];

const AT = Date.parse('2026-03-29T00:30:00Z'); // 00:30 UTC: London moves to summer time at 01:00 UTC
const rows: Row[] = [
  {
    id: '000123',
    phone: '+8613800000000',
    note: '=HYPERLINK("http://example.invalid","click")',
    count: 42,
    cost: { text: '0.0150', value: 0.015 },
    currency: null,
    at: { text: '2026-03-29T08:30:00+08:00', epochMs: AT },
    day: '2026-12-31',
    status: 50,
    groups: ['North', '南方'],
  },
  {
    id: '0',
    phone: '0044 20 7946 0000',
    note: 'Ünïcödé 客户 العميل 🌟 _x0041_ a\u0001b <tag> & "q"',
    count: null,
    cost: { text: '-2.50', value: -2.5 },
    currency: 'EUR',
    at: { text: '2026-03-29T09:30:00+08:00', epochMs: AT + 3_600_000 },
    day: null,
    status: null,
    groups: [],
  },
  {
    id: 'x',
    phone: '@cmd',
    note: '  spaced\r\nlines\t',
    count: -5,
    cost: null,
    currency: null,
    at: { text: 'not a time', epochMs: null },
    day: 'someday',
    status: 7,
    groups: ['one'],
  },
];

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function writeXlsx(name: string, zone: TimeZone, data: Row[], maxRowsPerSheet?: number): Promise<string> {
  const path = join(dir, name);
  const writer = new XlsxStreamWriter(path, COLUMNS.flatMap((c) => fieldsOf(c, zone)), { sheetName: 'Calls: [all]', maxRowsPerSheet });
  await writer.writeRows(data);
  await writer.finish(({ rows }) => [
    { label: 'Rows', value: rows },
    { label: 'Profile', value: 'Demo' },
  ]);
  return path;
}

describe('the .xlsx writer', () => {
  it('writes typed cells: text stays text, numbers, amounts, date-times in the zone, codes with labels, lists', async () => {
    const path = await writeXlsx('typed.xlsx', zoneOf('Europe/London'), rows);
    const { names, sheets, workbook } = readWorkbook(path);
    expect(names).toEqual(['Calls all', 'About']);
    const sheet = workbook.Sheets['Calls all'];
    const grid = sheets['Calls all'];
    expect(grid[0]).toEqual(['Id', 'Phone', 'Note', 'Count', 'Cost', 'Cost currency', 'At', 'Day', 'Status', 'Status (label)', 'Groups']);
    expect(grid[1].slice(0, 6)).toEqual(['000123', '+8613800000000', '=HYPERLINK("http://example.invalid","click")', 42, 0.015, 'USD']);
    expect(sheet.C2.t).toBe('s');
    expect(sheet.C2.f).toBeUndefined();
    expect(sheet.B2.t).toBe('s');
    expect(sheet.D2.t).toBe('n');
    // 00:30 UTC is 00:30 GMT; an hour later the clocks have gone forward: 02:30 BST.
    expect(sheet.G2.t).toBe('n');
    expect(sheet.G2.z).toBe('yyyy-mm-dd hh:mm:ss');
    expect(serialToWallMs(grid[1][6] as number)).toBe(Date.parse('2026-03-29T00:30:00Z'));
    expect(serialToWallMs(grid[2][6] as number)).toBe(Date.parse('2026-03-29T02:30:00Z'));
    expect(serialToWallMs(grid[1][7] as number)).toBe(Date.parse('2026-12-31T00:00:00Z'));
    expect(grid[1].slice(8)).toEqual([50, 'connected', 'North, 南方']);
    // Control characters cannot be in XML and are dropped; `_x0041_` stays literal.
    expect(grid[2]).toEqual(['0', '0044 20 7946 0000', 'Ünïcödé 客户 العميل 🌟 _x0041_ ab <tag> & "q"', null, -2.5, 'EUR', grid[2][6], null, null, null, null]);
    expect(grid[3]).toEqual(['x', '@cmd', '  spaced\r\nlines\t', -5, null, null, 'not a time', 'someday', 7, null, 'one']);
    expect(sheets.About).toEqual([
      ['About this export', 'Value'],
      ['Rows', 3],
      ['Profile', 'Demo'],
    ]);
  });

  it('freezes the header, filters it, sizes the columns and bolds the header', async () => {
    const path = await writeXlsx('layout.xlsx', zoneOf('+08:00'), rows);
    const files = unzipSync(readFileSync(path));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('<autoFilter ref="A1:K4"/>');
    expect(sheet).toMatch(/<cols><col min="1" max="1" width="\d+" customWidth="1"\/>/);
    expect(sheet).toContain('<c s="1" t="inlineStr"><is><t>Id</t></is></c>');
    expect(sheet).not.toContain('<f>');
    expect(strFromU8(files['xl/workbook.xml'])).toContain(`<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'Calls all'!$A$1:$K$4</definedName>`);
  });

  it('continues the records on a second sheet past the rows one sheet holds', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...rows[0], id: `id-${i}` }));
    const path = await writeXlsx('split.xlsx', zoneOf('+08:00'), many, 3);
    const { names, sheets } = readWorkbook(path);
    expect(names).toEqual(['Calls all', 'Calls all (2)', 'Calls all (3)', 'About']);
    const ids = names.slice(0, 3).flatMap((name) => {
      expect(sheets[name][0][0]).toBe('Id');
      return sheets[name].slice(1).map((row) => row[0]);
    });
    expect(ids).toEqual(many.map((row) => row.id));
  });

  it('cuts text to Excel\'s 32,767 characters per cell, also in rows larger than one write buffer', async () => {
    const long = `${'長'.repeat(40_000)}`;
    const wide = { ...rows[0], note: long, id: 'i'.repeat(33_000), phone: 'p'.repeat(32_767) };
    const path = join(dir, 'long.xlsx');
    const writer = new XlsxStreamWriter(path, COLUMNS.flatMap((c) => fieldsOf(c, zoneOf('+08:00'))), { sheetName: 'Long' });
    await writer.writeRows([rows[1], wide, rows[2]]);
    const summary = await writer.finish(() => []);
    expect(summary.truncatedCells).toBe(2);
    const grid = readWorkbook(path).sheets.Long;
    expect(grid.map((row) => (row[0] as string).length)).toEqual([2, 1, 32_767, 1]);
    expect(grid[2][1]).toBe('p'.repeat(32_767));
    expect(grid[2][2]).toBe('長'.repeat(32_767));
    expect(grid[3][0]).toBe('x');
  });

  it('writes repeated and unique values alike across thousands of rows, and counts every cut cell', async () => {
    // Past the cells a column is looked at before it is kept by value or not; a repeated long text is cut each time.
    const statuses = [50, 10, null];
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      ...rows[0],
      id: `id-${i}`,
      phone: i % 2 === 0 ? '+86 <&> same' : `+86 ${i}`,
      note: i % 1_000 === 0 ? 'n'.repeat(33_000) : ` spaced ${i % 3} `,
      count: i % 7,
      status: statuses[i % 3],
    }));
    const path = join(dir, 'many.xlsx');
    const writer = new XlsxStreamWriter(path, COLUMNS.flatMap((c) => fieldsOf(c, zoneOf('+08:00'))), { sheetName: 'Many' });
    await writer.writeRows(many);
    const summary = await writer.finish(() => []);
    expect(summary.truncatedCells).toBe(5);
    const grid = readWorkbook(path).sheets.Many.slice(1);
    expect(grid.map((row) => row[0])).toEqual(many.map((row) => row.id));
    expect(grid.map((row) => row[1])).toEqual(many.map((row) => row.phone));
    expect(grid.map((row) => row[2])).toEqual(many.map((row) => (row.note.length > 32_767 ? row.note.slice(0, 32_767) : row.note)));
    expect(grid.map((row) => row[3])).toEqual(many.map((row) => row.count));
    expect(grid.map((row) => row[8] ?? null)).toEqual(many.map((row) => row.status));
    expect(grid.map((row) => row[9] ?? null)).toEqual(many.map((row) => (row.status === 50 ? 'connected' : null)));
  });

  it('exports every column of a list, passwords never', () => {
    const headers = exportFields(LISTS.seats.columns, zoneOf('+08:00')).map((field) => field.header.toLowerCase());
    expect(headers).toContain('created');
    expect(headers.some((header) => header.includes('password'))).toBe(false);
    const tasks = exportFields(LISTS.taskDetails.columns, zoneOf('+08:00')).map((field) => field.header);
    expect(tasks.filter((header) => /^var\d\d$/.test(header))).toHaveLength(20);
  });

  it('keeps sheet names within Excel\'s rules', () => {
    expect(sheetNameOf('A/B\\C?D*E[F]G:H', 1)).toBe('A B C D E F G H');
    expect(sheetNameOf('x'.repeat(40), 2)).toBe(`${'x'.repeat(27)} (2)`);
  });
});

describe('cells', () => {
  it('turns instants into Excel serial date-times in the zone, and back to text', () => {
    const toWall = wallClock(zoneOf('Asia/Shanghai'));
    const wall = toWall(Date.parse('2026-11-01T16:00:00Z'));
    expect(wallText(wall)).toBe('2026-11-02 00:00:00');
    expect(excelSerial(wall)).toBe(46328);
    expect(excelSerialText(excelSerial(toWall(Date.parse('2026-11-01T22:00:00Z'))))).toBe('46328.25');
    expect(Number(excelSerialText(46328 + 1 / 86400))).toBeCloseTo(46328 + 1 / 86400, 9);
  });

  it('names files after the operation, window, profile and date, safe on every OS', () => {
    const name = defaultExportName({
      operation: 'voiceRecords',
      params: { strTime: '2026-11-01T00:00:00+08:00', endTime: '2026-11-22T00:00:00+08:00' },
      profileName: 'Sandbox (demo)',
      format: 'xlsx',
      zone: zoneOf('+08:00'),
      now: Date.parse('2026-11-22T03:00:00Z'),
    });
    expect(name).toBe('voice-records_2026-11-01_to_2026-11-22_Sandbox-demo_2026-11-22.xlsx');
    // The window's days are named in the file's zone, not in the offset the platform was asked in.
    const inNewYork = defaultExportName({
      operation: 'voiceRecords',
      params: { strTime: '2026-11-01T00:00:00+08:00', endTime: '2026-11-21T23:59:59+08:00' },
      profileName: 'P',
      format: 'xlsx',
      zone: zoneOf('America/New_York'),
      now: Date.parse('2026-11-22T03:00:00Z'),
    });
    expect(inNewYork).toBe('voice-records_2026-10-31_to_2026-11-21_P_2026-11-21.xlsx');
    const task = defaultExportName({ operation: 'taskDetails', params: { taskId: 1001 }, profileName: 'P', format: 'xlsx', zone: zoneOf('UTC'), now: 0 });
    expect(task).toBe('task-details_task-1001_P_1970-01-01.xlsx');
    const odd = defaultExportName({ operation: 'seats', params: {}, profileName: 'a/b:c*?"<>|', format: 'csv', zone: zoneOf('UTC'), now: 0 });
    expect(odd).toBe('seats_a-b-c_1970-01-01_UTC.csv');
    // Letters of any script stay (a Chinese or accented profile keeps its name); emoji, direction marks and control characters do not.
    const named = (profileName: string) => defaultExportName({ operation: 'seats', params: {}, profileName, format: 'xlsx', zone: zoneOf('UTC'), now: 0 });
    expect(named('运营 夜班')).toBe('seats_运营-夜班_1970-01-01.xlsx');
    expect(named('E\u0301quipe 🌟\u202e\u0007x')).toBe('seats_Équipe-x_1970-01-01.xlsx');
    expect(named(`${'𠀀'.repeat(59)}ab`)).toBe(`seats_${'𠀀'.repeat(59)}a_1970-01-01.xlsx`);
    const zoned = (zone: string) =>
      defaultExportName({ operation: 'numbers', params: {}, profileName: 'P', format: 'csv', zone: zoneOf(zone), now: 0 });
    expect(zoned('+08:00')).toMatch(/_UTC\+0800\.csv$/);
    expect(zoned('-03:30')).toMatch(/_UTC-0330\.csv$/);
    expect(zoned('Asia/Shanghai')).toMatch(/_Asia-Shanghai\.csv$/);
  });
});

describe('the .csv writer', () => {
  it('writes UTF-8 with a BOM, RFC 4180 quoting, CRLF, and neutralises formula-looking text', async () => {
    const path = join(dir, 'rows.csv');
    const writer = new CsvWriter(path, COLUMNS.flatMap((c) => fieldsOf(c, zoneOf('+08:00'))));
    await writer.writeRows(rows);
    await writer.finish();
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const { rows: parsed, quoted } = parseCsv(text);
    expect(parsed).toHaveLength(4);
    expect(parsed[1]).toEqual([
      '000123',
      "'+8613800000000",
      `'=HYPERLINK("http://example.invalid","click")`,
      '42',
      '0.0150',
      'USD',
      '2026-03-29 08:30:00',
      '2026-12-31',
      '50',
      'connected',
      'North, 南方',
    ]);
    // Text is quoted, numbers are not; an amount is its decimal as the server wrote it, negative or not, never neutralised.
    expect(quoted[1]).toEqual([true, true, true, false, false, true, true, true, false, true, true]);
    expect(parsed[2][4]).toBe('-2.50');
    expect(quoted[2][4]).toBe(false);
    expect(parsed[3][1]).toBe("'@cmd");
    expect(parsed[3][2]).toBe('  spaced\r\nlines\t');
    expect(csvText('\t=cmd')).toBe(`"'\t=cmd"`);
    expect(csvText('\rx')).toBe(`"'\rx"`);
    expect(csvText('-5')).toBe(`"'-5"`);
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    // SheetJS reads the same values.
    const book = XLSX.read(bytes, { type: 'buffer', raw: true });
    const grid = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: '' });
    expect(grid[1][1]).toBe("'+8613800000000");
    expect(grid[2][2]).toBe('Ünïcödé 客户 العميل 🌟 _x0041_ a\u0001b <tag> & "q"');
  });
});
