/**
 * The Summary sheet of a record export: the list's descriptor says which figures its rows
 * make (`summary`) and which time buckets them (`rowTime`); the rows are counted as they
 * stream to the file, and the sheet is laid out once they are all written.
 */
import type { ListDescriptor } from '../../../shared/operations';
import { formatIsoInZone, parseIsoInstant, type TimeZone } from '../../../shared/time-zone';
import type { SummarySheet } from '../summary-sheet';
import { zoneCalendar } from './calendar';
import { numberSummarySheet } from './number-sheet';
import { NumberSummaryAccumulator } from './number-summary';
import { voiceSummarySheet } from './voice-sheet';
import { VoiceSummaryAccumulator } from './voice-summary';
import type { Window } from './window';

export interface RowSummary<Row> {
  add(rows: readonly Row[]): void;
  /** The sheet of every row added so far. */
  sheet(): SummarySheet;
}

/** The window of a record list's filters (strTime, endTime), or null. */
export function windowOfParams(list: { window: unknown }, params: object): Window | null {
  if (list.window === null) return null;
  const { strTime, endTime } = params as { strTime?: unknown; endTime?: unknown };
  const fromMs = typeof strTime === 'string' ? parseIsoInstant(strTime) : null;
  const toMs = typeof endTime === 'string' ? parseIsoInstant(endTime) : null;
  return fromMs === null || toMs === null ? null : { fromMs, toMs };
}

function heading(title: string, window: Window | null, zone: TimeZone, rows: number): { title: string; lines: string[] } {
  const wall = (ms: number): string => formatIsoInZone(ms, zone).slice(0, 16).replace('T', ' ');
  return {
    title: `${title}: summary`,
    lines: [
      `${rows.toLocaleString('en')} records${window ? ` from ${wall(window.fromMs)} to ${wall(window.toMs)}` : ''}. Hours and days are in ${zone.name}.`,
      'Money is summed per currency, never across currencies.',
    ],
  };
}

/** The Summary of a list's rows, or null when the list has none (only record lists do). */
export function rowSummaryFor<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  params: P,
  zone: TimeZone,
): RowSummary<Row> | null {
  const source = list.summary;
  if (source === undefined) return null;
  const window = windowOfParams(list, params);
  const calendar = zoneCalendar(zone);
  const rowTime = list.rowTime;
  const timeOf = (row: Row): number | null => (rowTime === null ? null : rowTime.of(row));
  const title = list.endpoint.title;
  let rows = 0;
  if (source.kind === 'voice') {
    const accumulator = new VoiceSummaryAccumulator(calendar, window);
    return {
      add(batch) {
        rows += batch.length;
        for (const row of batch) accumulator.add(source.record(row), timeOf(row));
      },
      sheet: () => voiceSummarySheet(accumulator.result(), heading(title, window, zone, rows)),
    };
  }
  const accumulator = new NumberSummaryAccumulator(calendar, window);
  return {
    add(batch) {
      rows += batch.length;
      for (const row of batch) accumulator.add(source.record(row), timeOf(row));
    },
    sheet: () => numberSummarySheet(accumulator.result(), heading(title, window, zone, rows)),
  };
}
