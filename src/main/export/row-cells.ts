/**
 * The cells of a records sheet's row as SpreadsheetML: what the .xlsx writer writes for each
 * row, in its own thread or in a worker's (row-cells-worker.ts). Inline strings (never
 * formulas), numbers, and date-times as serial numbers with a date-time format.
 */
import { CellCache } from './cell-cache';
import { excelSerialText, type CellFormat, type CellValue, type ExportField } from './cells';
import { STYLE } from './xlsx-styles';
import { MAX_CELL_CHARS, needsSpacePreserved, xmlText } from './xml';

/** Longer texts are written each time (and counted when cut), never kept by value. */
const KEPT_TEXT_MAX = 256;

export function styleAttribute(format: CellFormat | undefined): string {
  if (format === 'datetime') return ` s="${STYLE.datetime}"`;
  if (format === 'date') return ` s="${STYLE.date}"`;
  return '';
}

export class RowCells<R> {
  /** Cells cut to Excel's 32,767 characters so far. */
  truncated = 0;
  private readonly styles: string[];
  private readonly dateTimes: boolean[];
  /** Per column: its cells' XML kept by value, and how one is made. */
  private readonly caches: CellCache[];
  private readonly makers: ((value: string | number) => string)[];

  constructor(private readonly fields: readonly ExportField<R>[]) {
    this.styles = fields.map((field) => styleAttribute(field.format));
    this.dateTimes = fields.map((field) => field.format === 'datetime');
    this.caches = fields.map(() => new CellCache());
    this.makers = this.styles.map((style) => (value: string | number) => this.cellXml(value, style));
  }

  /** The row's cells, one per field, without the `<row>` around them. */
  xml(row: R): string {
    const fields = this.fields;
    let xml = '';
    for (let i = 0; i < fields.length; i++) {
      const value = fields[i].cell(row);
      if (value === null) xml += '<c/>';
      else if (typeof value === 'number' && this.dateTimes[i] && Number.isFinite(value)) xml += `<c${this.styles[i]}><v>${excelSerialText(value)}</v></c>`;
      else if (typeof value === 'string' && value.length > KEPT_TEXT_MAX) xml += this.cellXml(value, this.styles[i]);
      else xml += this.caches[i].xml(value, this.makers[i]);
    }
    return xml;
  }

  /** No `r` attribute: cells follow one another, and an empty one is written as `<c/>`. */
  cellXml(value: CellValue, style: string): string {
    if (value === null) return '<c/>';
    if (typeof value === 'number') return Number.isFinite(value) ? `<c${style}><v>${value}</v></c>` : '<c/>';
    let text = value;
    if (text.length > MAX_CELL_CHARS) {
      text = text.slice(0, MAX_CELL_CHARS);
      this.truncated += 1;
    }
    return needsSpacePreserved(text)
      ? `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`
      : `<c t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;
  }
}

/** Rows' cells encoded as UTF-8, one after another, and where each row's end. */
export interface EncodedRows {
  bytes: Uint8Array<ArrayBuffer>;
  /** The end of each row's cells in `bytes`. */
  ends: Uint32Array<ArrayBuffer>;
  /** Cells cut to Excel's limit among these rows. */
  truncated: number;
}

/** Encodes rows' cells into one buffer (in a worker: it is handed back without a copy). */
export function encodeRows<R>(cells: RowCells<R>, rows: readonly R[]): EncodedRows {
  const before = cells.truncated;
  const ends = new Uint32Array(rows.length);
  let buffer = Buffer.allocUnsafe(Math.max(4096, rows.length * 1024));
  let used = 0;
  for (let i = 0; i < rows.length; i++) {
    const xml = cells.xml(rows[i]);
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (used + xml.length * 3 > buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + xml.length * 3));
      buffer.copy(larger, 0, 0, used);
      buffer = larger;
    }
    used += buffer.write(xml, used, 'utf8');
    ends[i] = used;
  }
  // A buffer of its own (not a slice of Node's pool), so it can be transferred.
  const bytes = new Uint8Array(used);
  bytes.set(buffer.subarray(0, used));
  return { bytes, ends, truncated: cells.truncated - before };
}
