/**
 * A streaming .xlsx writer: SpreadsheetML parts written straight into a streamed ZIP
 * (fflate's `Zip`) and on to a file, with back-pressure, so memory stays flat however
 * many rows pass through. Cells are typed: inline strings (never formulas), numbers,
 * and date-times as serial numbers with a date-time format. A header row with human
 * labels, frozen, with an autofilter and column widths; records go on to another sheet
 * past Excel's 1,048,576 rows; an "About" sheet closes the workbook. A Summary sheet, when
 * asked for, is made once the rows are written and listed first (the ZIP's order is not
 * the workbook's tab order); a workbook of figures only (the Overview's) has several
 * summary sheets and no records.
 *
 * The app's only .xlsx writer (record exports and MMS results). SheetJS (`xlsx`) builds
 * whole workbooks in memory; it is kept only for reading recipient files, in a worker.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Zip } from 'fflate';
import { m } from '../../shared/i18n';
import type { ExportField } from './cells';
import { type EncodedRows, RowCells, styleAttribute } from './row-cells';
import { summarySheetXml } from './summary-sheet-xml';
import type { NamedSummary, SummarySheet } from './summary-sheet';
import type { AboutRow, TableWriter, WriteSummary, Written } from './table-writer';
import { STYLE, STYLES_XML } from './xlsx-styles';
import { columnLetters, xmlAttribute, xmlText } from './xml';
import { createZipEntry, type ZipCompression, type ZipEntry } from './zip-entries';

/** Excel's 1,048,576 rows less the header row. */
export const MAX_RECORDS_PER_SHEET = 1_048_575;
/** A ZIP member without ZIP64 holds less than 4 GiB; a sheet that grows near it continues on the next. */
const MAX_SHEET_BYTES = 3_900_000_000;
/** Rows are encoded straight into buffers of this size, which go to the compressor when full. */
const CHUNK_BYTES = 512 * 1024;
const SHEET_NAME_MAX = 31;

export interface XlsxWriterOptions {
  /** Name of the records sheet, e.g. "Voice records" (cut to Excel's 31 characters). */
  sheetName: string;
  /** Default 1,048,575 (tests lower it to see records continue on a second sheet). */
  maxRowsPerSheet?: number;
  /** Default 'native' (Node's zlib). */
  compression?: ZipCompression;
  /** Deflate level 1-9. Default 3: nearly the size of 6 at twice the speed. */
  level?: number;
  /** A Summary sheet, made when the rows are all written; it becomes the first tab. */
  summary?: () => SummarySheet;
  /** Summary sheets of their own names, after the Summary (the Overview's workbook: one per section). */
  summaries?: () => readonly NamedSummary[];
  /** False: no records sheet (the rows go only to the summary). Default true. */
  recordSheets?: boolean;
}

const SUMMARY_PART = 'summary.xml';
const ROW_END = '</row>';

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const ROOT_RELS_XML =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Excel forbids []:*?/\ in sheet names and allows 31 characters. */
export function sheetNameOf(base: string, part: number): string {
  const clean = base.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim() || m.export_sheet_records();
  const suffix = part > 1 ? ` (${part})` : '';
  return clean.slice(0, SHEET_NAME_MAX - suffix.length) + suffix;
}

function quotedSheet(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

interface SheetState {
  name: string;
  entry: ZipEntry;
  rows: number;
  bytes: number;
}

export class XlsxStreamWriter<R> implements TableWriter<R> {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private readonly maxRows: number;
  private readonly compression: ZipCompression;
  private readonly level: number;
  private readonly cells: RowCells<R>;
  private readonly lastColumn: string;
  private readonly sheets: { name: string; rows: number }[] = [];
  /** The summary sheets written (known once finish makes them), first in tab order. */
  private summarySheets: { name: string; part: string }[] = [];
  private sheet: SheetState | null = null;
  /** The member whose output is flowing now: paused while the file catches up. */
  private flowing: ZipEntry | null = null;
  /** Encoded rows not yet handed to the compressor (a fresh buffer each time: zlib keeps the one it is given). */
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private rows = 0;
  /** Cells cut to Excel's limit in rows encoded elsewhere (a worker's RowCells). */
  private truncatedElsewhere = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor(
    path: string,
    private readonly fields: readonly ExportField<R>[],
    private readonly options: XlsxWriterOptions,
  ) {
    this.maxRows = options.maxRowsPerSheet ?? MAX_RECORDS_PER_SHEET;
    this.compression = options.compression ?? 'native';
    this.level = options.level ?? 3;
    this.cells = new RowCells(fields);
    this.lastColumn = columnLetters(Math.max(1, fields.length));
    // The export claimed this partial file exclusively before (export/reservation.ts).
    this.out = createWriteStream(path, { flags: 'w' });
    this.out.on('error', (error) => this.fail(error));
    this.out.on('drain', () => this.flowing?.resume());
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.fail(error);
        return;
      }
      if (chunk.length > 0 && !this.out.write(chunk)) this.flowing?.pause();
      if (final) this.out.end();
    });
  }

  async writeRows(rows: readonly R[]): Promise<void> {
    this.check();
    if (this.options.recordSheets === false) {
      this.rows += rows.length;
      return;
    }
    for (const row of rows) {
      if (this.sheetFull()) await this.nextSheet();
      const xml = `<row r="${this.countRow()}">${this.cells.xml(row)}</row>`;
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (this.used + xml.length * 3 > CHUNK_BYTES) await this.flush();
      this.append(xml);
    }
  }

  /** Rows whose cells were encoded already (by a worker), written as `writeRows` would write them. */
  async writeEncodedRows(encoded: EncodedRows): Promise<void> {
    this.check();
    this.truncatedElsewhere += encoded.truncated;
    if (this.options.recordSheets === false) {
      this.rows += encoded.ends.length;
      return;
    }
    const bytes = Buffer.from(encoded.bytes.buffer, encoded.bytes.byteOffset, encoded.bytes.length);
    let start = 0;
    for (const end of encoded.ends) {
      if (this.sheetFull()) await this.nextSheet();
      const open = `<row r="${this.countRow()}">`;
      if (this.used + open.length + (end - start) + ROW_END.length > CHUNK_BYTES) await this.flush();
      this.append(open);
      this.appendBytes(bytes, start, end);
      this.append(ROW_END);
      start = end;
    }
  }

  /** Whether the next row needs a sheet of its own: none is open, or the open one is full. */
  private sheetFull(): boolean {
    return this.sheet === null || this.sheet.rows >= this.maxRows || this.sheet.bytes >= MAX_SHEET_BYTES;
  }

  /** The next row's number in the open sheet (counted as written). */
  private countRow(): number {
    const sheet = this.sheet as SheetState;
    sheet.rows += 1;
    this.rows += 1;
    return sheet.rows + 1;
  }

  async finish(about: (written: Written) => AboutRow[]): Promise<WriteSummary> {
    this.check();
    if (this.sheet === null && this.options.recordSheets !== false) await this.startSheet();
    await this.endSheet();
    const sheets = this.sheets.map((sheet) => sheet.name);
    const summaries: NamedSummary[] = [
      ...(this.options.summary ? [{ name: m.export_sheet_summary(), sheet: this.options.summary() }] : []),
      ...(this.options.summaries?.() ?? []),
    ];
    this.summarySheets = summaries.map((summary, i) => ({ name: sheetNameOf(summary.name, 1), part: i === 0 ? SUMMARY_PART : `summary${i + 1}.xml` }));
    for (const [i, summary] of summaries.entries()) {
      await this.writePart(`xl/worksheets/${this.summarySheets[i].part}`, summarySheetXml(summary.sheet, i === 0));
    }
    // Counted before the About sheet, whose own values are never cut.
    const truncatedCells = this.cells.truncated + this.truncatedElsewhere;
    await this.writePart(`xl/worksheets/sheet${this.sheets.length + 1}.xml`, this.aboutXml(about({ rows: this.rows, sheets, truncatedCells })));
    await this.writePart('xl/styles.xml', STYLES_XML);
    await this.writePart('xl/workbook.xml', this.workbookXml());
    await this.writePart('xl/_rels/workbook.xml.rels', this.workbookRelsXml());
    await this.writePart('_rels/.rels', ROOT_RELS_XML);
    await this.writePart('[Content_Types].xml', this.contentTypesXml());
    this.zip.end();
    await finished(this.out);
    this.check();
    this.closed = true;
    return { rows: this.rows, sheets: this.sheets.map((sheet) => sheet.name), truncatedCells };
  }

  async abort(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.fail(new Error('The export was stopped.'));
      this.zip.terminate();
    }
    if (!this.out.closed) {
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy();
      await closed;
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.sheet?.entry.destroy(this.failure);
    this.flowing?.destroy(this.failure);
    this.out.destroy();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  /** Encodes text into the current buffer; text too large for one goes on in a buffer of its own. */
  private append(text: string): void {
    if (this.used + text.length * 3 <= CHUNK_BYTES) {
      this.used += this.chunk.write(text, this.used, 'utf8');
      return;
    }
    const sheet = this.sheet;
    if (sheet === null) return;
    if (this.used > 0) sheet.entry.write(this.take());
    const encoded = Buffer.from(text, 'utf8');
    sheet.bytes += encoded.length;
    sheet.entry.write(encoded);
  }

  /** Bytes already encoded (a row's cells), into the current buffer; more than it holds go on by themselves. */
  private appendBytes(bytes: Buffer, start: number, end: number): void {
    if (this.used + end - start <= CHUNK_BYTES) {
      this.used += bytes.copy(this.chunk, this.used, start, end);
      return;
    }
    const sheet = this.sheet;
    if (sheet === null) return;
    if (this.used > 0) sheet.entry.write(this.take());
    sheet.bytes += end - start;
    sheet.entry.write(bytes.subarray(start, end));
  }

  /** The bytes encoded so far, and a fresh buffer for the next ones. */
  private take(): Buffer {
    const full = this.chunk.subarray(0, this.used);
    if (this.sheet) this.sheet.bytes += this.used;
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    return full;
  }

  private async flush(): Promise<void> {
    if (this.used === 0 || this.sheet === null) return;
    if (!this.sheet.entry.write(this.take())) await this.sheet.entry.drained();
    // A turn of the event loop lets zlib's finished chunks and the file's writes move on,
    // so compression (on the thread pool) overlaps with building the next chunk.
    else await yieldToEventLoop();
    this.check();
  }

  private async nextSheet(): Promise<void> {
    if (this.sheet !== null) await this.endSheet();
    await this.startSheet();
  }

  private async startSheet(): Promise<void> {
    const name = sheetNameOf(this.options.sheetName, this.sheets.length + 1);
    const entry = createZipEntry(`xl/worksheets/sheet${this.sheets.length + 1}.xml`, this.compression, this.level);
    this.zip.add(entry.file);
    this.flowing = entry;
    this.sheet = { name, entry, rows: 0, bytes: 0 };
    const cols = this.fields
      .map((field, i) => `<col min="${i + 1}" max="${i + 1}" width="${field.width}" customWidth="1"/>`)
      .join('');
    const header = this.fields.map((field) => this.headerCell(field.header)).join('');
    this.append(
      XML_HEAD +
      `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      `<sheetViews><sheetView workbookViewId="0"${this.sheets.length === 0 && !this.options.summary && !this.options.summaries ? ' tabSelected="1"' : ''}>` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      (cols === '' ? '' : `<cols>${cols}</cols>`) +
      `<sheetData><row r="1">${header}</row>`,
    );
    await this.flush();
  }

  private headerCell(text: string): string {
    return `<c s="${STYLE.header}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;
  }

  private async endSheet(): Promise<void> {
    const sheet = this.sheet;
    if (sheet === null) return;
    this.append(`</sheetData><autoFilter ref="A1:${this.lastColumn}${sheet.rows + 1}"/></worksheet>`);
    await this.flush();
    await sheet.entry.end();
    this.check();
    this.sheets.push({ name: sheet.name, rows: sheet.rows });
    this.sheet = null;
  }

  private async writePart(name: string, xml: string): Promise<void> {
    const entry = createZipEntry(name, this.compression, this.level);
    this.zip.add(entry.file);
    this.flowing = entry;
    if (!entry.write(Buffer.from(xml, 'utf8'))) await entry.drained();
    await entry.end();
    this.check();
  }

  private aboutXml(about: readonly AboutRow[]): string {
    const rows = about
      .map(
        (line, i) =>
          `<row r="${i + 2}">${this.cells.cellXml(line.label, '')}${this.cells.cellXml(line.value, styleAttribute(line.format))}</row>`,
      )
      .join('');
    return (
      XML_HEAD +
      `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
      '<cols><col min="1" max="1" width="18" customWidth="1"/><col min="2" max="2" width="80" customWidth="1"/></cols>' +
      `<sheetData><row r="1">${this.headerCell(m.export_about_heading())}${this.headerCell(m.export_about_value())}</row>${rows}</sheetData>` +
      '</worksheet>'
    );
  }

  /** Every sheet in tab order, with its part under xl/worksheets/. */
  private allSheets(): { name: string; part: string }[] {
    const records = this.sheets.map((sheet, i) => ({ name: sheet.name, part: `sheet${i + 1}.xml` }));
    return [
      ...this.summarySheets,
      ...records,
      { name: m.export_sheet_about(), part: `sheet${records.length + 1}.xml` },
    ];
  }

  private workbookXml(): string {
    const sheets = this.allSheets()
      .map((sheet, i) => `<sheet name="${xmlAttribute(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('');
    const firstRecords = this.summarySheets.length;
    const filters = this.sheets
      .map(
        (sheet, i) =>
          `<definedName name="_xlnm._FilterDatabase" localSheetId="${firstRecords + i}" hidden="1">${xmlText(quotedSheet(sheet.name))}!$A$1:$${this.lastColumn}$${sheet.rows + 1}</definedName>`,
      )
      .join('');
    return (
      XML_HEAD +
      `<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<bookViews><workbookView activeTab="0"/></bookViews>' +
      `<sheets>${sheets}</sheets>` +
      (filters === '' ? '' : `<definedNames>${filters}</definedNames>`) +
      '</workbook>'
    );
  }

  private workbookRelsXml(): string {
    const all = this.allSheets();
    const sheets = all
      .map((sheet, i) => `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/${sheet.part}"/>`)
      .join('');
    return (
      XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      sheets +
      `<Relationship Id="rId${all.length + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>` +
      '</Relationships>'
    );
  }

  private contentTypesXml(): string {
    const sheets = this.allSheets()
      .map(
        (sheet) =>
          `<Override PartName="/xl/worksheets/${sheet.part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('');
    return (
      XML_HEAD +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      sheets +
      '</Types>'
    );
  }
}
