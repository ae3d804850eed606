/**
 * A list query said in words for the About sheet: where the rows came from, the window,
 * the filters with their labels, the Overview's filters, the column filters, the search,
 * the order, which rows and which columns. A reader of the file can tell what it holds
 * without the screen it came from.
 */
import type { Column } from '../../shared/columns';
import { codeDisplay, formatInstant } from '../../shared/cell-text';
import type { ListFiltersOf, ListSource } from '../../shared/list-query';
import type { ListDescriptor, ListOperation } from '../../shared/operations';
import { drillFilterWords } from '../../shared/reports/drill-words';
import { parseIsoInstant, type TimeZone } from '../../shared/time-zone';
import type { AboutRow } from './table-writer';
import { formatNumber, m } from '../../shared/i18n';

/** Which rows of the query the file holds. */
export type ExportedRows = { scope: 'all' } | { scope: 'page'; current: number; size: number };

export interface QueryInWords<P extends object, Row> {
  list: ListDescriptor<P, unknown, Row, unknown>;
  query: Omit<ListFiltersOf<ListOperation>, 'operation' | 'params'> & { params: object };
  source: ListSource;
  rows: ExportedRows;
  /** The columns written, in order. */
  columns: readonly Column<Row>[];
  zone: TimeZone;
}

const WINDOW_KEYS = new Set(['strTime', 'endTime']);

function headerOf<Row>(list: { columns: readonly Column<Row>[] }, key: string): string {
  return list.columns.find((column) => column.key === key)?.header() ?? key;
}

/** A value as the table would show it in its column: a code with its label. */
function valueText<Row>(list: { columns: readonly Column<Row>[] }, key: string, value: unknown): string {
  const column = list.columns.find((candidate) => candidate.key === key);
  const one = (item: unknown): string => {
    if (column?.kind === 'code' && (typeof item === 'number' || typeof item === 'string')) return codeDisplay(column.label(item), item);
    return String(item);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

function windowText(params: object, zone: TimeZone): string | null {
  const values = params as Record<string, unknown>;
  const from = parseIsoInstant(String(values.strTime ?? ''));
  const to = parseIsoInstant(String(values.endTime ?? ''));
  if (from === null || to === null) return null;
  return m.export_words_window({ from: formatInstant(from, zone), to: formatInstant(to, zone), zone: zone.name });
}

function filtersText<Row>(list: { columns: readonly Column<Row>[] }, params: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (WINDOW_KEYS.has(key) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    parts.push(`${headerOf(list, key)}: ${valueText(list, key, value)}`);
  }
  return parts.length > 0 ? parts.join(m.export_words_separator()) : m.export_words_none();
}

function sortText<Row>(input: QueryInWords<object, Row>): string {
  const { list, query, source, rows } = input;
  if (query.sort) {
    const header = headerOf(list, query.sort.field);
    const order = query.sort.descending ? m.export_words_descending({ header }) : m.export_words_ascending({ header });
    if (source === 'platform' && rows.scope === 'all') return m.export_words_platform_order_sorted({ order });
    return order;
  }
  const time = list.rowTime;
  if (source === 'archive' && time) return m.export_words_platform_order_newest({ header: headerOf(list, time.key) });
  return m.export_words_platform_order();
}

export function queryInWords<Row>(input: QueryInWords<object, Row>): AboutRow[] {
  const { list, query, source, rows, columns, zone } = input;
  const window = list.window ? windowText(query.params, zone) : null;
  const contains = (query.contains ?? []).filter((filter) => filter.text.trim() !== '');
  const search = (query.search ?? '').trim();
  // Said as the list screen's chips said them.
  const overview = drillFilterWords(query, list.columns).map(({ text }) => text);
  const everyColumn = columns.length === list.columns.length && columns.every((column, index) => column.key === list.columns[index]?.key);
  return [
    { label: m.export_words_source(), value: source === 'archive' ? m.export_words_source_archive() : m.export_words_source_platform() },
    ...(window ? [{ label: m.export_words_window_label(), value: window }] : []),
    { label: m.export_about_filters(), value: filtersText(list, query.params) },
    ...(overview.length > 0 ? [{ label: m.export_words_overview_filters(), value: overview.join(m.export_words_separator()) }] : []),
    {
      label: m.export_words_column_filters(),
      value:
        contains.length > 0
          ? contains.map(({ field, text }) => `${headerOf(list, field)}: ${text.trim()}`).join(m.export_words_separator())
          : m.export_words_none(),
    },
    { label: m.export_words_search(), value: search === '' ? m.export_words_none() : m.export_words_search_anywhere({ search }) },
    { label: m.export_words_order(), value: sortText(input) },
    {
      label: m.export_words_which_rows(),
      value:
        rows.scope === 'all'
          ? m.export_words_rows_all()
          : m.export_words_rows_page({ current: formatNumber(rows.current), size: String(rows.size) }),
    },
    {
      label: m.export_words_columns(),
      value: everyColumn
        ? m.export_words_columns_all({ count: formatNumber(columns.length) })
        : m.export_words_columns_table({ count: formatNumber(columns.length), names: columns.map((column) => column.header()).join(', ') }),
    },
  ];
}
