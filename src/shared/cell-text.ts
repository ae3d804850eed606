/**
 * A list cell as the table shows it (times in the profile's zone, m:ss, money with its
 * currency, labels beside codes) and what sorting compares. One module for the screen, the
 * search and filters over loaded rows, and the export that must equal them.
 */
import type { Column, ColumnKind } from './columns';
import { intlLocale, m } from './i18n';
import { formatInstant, type TimeZone } from './time-zone';

/** An instant as the app writes it (time-zone.ts): cells to the second, in the profile's zone. */
export { formatInstant };

export function formatDuration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const whole = Math.abs(Math.round(seconds));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A code with its label, as the table shows it: "connected (50)" ("已接通（50）"), or the bare code when it has no label. */
export function codeDisplay(label: string | null, value: number | string): string {
  return label === null ? String(value) : m.code_with_label({ label, code: String(value) });
}

const LABEL_MARK = '\u0001';
const CODE_MARK = '\u0002';

/**
 * What the language writes between a code's label and the code, and after the code (" (" and
 * ")"; "（" and "）" in Chinese): for the archive's SQL to show a code as codeDisplay does.
 */
export function codeDisplayJoints(): { between: string; after: string } {
  const shown = m.code_with_label({ label: LABEL_MARK, code: CODE_MARK });
  const codeAt = shown.indexOf(CODE_MARK);
  return { between: shown.slice(shown.indexOf(LABEL_MARK) + LABEL_MARK.length, codeAt), after: shown.slice(codeAt + CODE_MARK.length) };
}

/** The text of one cell as the table shows it; '' for an empty cell. */
export function cellText<R>(column: Column<R>, row: R, zone: TimeZone): string {
  switch (column.kind) {
    case 'text':
    case 'id':
    case 'phone':
    case 'date':
      return column.get(row) ?? '';
    case 'integer':
    case 'number': {
      const value = column.get(row);
      return value === null ? '' : String(value);
    }
    case 'duration': {
      const value = column.get(row);
      return value === null ? '' : formatDuration(value);
    }
    case 'amount': {
      const amount = column.get(row);
      if (amount === null) return '';
      const currency = column.currency(row);
      return currency ? `${amount.text} ${currency}` : amount.text;
    }
    case 'time': {
      const stamp = column.get(row);
      if (stamp === null) return '';
      return stamp.epochMs === null ? stamp.text : formatInstant(stamp.epochMs, zone);
    }
    case 'code': {
      const value = column.get(row);
      if (value === null || value === '') return '';
      return codeDisplay(column.label(value), value);
    }
    case 'list':
      return column.get(row).join(', ');
  }
}

/**
 * Besides its shown text, what a cell matches in a search or a text filter: the value as
 * the platform wrote it (a time's own text, a duration's seconds). '' when nothing more.
 */
export function rawText<R>(column: Column<R>, row: R): string {
  switch (column.kind) {
    case 'time':
      return column.get(row)?.text ?? '';
    case 'duration': {
      const value = column.get(row);
      return value === null ? '' : String(value);
    }
    default:
      return '';
  }
}

/**
 * Text compares as the interface language orders it (pinyin in Chinese), never as the runtime
 * was started: the renderer (a browser's language) and main (Node's LANG) sort a page alike.
 * Digit runs compare as numbers ("Seat 2" before "Seat 10"), and case and accents do not count.
 */
const TEXT_ORDER = { numeric: true, sensitivity: 'base' } as const satisfies Intl.CollatorOptions;

let collator: { locale: string; compare: (a: string, b: string) => number } | null = null;

/** How texts compare in the interface language of the moment (read once per sort: a sort of 100,000 rows compares millions of times). */
function textComparer(): (a: string, b: string) => number {
  const locale = intlLocale();
  if (collator?.locale !== locale) collator = { locale, compare: new Intl.Collator(locale, TEXT_ORDER).compare };
  return collator.compare;
}

/** Two texts compared as the table sorts text, in the interface language of the moment: for any list the app orders by name. */
export function compareText(a: string, b: string): number {
  return textComparer()(a, b);
}

/** Each sensitivity of Intl.Collator as ICU's collation keywords: its strength (ks), with the case level on (kc) for 'case'. */
const ICU_STRENGTH = { base: 'level1', accent: 'level2', case: 'level1-kc-true', variant: 'level3' } as const satisfies Record<
  NonNullable<Intl.CollatorOptions['sensitivity']>,
  string
>;

/**
 * The same order as an ICU locale with its collation keywords, for an engine that sorts by
 * ICU (the archive's icu_sort_key): TEXT_ORDER's numeric ordering (kn) and strength (ks).
 */
export function icuCollationOf(locale: string = intlLocale()): string {
  return `${locale}-u-kn-${String(TEXT_ORDER.numeric)}-ks-${ICU_STRENGTH[TEXT_ORDER.sensitivity]}`;
}

/** Whether a column's cells sort as numbers (sortValueOf: times, amounts, codes, counts, durations) or as text in the language's order. */
export function sortsAsNumber(kind: ColumnKind): boolean {
  switch (kind) {
    case 'time':
    case 'amount':
    case 'code':
    case 'integer':
    case 'number':
    case 'duration':
      return true;
    case 'text':
    case 'id':
    case 'phone':
    case 'date':
    case 'list':
      return false;
  }
}

/** Empty cells sort last whichever way the column is sorted. */
export function compareSortValues(a: string | number | null, b: string | number | null, compareText: (a: string, b: string) => number = textComparer()): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/** What sorting compares for one cell, without formatting it (fast on 100,000 rows). */
export function sortValueOf<R>(column: Column<R>, row: R): string | number | null {
  switch (column.kind) {
    case 'time':
      return column.get(row)?.epochMs ?? null;
    case 'amount':
      return column.get(row)?.value ?? null;
    case 'list':
      return column.get(row).join(', ') || null;
    case 'code': {
      const value = column.get(row);
      if (value === null || typeof value === 'number') return value;
      // A code that is no number ("*", "#": keys pressed) sorts with the empty ones, as in the archive:
      // compared as NaN it would leave the whole sort in no order at all.
      const number = value.trim() === '' ? Number.NaN : Number(value);
      return Number.isNaN(number) ? null : number;
    }
    default: {
      const value = column.get(row);
      return value === '' ? null : value;
    }
  }
}

/**
 * Rows in a column's order, as the table sorts loaded rows: stable, empty cells last
 * either way. Returns the rows as they are when the column is unknown.
 */
export function sortRows<R>(rows: readonly R[], columns: readonly Column<R>[], sort: { key: string; descending: boolean } | null): readonly R[] {
  const column = sort ? columns.find((candidate) => candidate.key === sort.key) : undefined;
  if (!sort || !column) return rows;
  const keyed = rows.map((row, index) => ({ row, index, value: sortValueOf(column, row) }));
  const direction = sort.descending ? -1 : 1;
  const compareText = textComparer();
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) return compareSortValues(a.value, b.value, compareText) || a.index - b.index;
    return direction * compareSortValues(a.value, b.value, compareText) || a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}
