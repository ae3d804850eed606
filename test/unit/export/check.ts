/** Compares a read-back file with what the sandbox served, collecting every difference. */
import type { Grid } from './support';
import { serialToWallMs } from './support';
import type { ExpectedColumn } from './expected';

type Raw = Record<string, unknown>;

function wallText(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** What the CSV writer does to text that could start a formula (OWASP). */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A CSV's date-time headers name their zone: the expected wall times are in +08:00, so that one. */
function columnIndex(header: readonly unknown[], wanted: string): number {
  for (const candidate of [wanted, `${wanted} (s)`, `${wanted} (USD)`, `${wanted} (+08:00)`]) {
    const index = header.indexOf(candidate);
    if (index >= 0) return index;
  }
  return -1;
}

export type Source = 'xlsx' | 'csv' | 'shown';

/**
 * - 'xlsx': typed cells from SheetJS (numbers, serial date-times, text);
 * - 'csv': our CSV's fields as text (text neutralised as OWASP says);
 * - 'shown': LibreOffice's CSV of a workbook, values as it shows them.
 */
export function differences(
  grid: Grid,
  columns: ExpectedColumn[],
  records: Raw[],
  source: Source,
  options: { lineBreaksAsLf?: boolean } = {},
): string[] {
  // LibreOffice (and SheetJS's CSV reader) keep a line break inside a cell as LF only, whatever the file said (CRLF).
  const lines = (text: string): string => (options.lineBreaksAsLf ? text.replace(/\r\n/g, '\n') : text);
  const problems: string[] = [];
  const header = grid[0] ?? [];
  if (grid.length - 1 !== records.length) problems.push(`rows: ${grid.length - 1} in the file, ${records.length} served`);
  for (const column of columns) {
    const index = columnIndex(header, column.header);
    if (index < 0) {
      problems.push(`no column "${column.header}"`);
      continue;
    }
    records.forEach((record, i) => {
      const cell = grid[i + 1]?.[index] ?? null;
      const got = cell === '' ? null : cell;
      const expected = column.expect(record);
      let same: boolean;
      let want: unknown;
      switch (expected.kind) {
        case 'text':
          want = expected.value === null ? null : lines(source === 'csv' ? neutralised(expected.value) : expected.value);
          same = got === want;
          break;
        case 'code':
          want = expected.value === null ? null : source === 'csv' ? neutralised(expected.value) : expected.value;
          same = (got === null ? null : String(got)) === want;
          break;
        case 'number':
          want = expected.value;
          same = expected.value === null ? got === null : got !== null && Math.abs(Number(got) - expected.value) <= 1e-9 * Math.max(1, Math.abs(expected.value));
          break;
        case 'time':
          want = expected.wall;
          same = source === 'xlsx' && typeof got === 'number' ? wallText(serialToWallMs(got)) === want : got === want;
          break;
        case 'date':
          want = expected.value;
          same = source === 'xlsx' && typeof got === 'number' ? wallText(serialToWallMs(got)).slice(0, 10) === want : got === want;
          break;
      }
      if (!same && problems.length < 20) problems.push(`row ${i + 1} "${column.header}": got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    });
  }
  return problems;
}
