import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fileKindOf, parseRecipientFile, RecipientFileError } from '../../../src/main/mms/recipient-file';
import { importRecipientFile, readAnswer, resolveWorkerScript } from '../../../src/main/mms/recipient-import';

function workbook(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('parseRecipientFile', () => {
  it('reads an .xlsx with a header row, numbers in full', () => {
    const table = parseRecipientFile('xlsx', workbook([['Name', 'Phone'], ['Ann', 8613800000001], ['Bob', '+0044123456']]));
    expect(table.columns.map((c) => c.name)).toEqual(['Name', 'Phone']);
    expect(table.columns[1].values).toEqual(['8613800000001', '+0044123456']);
    expect(table.rows).toBe(2);
  });

  it('keeps the leading zero and + a workbook shows through a number format, never reading 07700900123 as another number', () => {
    // Excel's usual way to keep a leading zero: the cell holds 7700900123 and the format "00000000000" shows 07700900123.
    const sheet = XLSX.utils.aoa_to_sheet([['Phone'], [7700900123], [447700900124], [8613800000001]]);
    sheet.A2.z = '00000000000';
    sheet.A3.z = '"+"0';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    const table = parseRecipientFile('xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(table.columns[0].values).toEqual(['07700900123', '+447700900124', '8613800000001']);
  });

  it('reads a .csv as text, keeping + and leading zeros, without a header', () => {
    const table = parseRecipientFile('csv', text('\uFEFF+8613800000001,x\n00123456,"y, z"\n'));
    expect(table.columns.map((c) => c.name)).toEqual(['Column A', 'Column B']);
    expect(table.columns[0].values).toEqual(['+8613800000001', '00123456']);
    expect(table.columns[1].values).toEqual(['x', 'y, z']);
  });

  it('reads a first row a spreadsheet wrote in scientific notation as data, not as a header', () => {
    // Excel saves a long number in a General column as 8.61380E+12: the row is a recipient, set apart later with its reason.
    const table = parseRecipientFile('csv', text('8.61380E+12,Ann\n8613800138001,Bob\n'));
    expect(table.columns.map((c) => c.name)).toEqual(['Column A', 'Column B']);
    expect(table.columns[0].values).toEqual(['8.61380E+12', '8613800138001']);
    expect(table.rows).toBe(2);
  });

  it('says in words that a damaged workbook cannot be read, the parser\'s own text only as a detail', () => {
    // A zip that is not a workbook inside: SheetJS says "Unknown Namespace: ", which is no sentence for a person.
    const broken = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<<<') });
    let thrown: unknown;
    try {
      parseRecipientFile('xlsx', broken);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RecipientFileError);
    const error = thrown as RecipientFileError;
    expect(error.message).toMatch(/could not be read as a spreadsheet/);
    expect(error.message).not.toMatch(/Namespace/);
    expect(error.detail).toMatch(/Namespace/);
    expect(readAnswer({ ok: false, message: error.message, detail: error.detail })).toMatchObject({
      ok: false,
      error: { message: error.message, detail: error.detail },
    });
  });

  it('reads a .txt with any separators as one column', () => {
    const table = parseRecipientFile('txt', text('123456, 234567;345678\n456789'));
    expect(table.columns).toEqual([{ name: 'Numbers in the file', values: ['123456', '234567', '345678', '456789'] }]);
  });

  it('refuses a file that is not an .xlsx, or a damaged one, with a clear message', () => {
    expect(() => parseRecipientFile('xlsx', text('just some text'))).toThrow(/not an \.xlsx workbook/);
    const damaged = workbook([['123456']]).slice(0, 200);
    expect(() => parseRecipientFile('xlsx', damaged)).toThrow(RecipientFileError);
  });

  it('reads a .csv or .txt saved as UTF-16 (with its BOM) or in GBK/GB18030, as Excel and Chinese Windows save them', () => {
    const csv = '手机号码,姓名\r\n13800138000,张三\r\n+8613900139000,李四\r\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csv, 'utf16le').swap16()]);
    // "手机号码" and "张三" in GBK, the rest ASCII.
    const gbk = Buffer.concat([
      Buffer.from([0xca, 0xd6, 0xbb, 0xfa, 0xba, 0xc5, 0xc2, 0xeb]),
      Buffer.from(',name\r\n13800138000,'),
      Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]),
      Buffer.from('\r\n'),
    ]);
    for (const bytes of [utf16le, utf16be]) {
      const table = parseRecipientFile('csv', bytes);
      expect(table.columns.map((c) => c.name)).toEqual(['手机号码', '姓名']);
      expect(table.columns[0].values).toEqual(['13800138000', '+8613900139000']);
      expect(table.columns[1].values).toEqual(['张三', '李四']);
    }
    const fromGbk = parseRecipientFile('csv', gbk);
    expect(fromGbk.columns.map((c) => c.name)).toEqual(['手机号码', 'name']);
    expect(fromGbk.columns[1].values).toEqual(['张三']);
    const txt = parseRecipientFile('txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('13800138000\r\n13900139000\r\n', 'utf16le')]));
    expect(txt.columns[0].values).toEqual(['13800138000', '13900139000']);
  });

  it('reads a workbook whose name says .csv or .txt as the workbook it is', () => {
    const table = parseRecipientFile('csv', workbook([['Phone'], ['13800138000']]));
    expect(table.columns).toEqual([{ name: 'Phone', values: ['13800138000'] }]);
  });

  it('caps long cells', () => {
    const table = parseRecipientFile('csv', text(`${'9'.repeat(100)}\n`));
    expect(table.columns[0].values[0].length).toBeLessThanOrEqual(65);
  });

  it('knows its file kinds', () => {
    expect(fileKindOf('a.XLSX')).toBe('xlsx');
    expect(fileKindOf('a.csv')).toBe('csv');
    expect(fileKindOf('a.xls')).toBeNull();
  });
});

describe('readAnswer', () => {
  it('takes back only strings, in fresh objects', () => {
    const answer = readAnswer({ ok: true, table: { columns: [{ name: 'A', values: ['123456', 42, { evil: 1 }], __proto__: { x: 1 } }], truncated: false } });
    expect(answer).toEqual({ ok: true, value: { columns: [{ name: 'A', values: ['123456', '', ''] }], rows: 3, truncated: false } });
    expect(readAnswer({ ok: true, table: { columns: 'nope' } }).ok).toBe(false);
    expect(readAnswer({ ok: false, message: 'Bad file' })).toMatchObject({ ok: false, error: { message: 'Bad file' } });
    expect(readAnswer(null).ok).toBe(false);
  });
});

describe('importRecipientFile (worker thread)', () => {
  it('finds the worker: the TypeScript source through tsx when not bundled', () => {
    const script = resolveWorkerScript(join(__dirname, '../../../src/main/mms'));
    expect(script?.file).toMatch(/import-worker\.ts$/);
    expect(script?.execArgv[0]).toBe('--require');
  });

  it('parses an .xlsx in a worker', async () => {
    const result = await importRecipientFile('list.xlsx', workbook([['Phone'], [8613800000001], [8613800000002]]));
    expect(result).toEqual({
      ok: true,
      value: { fileName: 'list.xlsx', columns: [{ name: 'Phone', values: ['8613800000001', '8613800000002'] }], rows: 2, truncated: false },
    });
  });

  it('reports a malformed spreadsheet clearly', async () => {
    const result = await importRecipientFile('bad.xlsx', text('PK\u0003\u0004 this is not really a zip'));
    expect(result).toMatchObject({ ok: false, error: { code: 'import-failed' } });
    if (!result.ok) expect(result.error.message).toMatch(/could not be read/);
  });

  it('refuses other file kinds and empty files without starting a worker', async () => {
    expect(await importRecipientFile('x.pdf', text('123'), { script: null })).toMatchObject({ ok: false, error: { code: 'unsupported-file' } });
    expect(await importRecipientFile('x.csv', new Uint8Array(), { script: null })).toMatchObject({ ok: false, error: { message: 'The file is empty.' } });
  });

  it('stops a worker that runs over its time limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mms-worker-'));
    const file = join(dir, 'spin.js');
    writeFileSync(file, 'for (;;) {}\n');
    const started = Date.now();
    const result = await importRecipientFile('x.csv', text('123456'), { script: { file, execArgv: [] }, timeLimitMs: 200 });
    expect(result).toMatchObject({ ok: false, error: { code: 'import-timeout' } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
