/**
 * A row's stored digit runs: every run of STORED_DIGITS_MIN digits or more in what its
 * columns show whatever the profile's zone and the interface language, whole, joined by
 * spaces. They are taken from the same texts the table's own search reads (cell-text.ts),
 * worked out as each fetched page is staged (never on the sync's last step), and kept in
 * the table's search column with their mask (digit-mask.ts). A needle of digits only and
 * that long is within one of the row's texts exactly when it is within one of these runs.
 */
import { cellText, rawText } from '../../shared/cell-text';
import type { Column } from '../../shared/columns';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';

/**
 * The shortest digit search answered from the stored digit runs. Most searches are a phone
 * number or an id; a time in the zone shows at most four digits in a row, so such a needle
 * is never in one, and whatever else it is in, the stored runs hold.
 */
export const STORED_DIGITS_MIN = 5;

/** Names how the runs are made: a table filled another way is filled again (schema.ts). */
export const STORED_DIGITS_VERSION = 'cell-text-1';

const RUNS = new RegExp(`[0-9]{${STORED_DIGITS_MIN},}`, 'g');

/** Only times read the zone, and they are taken as their own text: any zone shows the rest alike. */
const ANY_ZONE = parseTimeZone('UTC') as TimeZone;

/** What a column shows that neither the zone nor the language changes: a time's own text, a code itself (its label is searched by the query). */
function zoneFreeTexts<R>(column: Column<R>, row: R): string[] {
  const value: unknown = column.get(row);
  // A field a staged record lacks is stored, and read back, as empty.
  if (value === null || value === undefined) return [];
  switch (column.kind) {
    case 'time':
      return [rawText(column, row)];
    case 'code':
      return [String(value)];
    default:
      return [cellText(column, row, ANY_ZONE), rawText(column, row)];
  }
}

/** The row's digit runs over `columns` (those the archive reads as fields). */
export function storedDigitRuns<R>(columns: readonly Column<R>[], row: R): string {
  const runs: string[] = [];
  for (const column of columns) {
    for (const text of zoneFreeTexts(column, row)) {
      if (text.length >= STORED_DIGITS_MIN) runs.push(...(text.match(RUNS) ?? []));
    }
  }
  return runs.join(' ');
}
