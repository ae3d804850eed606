/**
 * Writes the per-number results of a send to .xlsx or .csv. Small files: SheetJS's
 * writer (no read-side parsing here) or plain text, written to a temporary file in
 * the same folder and renamed, so a half-written file never carries the final name.
 */
import { writeFileAtomically } from '../atomic-file';
import * as XLSX from 'xlsx';
import { OUTCOME_LABELS, type MmsResultRow } from '../../shared/mms/records';
import { resultTable, toCsv } from '../../shared/mms/results';

export type ResultsFormat = 'xlsx' | 'csv';

export function resultsFileBytes(rows: readonly MmsResultRow[], format: ResultsFormat): Buffer {
  const table = resultTable(rows, (row) => OUTCOME_LABELS[row.outcome]);
  if (format === 'csv') return Buffer.from(toCsv(table), 'utf8');
  const sheet = XLSX.utils.aoa_to_sheet(table);
  // Every cell is text (numbers keep their + and leading zeros); widths fit the content.
  sheet['!cols'] = [{ wch: 18 }, { wch: 6 }, { wch: 16 }, { wch: 24 }, { wch: 60 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'MMS results');
  const written: unknown = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
  if (!Buffer.isBuffer(written)) throw new Error('the spreadsheet writer gave no buffer');
  return written;
}

export function writeResultsFile(path: string, rows: readonly MmsResultRow[], format: ResultsFormat): void {
  writeFileAtomically(path, resultsFileBytes(rows, format));
}

export function resultsFileName(at: number, format: ResultsFormat): string {
  const stamp = new Date(at).toISOString().slice(0, 16).replace(/[:T]/g, '-');
  return `mms-results-${stamp}.${format}`;
}
