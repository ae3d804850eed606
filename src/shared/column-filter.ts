/**
 * What a column filter and the search match: the words on screen. A filter typed under a
 * column is read once into a plan (numbers compared as numbers, labels turned into the codes
 * that carry them, other text matched in the shown text and the raw value); the table tests
 * loaded rows with the plan here, and the archive turns the same plan into SQL
 * (src/main/archive/shown-sql.ts), so a filter finds the same rows from either source.
 */
import { type CodeLabels, type Column, codeText } from './columns';
import { cellText, codeDisplay, rawText } from './cell-text';
import { currentLocale, m } from './i18n';
import { type NumberTest, numberFilterForms, parseNumberFilter, passesNumberTest } from './number-filter';
import type { TimeZone } from './time-zone';

export type ColumnFilterPlan =
  /** The column's number (an amount's value, a code read as a number) passes the test. */
  | { kind: 'number'; test: NumberTest }
  /**
   * A code column by its labels: codes of the label table that match, and for an open set of
   * codes (keys pressed) the lower-cased text its other codes' labels must contain.
   */
  | { kind: 'codes'; codes: readonly string[]; otherwise: string | null }
  /** Lower-cased text the shown text or the raw value contains. */
  | { kind: 'text'; needle: string };

export type PlannedFilter = { ok: true; plan: ColumnFilterPlan | null } | { ok: false; message: string };

const NUMBER_KINDS: ReadonlySet<Column<unknown>['kind']> = new Set(['integer', 'number', 'duration']);

/** Whether a column's filter compares numbers only (its placeholder says so). */
export function filtersByNumber(column: Pick<Column<unknown>, 'kind'>): boolean {
  return NUMBER_KINDS.has(column.kind);
}

/**
 * The plan of a filter typed under a column: null for an empty filter, a message naming
 * the column when a number column gets no number.
 */
export function planColumnFilter(column: Column<never>, typed: string): PlannedFilter {
  const text = typed.trim();
  if (text === '') return { ok: true, plan: null };
  const durations = column.kind === 'duration';
  const test = column.kind === 'text' || column.kind === 'id' || column.kind === 'phone' || column.kind === 'date' || column.kind === 'list' || column.kind === 'time'
    ? null
    : parseNumberFilter(text, { durations });
  if (test) return { ok: true, plan: { kind: 'number', test } };
  if (NUMBER_KINDS.has(column.kind)) {
    return {
      ok: false,
      message: m.lists_filter_needs_number({ header: column.header(), forms: numberFilterForms({ durations }), typed: text.slice(0, 40) }),
    };
  }
  const needle = text.toLowerCase();
  if (column.kind === 'code') return { ok: true, plan: codesPlan(column.labels, needle) };
  return { ok: true, plan: { kind: 'text', needle } };
}

/**
 * A label typed in full picks exactly its codes ("connected" is 50, not the three "not
 * connected"); otherwise every code whose label contains the text, or that is the text.
 */
function codesPlan(labels: CodeLabels, needle: string): ColumnFilterPlan {
  const entries = Object.entries(labels.table);
  const prefix = labels.otherwise?.prefix.toLowerCase() ?? null;
  const exact = entries.filter(([, label]) => label.toLowerCase() === needle).map(([code]) => code);
  if (prefix !== null && needle.startsWith(prefix) && needle.length > prefix.length) {
    const code = needle.slice(prefix.length);
    if (!Object.hasOwn(labels.table, code)) exact.push(code);
  }
  if (exact.length > 0) return { kind: 'codes', codes: exact, otherwise: null };
  const codes = entries.filter(([code, label]) => label.toLowerCase().includes(needle) || code.toLowerCase() === needle).map(([code]) => code);
  return { kind: 'codes', codes, otherwise: prefix === null ? null : needle };
}

/** Whether a row passes a column's filter plan. */
export function passesColumnFilter<R>(column: Column<R>, plan: ColumnFilterPlan, row: R, zone: TimeZone): boolean {
  switch (plan.kind) {
    case 'number':
      return passesNumberTest(plan.test, numberIn(column, row));
    case 'codes': {
      if (column.kind !== 'code') return false;
      const value = column.get(row);
      if (value === null || value === '') return false;
      const code = codeText(value);
      if (plan.codes.includes(code)) return true;
      if (plan.otherwise === null) return false;
      if (code.toLowerCase() === plan.otherwise) return true;
      const { table, otherwise } = column.labels;
      return otherwise !== undefined && !Object.hasOwn(table, code) && `${otherwise.prefix}${code}`.toLowerCase().includes(plan.otherwise);
    }
    case 'text':
      return cellText(column, row, zone).toLowerCase().includes(plan.needle) || rawText(column, row).toLowerCase().includes(plan.needle);
  }
}

/** The number a number test reads from a cell: the value, an amount's value, a code as a number. */
export function numberIn<R>(column: Column<R>, row: R): number | null {
  switch (column.kind) {
    case 'integer':
    case 'number':
    case 'duration':
      return column.get(row);
    case 'amount':
      return column.get(row)?.value ?? null;
    case 'code': {
      const value = column.get(row);
      if (value === null || value === '') return null;
      const number = Number(value);
      return Number.isFinite(number) ? number : null;
    }
    default:
      return null;
  }
}

/** Everything a search finds in a row, lower-cased: each column's shown text and raw value. */
export function searchTextOf<R>(columns: readonly Column<R>[], row: R, zone: TimeZone): string {
  const parts: string[] = [];
  for (const column of columns) {
    parts.push(cellText(column, row, zone));
    const raw = rawText(column, row);
    if (raw !== '') parts.push(raw);
  }
  return parts.join('\u0001').toLowerCase();
}

/**
 * What the search finds in each loaded row (searchTextOf), made once per row and kept while
 * the zone and the language are the same: the table's search over 100,000 loaded rows does
 * not format every cell at each key pressed, and after a change of language it matches the
 * labels the cells show now (已接通), as an export of the same query does.
 */
export class SearchTexts<R extends object> {
  private texts = new WeakMap<R, string>();
  private madeIn: string | null = null;

  constructor(private readonly columns: () => readonly Column<R>[]) {}

  of(row: R, zone: TimeZone): string {
    // The language is read at every call: a reactive reader (the renderer's) then filters again when it changes.
    const made = `${zone.name}\u0000${currentLocale()}`;
    if (this.madeIn !== made) {
      this.texts = new WeakMap();
      this.madeIn = made;
    }
    let text = this.texts.get(row);
    if (text === undefined) {
      text = searchTextOf(this.columns(), row, zone);
      this.texts.set(row, text);
    }
    return text;
  }
}

/** A code's text as a search sees it (its label and the code), for codes of a label table. */
export function codeSearchText(labels: CodeLabels, code: string): string {
  return codeDisplay(Object.hasOwn(labels.table, code) ? labels.table[code] : labels.otherwise ? `${labels.otherwise.prefix}${code}` : null, code).toLowerCase();
}

/** Column filters as typed, by column key, read into plans; the first refusal names its column. */
export function planColumnFilters<R>(
  columns: readonly Column<R>[],
  typed: readonly { field: string; text: string }[],
): { ok: true; plans: { column: Column<R>; plan: ColumnFilterPlan }[] } | { ok: false; field: string; message: string } {
  const each = planEachColumnFilter(columns, typed);
  const refused = each.refused[0];
  return refused ? { ok: false, ...refused } : { ok: true, plans: each.plans };
}

/** A list screen's column filters read one by one: see planEachColumnFilter. */
export interface EachColumnFilter<R> {
  /** The filters that apply, as typed: the query's `contains`, so the archive, an export and Load all take exactly these. */
  applied: { field: string; text: string }[];
  /** Their plans: what the table tests loaded rows with. */
  plans: { column: Column<R>; plan: ColumnFilterPlan }[];
  /** Each filter that cannot apply (words under a number column), with why, in the order typed. */
  refused: { field: string; message: string }[];
}

/**
 * Column filters as typed on a list screen, each read on its own: one that cannot apply is
 * refused at its own field and left out of the query, and the others keep narrowing the rows.
 * The query then holds only filters that apply, so main's check (which refuses a query with
 * any filter that cannot) passes it, and the screen, the archive's pages, Load all and a
 * file all read the same plans. An export waits until no filter is refused.
 */
export function planEachColumnFilter<R>(columns: readonly Column<R>[], typed: readonly { field: string; text: string }[]): EachColumnFilter<R> {
  const each: EachColumnFilter<R> = { applied: [], plans: [], refused: [] };
  for (const { field, text } of typed) {
    const column = columns.find((candidate) => candidate.key === field);
    const planned = column ? planColumnFilter(column, text) : null;
    if (planned && !planned.ok) {
      each.refused.push({ field, message: planned.message });
      continue;
    }
    each.applied.push({ field, text });
    if (column && planned?.plan) each.plans.push({ column, plan: planned.plan });
  }
  return each;
}

/**
 * The predicate of a query's search and column filters over loaded rows: what the table
 * shows of a page or of Load all, and what an export of the platform's rows writes.
 */
export function rowPredicate<R>(
  columns: readonly Column<R>[],
  plans: readonly { column: Column<R>; plan: ColumnFilterPlan }[],
  search: string,
  zone: TimeZone,
  searchText: (row: R) => string = (row) => searchTextOf(columns, row, zone),
): ((row: R) => boolean) | null {
  const needle = search.trim().toLowerCase();
  if (needle === '' && plans.length === 0) return null;
  return (row) =>
    plans.every(({ column, plan }) => passesColumnFilter(column, plan, row, zone)) && (needle === '' || searchText(row).includes(needle));
}
