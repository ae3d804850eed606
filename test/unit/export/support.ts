/** Reading exported files back: SheetJS for .xlsx and .csv, LibreOffice headless, and a strict RFC 4180 parser. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { promisify } from 'node:util';
import * as XLSX from 'xlsx';

const run = promisify(execFile);
export const SOFFICE = '/usr/bin/soffice';

export type Grid = (string | number | null)[][];

/** Every sheet of a workbook as rows of raw values (numbers as numbers, text as text, empty as null). */
export function readWorkbook(path: string): { names: string[]; sheets: Record<string, Grid>; workbook: XLSX.WorkBook } {
  const workbook = XLSX.read(readFileSync(path), { type: 'buffer', cellDates: false, cellNF: true });
  const sheets: Record<string, Grid> = {};
  for (const name of workbook.SheetNames) {
    sheets[name] = XLSX.utils.sheet_to_json<(string | number | null)[]>(workbook.Sheets[name], {
      header: 1,
      raw: true,
      defval: null,
      blankrows: true,
    });
  }
  return { names: workbook.SheetNames, sheets, workbook };
}

/** A CSV file through SheetJS, with values left as the text they are (no number or date guessing). */
export function readCsvWithSheetJs(path: string): string[][] {
  const workbook = XLSX.read(readFileSync(path), { type: 'buffer', raw: true });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
}

export { parseCsv } from '../../support/csv';

/**
 * Converts a file with LibreOffice headless (a private profile per run, so parallel runs
 * don't clash) and returns the CSV of every sheet, values as LibreOffice shows them.
 * A CSV input is read with quoted fields as text (how the writer marks text).
 */
export async function libreOfficeCsv(path: string): Promise<Record<string, string>> {
  const work = mkdtempSync(join(tmpdir(), 'switchboard-lo-'));
  const profile = join(work, 'profile');
  const outDir = join(work, 'out');
  // 44 comma, 34 quote, 76 UTF-8, from row 1, default formats, language 0,
  // quoted fields as text, no special-number detection, cell contents as shown, formulas off, sheet -1 (every sheet).
  const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,false,true,false,false,-1';
  const args = [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore'];
  if (extname(path) === '.csv') args.push('--infilter=CSV:44,34,76,1,,0,true,false');
  args.push('--convert-to', filter, '--outdir', outDir, path);
  try {
    await run(SOFFICE, args, { timeout: 120_000 });
    const stem = basename(path, extname(path));
    const result: Record<string, string> = {};
    for (const file of readdirSync(outDir)) {
      const sheet = file === `${stem}.csv` ? '' : file.slice(stem.length + 1, -'.csv'.length);
      result[sheet] = readFileSync(join(outDir, file), 'utf8');
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), `switchboard-export-${randomUUID().slice(0, 8)}-`));
}

const DAY_MS = 86_400_000;
/** An Excel serial date-time back to "wall" milliseconds (rounded to the second). */
export function serialToWallMs(serial: number): number {
  return Math.round(((serial - 25_569) * DAY_MS) / 1000) * 1000;
}
