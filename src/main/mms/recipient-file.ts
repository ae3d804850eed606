/**
 * Reads a recipients file (.csv, .txt, .xlsx) into columns of short strings. Runs
 * inside the import worker: SheetJS 0.18.5 has read-side advisories (prototype
 * pollution, ReDoS), so it only ever parses untrusted bytes in a thread that is
 * thrown away afterwards, under a time limit. Only plain strings come back.
 */
import * as XLSX from 'xlsx';
import { m } from '../../shared/i18n';
import { MMS_IMPORT_MAX_BYTES, MMS_IMPORT_MAX_MB } from '../../shared/methods/mms';
import { SPREADSHEET_NOTATION, splitRecipientText } from '../../shared/mms/recipients';
import { unpackWithin, ZipTooLargeError } from './bounded-unzip';

export type RecipientFileKind = 'csv' | 'txt' | 'xlsx';

export interface ParsedColumn {
  name: string;
  values: string[];
}

export interface ParsedTable {
  columns: ParsedColumn[];
  rows: number;
  truncated: boolean;
}

export const IMPORT_LIMITS = {
  /** Of the file itself. */
  maxBytes: MMS_IMPORT_MAX_BYTES,
  maxRows: 100_000,
  maxColumns: 50,
  /** A cell longer than this cannot be a phone number; it is cut (and will be set apart as invalid). */
  maxCellChars: 64,
  maxNameChars: 60,
} as const;

/**
 * Of a workbook once unpacked: far above any recipients list (100,000 rows of a few
 * columns unpack to ~20 MB), far below what would strain memory.
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const NUMBER_LIKE = /^\+?\d[\d\s().-]*$/;

export class RecipientFileError extends Error {
  /** `message`: what a person is told; `detail`: the parser's own words, shown only as a detail. */
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'RecipientFileError';
  }
}

/** The parser's own text, cut short: a detail beside the sentence, never the sentence. */
function parserDetail(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() !== '' ? error.message.slice(0, 120) : undefined;
}

export function fileKindOf(fileName: string): RecipientFileKind | null {
  const match = /\.(csv|txt|xlsx)$/i.exec(fileName.trim());
  return match ? (match[1].toLowerCase() as RecipientFileKind) : null;
}

export function parseRecipientFile(kind: RecipientFileKind, bytes: Uint8Array): ParsedTable {
  if (bytes.length > IMPORT_LIMITS.maxBytes) {
    throw new RecipientFileError(m.mms_import_file_too_large({ mb: MMS_IMPORT_MAX_MB }));
  }
  // A workbook saved under a .csv or .txt name is still the workbook: read it as one.
  if (kind === 'xlsx' || isZip(bytes)) return tableOf(readWorkbook(bytes));
  if (kind === 'txt') return parseText(decodeText(bytes));
  return tableOf(readCsv(decodeText(bytes)));
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * A text file's characters, in the encodings spreadsheets and Chinese Windows save in:
 * UTF-8 (with or without its BOM), UTF-16 (Excel's "Unicode text": a BOM, or NULs between
 * ASCII bytes), and GBK/GB18030 when the bytes are not UTF-8.
 */
function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = utf16WithoutBom(bytes);
  if (utf16 !== null) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** UTF-16 without a BOM: in its first bytes, every other byte is NUL (ASCII digits, commas, line ends). */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 512) & ~1);
  if (sample.length < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenNul += 1;
    if (sample[i + 1] === 0) oddNul += 1;
  }
  const pairs = sample.length / 2;
  if (oddNul >= pairs * 0.9 && evenNul === 0) return 'utf-16le';
  if (evenNul >= pairs * 0.9 && oddNul === 0) return 'utf-16be';
  return null;
}

function parseText(text: string): ParsedTable {
  const entries = splitRecipientText(text);
  const truncated = entries.length > IMPORT_LIMITS.maxRows;
  const values = entries.slice(0, IMPORT_LIMITS.maxRows).map(cellText);
  return { columns: [{ name: m.mms_import_numbers_column(), values }], rows: values.length, truncated };
}

function readCsv(text: string): unknown[][] {
  // raw: every cell stays text, so "+86…" and leading zeros survive.
  return firstSheetGrid(read(() => XLSX.read(text, { type: 'string', raw: true, sheetRows: IMPORT_LIMITS.maxRows + 2 })));
}

function readWorkbook(bytes: Uint8Array): unknown[][] {
  // An .xlsx is a zip; anything else would be read as text by SheetJS and give nonsense.
  if (!isZip(bytes)) {
    throw new RecipientFileError(m.mms_import_not_xlsx());
  }
  const stored = unpackWorkbook(bytes);
  return firstSheetGrid(
    read(() => XLSX.read(stored, { type: 'buffer', sheetRows: IMPORT_LIMITS.maxRows + 2, cellFormula: false, cellHTML: false })),
  );
}

function unpackWorkbook(bytes: Uint8Array): Uint8Array {
  try {
    return unpackWithin(bytes, MAX_INFLATED_BYTES);
  } catch (error) {
    if (error instanceof ZipTooLargeError) {
      throw new RecipientFileError(m.mms_import_zip_too_large({ mb: String(MAX_INFLATED_BYTES / 1024 / 1024) }));
    }
    throw new RecipientFileError(m.mms_import_not_spreadsheet(), parserDetail(error));
  }
}

function read(parse: () => XLSX.WorkBook): XLSX.WorkBook {
  try {
    return parse();
  } catch (error) {
    throw new RecipientFileError(m.mms_import_not_spreadsheet(), parserDetail(error));
  }
}

function firstSheetGrid(workbook: XLSX.WorkBook): unknown[][] {
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) throw new RecipientFileError(m.mms_import_no_sheet());
  keepShownDigits(sheet);
  const grid: unknown = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return Array.isArray(grid) ? grid.filter((row): row is unknown[] => Array.isArray(row)) : [];
}

/**
 * A number cell whose format shows it with a leading zero or a + (Excel's way to keep
 * 07700900123 in a number column: the cell holds 7700900123, the format "00000000000")
 * is read as it shows: without the zero it is another person's number.
 */
function keepShownDigits(sheet: XLSX.WorkSheet): void {
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!') || !isRecordCell(cell) || cell.t !== 'n' || typeof cell.w !== 'string') continue;
    const shown = cell.w.trim();
    if (/^\+?\d+$/.test(shown) && shown !== String(cell.v) && Number(shown.replace('+', '')) === cell.v) {
      sheet[address] = { t: 's', v: shown };
    }
  }
}

function isRecordCell(value: unknown): value is XLSX.CellObject {
  return typeof value === 'object' && value !== null && 't' in value;
}

/** A cell as text: whole numbers in full (never 8.61E+12), text capped. */
export function cellText(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) {
    text = Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : String(value);
  } else if (typeof value === 'boolean') text = value ? 'TRUE' : 'FALSE';
  else text = '';
  text = [...text].map((char) => (isControl(char) ? ' ' : char)).join('').trim();
  return text.length > IMPORT_LIMITS.maxCellChars ? `${text.slice(0, IMPORT_LIMITS.maxCellChars)}…` : text;
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function tableOf(grid: unknown[][]): ParsedTable {
  if (grid.length === 0) throw new RecipientFileError(m.mms_import_no_rows());
  const width = Math.max(...grid.map((row) => row.length));
  const columnCount = Math.min(width, IMPORT_LIMITS.maxColumns);
  const first = grid[0].slice(0, columnCount).map(cellText);
  // A first row with words and nothing number-like is a header.
  const hasHeader =
    first.some((cell) => /\p{L}/u.test(cell)) &&
    !first.some((cell) => NUMBER_LIKE.test(cell) || SPREADSHEET_NOTATION.test(cell));
  const dataRows = grid.slice(hasHeader ? 1 : 0);
  const truncated = width > IMPORT_LIMITS.maxColumns || dataRows.length > IMPORT_LIMITS.maxRows;
  const rows = dataRows.slice(0, IMPORT_LIMITS.maxRows);
  const columns: ParsedColumn[] = [];
  for (let c = 0; c < columnCount; c++) {
    const header = hasHeader ? first[c].slice(0, IMPORT_LIMITS.maxNameChars) : '';
    columns.push({
      name: header || m.mms_import_column({ letter: columnLetter(c) }),
      values: rows.map((row) => cellText(row[c])),
    });
  }
  return { columns, rows: rows.length, truncated };
}

export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
