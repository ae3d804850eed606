import type { Column } from '../../../shared/columns';
import type { Locale } from '../../../shared/i18n';
import type { TimeZone } from '../../../shared/time-zone';
import { cellView, type CellView } from './cells';

/** Rows whose formatted cells are kept; scrolling through 100,000 rows must not keep them all. */
const KEPT_ROWS = 2_000;

/**
 * Formatted cells of the rows recently shown, reused while the table re-renders.
 * Only a bounded number is kept: holding every row's cells would grow the heap as the
 * user scrolls and make garbage collection stall frames. A new cache is made when the
 * columns, the time zone or the language change.
 */
export class RowCache<R extends object> {
  private readonly cells = new Map<R, CellView[]>();
  private readonly haystacks = new WeakMap<R, string>();

  constructor(
    readonly columns: readonly Column<R>[],
    readonly zone: TimeZone,
    /** The language the cells' labels are in. */
    readonly locale: Locale,
  ) {}

  row(row: R): CellView[] {
    let views = this.cells.get(row);
    if (!views) {
      views = this.columns.map((column) => cellView(column, row, this.zone));
      if (this.cells.size >= KEPT_ROWS) {
        // Drop the oldest quarter (a Map iterates in insertion order).
        let drop = KEPT_ROWS / 4;
        for (const key of this.cells.keys()) {
          this.cells.delete(key);
          if (--drop === 0) break;
        }
      }
      this.cells.set(row, views);
    }
    return views;
  }

  /** Lower-cased text of every cell, for the quick search (one string per row is kept). */
  haystack(row: R): string {
    let text = this.haystacks.get(row);
    if (text === undefined) {
      text = this.columns
        .map((column) => cellView(column, row, this.zone).text)
        .join('\u0001')
        .toLowerCase();
      this.haystacks.set(row, text);
    }
    return text;
  }
}
