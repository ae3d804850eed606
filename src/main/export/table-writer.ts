import type { CellFormat, CellValue } from './cells';

/** One line of the workbook's "About" sheet. */
export interface AboutRow {
  label: string;
  value: CellValue;
  /** 'datetime' when the value is an Excel serial date-time. */
  format?: CellFormat;
}

export interface WriteSummary {
  rows: number;
  /** The record sheets written (one name for CSV: the file has no sheets). */
  sheets: string[];
  /** Cells cut to Excel's 32,767-character limit. */
  truncatedCells: number;
}

/** What a writer wrote, for the About sheet written after it. */
export type Written = Omit<WriteSummary, 'sheets'> & { sheets: readonly string[] };

/** A file being written row by row: the .xlsx and .csv writers have this shape. */
export interface TableWriter<R> {
  /** Resolves when the rows are handed on and there is room for more (back-pressure). */
  writeRows(rows: readonly R[]): Promise<void>;
  /**
   * Writes what remains and closes the file. `about` gives the workbook's About rows once
   * the rows, the sheets and the cells cut are known (CSV has nowhere for them).
   */
  finish(about: (written: Written) => AboutRow[]): Promise<WriteSummary>;
  /** Stops at once and closes the file (the caller deletes it). Safe to call more than once. */
  abort(): Promise<void>;
}
