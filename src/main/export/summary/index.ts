/**
 * The Summary sheet of a record export: the list's descriptor names its figure set
 * (`summary`) and the time that buckets a row (`rowTime`); rows are counted as they
 * stream to the file by the counter generated from the figure declarations, and folded by
 * the same code as the Overview's, so the sheet and the Overview agree figure for figure.
 */
import { calendarOf, type Window } from '../../../shared/calendar';
import type { ListDescriptor } from '../../../shared/operations';
import { recordCounter } from '../../../shared/reports/count-records';
import type { SomeFigureSet } from '../../../shared/reports/figures';
import { foldFigures, type Figures } from '../../../shared/reports/fold';
import { formatInstant, parseIsoInstant, type TimeZone } from '../../../shared/time-zone';
import type { SummarySheet } from '../summary-sheet';
import { figuresSheet } from './figures-sheet';
import { lastSecondIn } from './tables';
import { formatNumber, m } from '../../../shared/i18n';

export interface RowSummary<Row> {
  add(rows: readonly Row[]): void;
  /** The figures of every row added so far (what the sheet lays out). */
  figures(): Figures<SomeFigureSet>;
  /** The sheet of every row added so far. */
  sheet(): SummarySheet;
}

/**
 * The window `[fromMs, toMs)` of a record list's filters (strTime, endTime), or null. The
 * platform's endTime is the last second taken in, so the window ends a second after it.
 */
export function windowOfParams(list: { window: unknown }, params: object): Window | null {
  if (list.window === null) return null;
  const { strTime, endTime } = params as { strTime?: unknown; endTime?: unknown };
  const fromMs = typeof strTime === 'string' ? parseIsoInstant(strTime) : null;
  const endMs = typeof endTime === 'string' ? parseIsoInstant(endTime) : null;
  return fromMs === null || endMs === null ? null : { fromMs, toMs: Math.floor(endMs / 1000) * 1000 + 1000 };
}

function heading(title: string, window: Window | null, zone: TimeZone, rows: number): { title: string; lines: string[] } {
  const wall = (ms: number): string => formatInstant(ms, zone);
  return {
    title: m.export_summary_title({ title }),
    lines: [
      window
        ? // The window's end as the list screen and the About sheet say it: the last second taken in.
          m.export_summary_records_window({ count: formatNumber(rows), from: wall(window.fromMs), to: wall(lastSecondIn(window)), zone: zone.name })
        : m.export_summary_records({ count: formatNumber(rows), zone: zone.name }),
      m.export_summary_money(),
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
  const given = windowOfParams(list, params);
  const counter = recordCounter(source.figures, calendarOf(zone));
  const rowTime = list.rowTime;
  let rows = 0;
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  return {
    add(batch) {
      rows += batch.length;
      for (const row of batch) {
        const timeMs = rowTime === null ? null : rowTime.of(row);
        if (timeMs !== null) {
          if (timeMs < earliest) earliest = timeMs;
          if (timeMs > latest) latest = timeMs;
        }
        counter.add(source.record(row), timeMs);
      }
    },
    figures() {
      // Without a window of its own the export's rows span one: from the first row's time to just after the last.
      const window = given ?? (earliest <= latest ? { fromMs: earliest, toMs: latest + 1 } : { fromMs: 0, toMs: 0 });
      return foldFigures(counter.book, window, zone);
    },
    sheet() {
      return figuresSheet(source.figures, this.figures(), heading(list.endpoint.title(), given, zone, rows));
    },
  };
}
