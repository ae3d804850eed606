/**
 * A streaming CSV writer: UTF-8 with a byte-order mark (so Excel reads it as UTF-8),
 * RFC 4180 quoting and CRLF line ends, and text that a spreadsheet would take for a
 * formula neutralised as OWASP recommends (a leading `'`, the field quoted).
 * Text is always quoted and numbers never are, so a reader that honours quotes
 * (LibreOffice's "quoted field as text") keeps ids like 0012 and +8613… as text.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { CsvValue, ExportField } from './cells';
import type { TableWriter, WriteSummary } from './table-writer';

const BOM = '\uFEFF';
const CHUNK_CHARS = 256 * 1024;
/** OWASP "CSV injection": cells starting with these are read as formulas by spreadsheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
const QUOTE = /"/g;

/** A text field made safe: quoted (RFC 4180), and neutralised with a leading `'` when it could be a formula. */
export function csvText(text: string): string {
  const quoted = text.includes('"') ? text.replace(QUOTE, '""') : text;
  return FORMULA_START.test(text) ? `"'${quoted}"` : `"${quoted}"`;
}

export function csvValue(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'object') return value.decimal;
  return csvText(value);
}

export class CsvWriter<R> implements TableWriter<R> {
  private readonly out: WriteStream;
  private pending: string;
  private rows = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor(
    path: string,
    private readonly fields: readonly ExportField<R>[],
  ) {
    // The export claimed this partial file exclusively before (export/reservation.ts).
    this.out = createWriteStream(path, { flags: 'w' });
    this.out.on('error', (error) => {
      this.failure ??= error;
    });
    this.pending = BOM + fields.map((field) => csvText(field.header)).join(',') + '\r\n';
  }

  async writeRows(rows: readonly R[]): Promise<void> {
    this.check();
    const fields = this.fields;
    for (const row of rows) {
      let line = '';
      for (let i = 0; i < fields.length; i++) {
        if (i > 0) line += ',';
        line += csvValue(fields[i].csv(row));
      }
      this.pending += `${line}\r\n`;
      this.rows += 1;
      if (this.pending.length >= CHUNK_CHARS) await this.flush();
    }
  }

  async finish(): Promise<WriteSummary> {
    this.check();
    await this.flush();
    this.out.end();
    await finished(this.out);
    this.check();
    this.closed = true;
    return { rows: this.rows, sheets: [], truncatedCells: 0 };
  }

  async abort(): Promise<void> {
    this.closed = true;
    this.failure ??= new Error('The export was stopped.');
    if (!this.out.closed) {
      // Destroyed with the failure, so a write waiting for 'drain' stops too; the close is
      // awaited with a plain listener because events.once would reject on that error.
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy(this.failure);
      await closed;
    }
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error('The CSV file is already closed.');
  }

  private async flush(): Promise<void> {
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    if (!this.out.write(chunk, 'utf8')) await once(this.out, 'drain');
    this.check();
  }
}
