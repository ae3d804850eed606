/**
 * `export`'s --search, --filter, --sort and --columns: the same narrowing, order and columns
 * a list screen's table applies, read from the command line. They become the list query
 * the app's Export takes (export/shown-rows.ts), so the command writes what the screen would.
 */
import type { ColumnFilterText, ListSort } from '../../shared/list-query';
import type { SomeList } from '../../shared/operations';
import { echoInput } from '../../shared/echo';
import { m } from '../../shared/i18n';
import { filterTextFlaw } from '../../shared/validation';
import { UsageError } from './command';

export const SHOWN_OPTIONS = {
  search: { type: 'string' },
  filter: { type: 'string', multiple: true },
  sort: { type: 'string' },
  columns: { type: 'string' },
} as const;

export function shownUsage(): string[] {
  return [
    `  --search TEXT       ${m.cli_shown_option_search()}`,
    `  --filter KEY=TEXT   ${m.cli_shown_option_filter()}`,
    `  --sort KEY[:desc]   ${m.cli_shown_option_sort()}`,
    `  --columns K1,K2,…   ${m.cli_shown_option_columns()}`,
  ];
}

/** What the options ask for, checked against the list's columns. */
export interface ShownChoice {
  search?: string;
  contains?: ColumnFilterText[];
  sort?: ListSort;
  columns?: string[];
}

interface ShownValues {
  search?: string;
  filter?: string[];
  sort?: string;
  columns?: string;
}

function columnKey(list: SomeList, key: string, option: string): string {
  if (list.columns.some((column) => column.key === key)) return key;
  const keys = list.columns.map((column) => column.key).join(m.cli_list_separator());
  throw new UsageError(m.cli_shown_no_column({ option, list: list.slug, key: echoInput(key), keys }));
}

/** The text of a search or a column filter, bounded as a list screen's filter text is; `option` names it. */
function filterText(text: string, option: string): string {
  const flaw = filterTextFlaw(text);
  if (flaw !== null) throw new UsageError(m.cli_shown_text_refused({ option, problem: flaw }));
  return text;
}

export function shownChoice(list: SomeList, values: ShownValues): ShownChoice {
  const choice: ShownChoice = {};
  if (values.search !== undefined && values.search.trim() !== '') choice.search = filterText(values.search.trim(), '--search');
  const filters = (values.filter ?? []).map((entry) => {
    const equals = entry.indexOf('=');
    if (equals <= 0) throw new UsageError(m.cli_shown_filter_form({ value: entry }));
    const text = entry.slice(equals + 1).trim();
    if (text === '') throw new UsageError(m.cli_shown_filter_empty({ value: entry }));
    const field = columnKey(list, entry.slice(0, equals).trim(), '--filter');
    return { field, text: filterText(text, `--filter ${field}`) };
  });
  if (filters.length > 0) choice.contains = filters;
  if (values.sort !== undefined) {
    const [key = '', direction = 'asc', ...rest] = values.sort.split(':');
    if (rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
      throw new UsageError(m.cli_shown_sort_form({ value: values.sort }));
    }
    choice.sort = { field: columnKey(list, key.trim(), '--sort'), descending: direction === 'desc' };
  }
  if (values.columns !== undefined) {
    const keys = values.columns
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '');
    if (keys.length === 0) throw new UsageError(m.cli_shown_columns_empty());
    const seen = new Set<string>();
    for (const key of keys) {
      columnKey(list, key, '--columns');
      if (seen.has(key)) throw new UsageError(m.cli_shown_columns_twice({ key }));
      seen.add(key);
    }
    choice.columns = keys;
  }
  return choice;
}

/** Whether the choice narrows, orders or picks anything (a plain export otherwise). */
export function choosesAnything(choice: ShownChoice): boolean {
  return Object.keys(choice).length > 0;
}
