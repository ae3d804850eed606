/**
 * What a list screen's table shows, as one value: where the rows come from, the filter
 * form as last applied, the sort, the search, the column filters and an Overview bucket's
 * filters. The pager and the count ask for pages of it, the export writes it, and the
 * About sheet says it in words, so the file is what the screen showed.
 */
import { m } from './i18n';
import { LIST_OPERATIONS, type ListOperation, type ListParams } from './operations';
import * as p from './parse';
import { seatGroupNamedShape, type SeatGroupNamed } from './platform';
import { viaFilterShape, type ViaFilter } from './reports/via';

export const LIST_SOURCES = ['platform', 'archive'] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

export interface ListSort {
  field: string;
  descending: boolean;
}

/** A column filter as typed under its header. */
export interface ColumnFilterText {
  field: string;
  text: string;
}

/** A field equal to a value (an Overview bucket's rows); null matches a missing value. */
export interface EqualsFilter {
  field: string;
  value: string | number | null;
}

/** The rows of a list a query selects and their order, wherever they are read. */
export interface ListFiltersOf<O extends ListOperation> {
  operation: O;
  /** The filter form as applied (what the platform is asked for). */
  params: ListParams[O];
  /** Absent: the platform's own order. */
  sort?: ListSort;
  /** Text anywhere in the row as it is shown (labels, currencies, times in the profile's zone) or in its raw values. */
  search?: string;
  /** Column filters: text the shown cell contains, a label, or a number test (`>= 30`) on a number column. */
  contains?: ColumnFilterText[];
  equals?: EqualsFilter[];
  /** Only rows in this hour of the day (0-23) in the profile's time zone, within the window. */
  hourOfDay?: number;
  /** Only the rows of one seat or team leader (an Overview row), found through other archived lists. */
  via?: ViaFilter;
  /** The equals are this seat group's (an Overview row's): they are said as the group, on the screen and in the file. Never read as a filter. */
  seatGroup?: SeatGroupNamed;
}

export type ListFilters = { [O in ListOperation]: ListFiltersOf<O> }[ListOperation];

export interface ListQueryOf<O extends ListOperation> extends ListFiltersOf<O> {
  source: ListSource;
}
export type ListQuery = { [O in ListOperation]: ListQueryOf<O> }[ListOperation];

const equalsValue: p.Parser<string | number | null> = (input, path = '') => {
  if (input === null || typeof input === 'string' || (typeof input === 'number' && Number.isFinite(input))) return input;
  throw new p.RequestShapeError(path, m.errors_shape_equals_value());
};

const hourOfDay: p.Parser<number> = (input, path = '') => {
  const hour = p.integer(input, path);
  if (hour < 0 || hour > 23) throw new p.RequestShapeError(path, m.errors_shape_hour_of_day());
  return hour;
};

/** The bridge's parsers of a query's parts (the params are checked by the operation's own parser in main). */
export const listFiltersShape = {
  operation: p.oneOf(LIST_OPERATIONS),
  params: p.plainObject,
  sort: p.optional(p.object({ field: p.string, descending: p.boolean })),
  search: p.optional(p.string),
  contains: p.optional(p.arrayOf(p.object({ field: p.string, text: p.string }))),
  equals: p.optional(p.arrayOf(p.object({ field: p.string, value: equalsValue }))),
  hourOfDay: p.optional(hourOfDay),
  via: p.optional(viaFilterShape),
  seatGroup: p.optional(seatGroupNamedShape),
};

/** A query's rows and order without where they are read from (what an archive page request takes). */
export function filtersOf<O extends ListOperation>(query: ListQueryOf<O>): ListFiltersOf<O> {
  const filters: ListFiltersOf<O> & { source?: ListSource } = { ...query };
  delete filters.source;
  return filters;
}

/** Column filters with text in them, trimmed. */
export function typedFilters(filters: Readonly<Record<string, string>>): ColumnFilterText[] {
  return Object.entries(filters)
    .map(([field, text]) => ({ field, text: text.trim() }))
    .filter(({ text }) => text !== '');
}

/** Whether a query narrows the rows beyond what the platform is asked for. */
export function narrowsRows(query: Pick<ListFiltersOf<ListOperation>, 'search' | 'contains'>): boolean {
  return (query.search ?? '').trim() !== '' || (query.contains ?? []).some((filter) => filter.text.trim() !== '');
}

/** The same query (the order of keys aside): a form differs from what the table shows when this is false. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner)
            .filter(([, entry]) => entry !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}
