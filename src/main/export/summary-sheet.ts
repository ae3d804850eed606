/**
 * The Summary sheet as the .xlsx writer receives it: titled tables of typed cells, laid
 * side by side under one frozen header row. What the figures are is decided elsewhere
 * (./summary); this is only what a table looks like.
 */
import type { CellValue } from './cells';

/**
 * How a summary cell shows its number: `count` #,##0; `percent` 0.0%; `seconds` #,##0;
 * `seconds-tenths` #,##0.0; `duration` [h]:mm:ss (the value is a fraction of a day);
 * `minutes` and `money` #,##0.00; `date` yyyy-mm-dd (an Excel serial date).
 */
export type SummaryFormat =
  | 'text'
  | 'count'
  | 'percent'
  | 'seconds'
  | 'seconds-tenths'
  | 'duration'
  | 'minutes'
  | 'money'
  | 'date';

export const SUMMARY_FORMATS: readonly SummaryFormat[] = [
  'text',
  'count',
  'percent',
  'seconds',
  'seconds-tenths',
  'duration',
  'minutes',
  'money',
  'date',
];

export interface SummaryCell {
  value: CellValue;
  format: SummaryFormat;
}

export interface SummaryColumn {
  header: string;
  /** Width in characters. */
  width: number;
}

export interface SummaryTable {
  title: string;
  columns: readonly SummaryColumn[];
  rows: readonly (readonly SummaryCell[])[];
  /** A line under the table, e.g. that a ranked list shows its top 50 only. */
  note?: string;
}

export interface SummarySheet {
  title: string;
  /** Lines under the title: the window, the zone, what was counted. */
  lines: readonly string[];
  tables: readonly SummaryTable[];
}

/** A summary sheet and its tab's name (a workbook of several: the Overview's). */
export interface NamedSummary {
  name: string;
  sheet: SummarySheet;
}
