import type { Column } from '../../../shared/columns';
import { cellText, sortValueOf } from '../../../shared/cell-text';
import type { TimeZone } from '../../../shared/time-zone';

export { compareSortValues, formatDuration, formatInstant, sortValueOf } from '../../../shared/cell-text';

/** A cell as the table shows it: its text, and what sorting compares. */
export interface CellView {
  text: string;
  sort: string | number | null;
}

/** Renders one cell for display: times in the profile's zone, m:ss, money with its currency, labels beside codes. */
export function cellView<R>(column: Column<R>, row: R, zone: TimeZone): CellView {
  const text = cellText(column, row, zone);
  // A time the platform wrote without a readable instant shows its text and sorts last.
  return { text, sort: text === '' ? null : sortValueOf(column, row) };
}
