/**
 * `export`'s --search, --filter, --sort and --columns: the same narrowing, order and columns
 * a list screen's table applies, read from the command line. They become the list query
 * the app's Export takes (export/shown-rows.ts), so the command writes what the screen would.
 */
import type { ColumnFilterText, ListSort } from '../../shared/list-query';
import type { SomeList } from '../../shared/operations';
import { UsageError } from './command';

export const SHOWN_OPTIONS = {
  search: { type: 'string' },
  filter: { type: 'string', multiple: true },
  sort: { type: 'string' },
  columns: { type: 'string' },
} as const;

export const SHOWN_USAGE = [
  '  --search TEXT       only rows with TEXT in a cell as the app shows it (labels such as',
  '                      "connected", amounts with their currency, times in --time-zone) or in a raw value',
  '  --filter KEY=TEXT   a column filter, repeatable, as typed under a column header: text the cell',
  '                      contains, a label, or a number test on a number column (1, >= 30, 10-60)',
  '  --sort KEY[:desc]   the order of the rows (needs --from-archive: the platform sends its own order)',
  '  --columns K1,K2,…   the columns written, in this order (default: every column of the list)',
];

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
  const keys = list.columns.map((column) => column.key).join(', ');
  throw new UsageError(`${option}: ${list.slug} has no column "${key}"; its columns are ${keys}.`);
}

export function shownChoice(list: SomeList, values: ShownValues): ShownChoice {
  const choice: ShownChoice = {};
  if (values.search !== undefined && values.search.trim() !== '') choice.search = values.search.trim();
  const filters = (values.filter ?? []).map((entry) => {
    const equals = entry.indexOf('=');
    if (equals <= 0) throw new UsageError(`--filter takes KEY=TEXT, e.g. --filter callStatus=connected, not "${entry}".`);
    const text = entry.slice(equals + 1).trim();
    if (text === '') throw new UsageError(`--filter ${entry} has no text after "=": give what the column should contain.`);
    return { field: columnKey(list, entry.slice(0, equals).trim(), '--filter'), text };
  });
  if (filters.length > 0) choice.contains = filters;
  if (values.sort !== undefined) {
    const [key = '', direction = 'asc', ...rest] = values.sort.split(':');
    if (rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
      throw new UsageError(`--sort takes KEY, KEY:asc or KEY:desc, not "${values.sort}".`);
    }
    choice.sort = { field: columnKey(list, key.trim(), '--sort'), descending: direction === 'desc' };
  }
  if (values.columns !== undefined) {
    const keys = values.columns
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '');
    if (keys.length === 0) throw new UsageError('--columns needs at least one column key, e.g. --columns callee,callStatus.');
    const seen = new Set<string>();
    for (const key of keys) {
      columnKey(list, key, '--columns');
      if (seen.has(key)) throw new UsageError(`--columns names "${key}" twice.`);
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
