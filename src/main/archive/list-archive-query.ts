/**
 * A list screen's query (shared/list-query.ts) as the archive query that selects exactly
 * the rows the table shows: the form's window or task, the Overview's filters (a seat or
 * team leader among them), the sort,
 * and the search and column filters as they match the shown text (shown-sql.ts). Checked
 * once here for the archive's pages and its exports alike; a refusal names what to change.
 */
import { planColumnFilters } from '../../shared/column-filter';
import type { Column } from '../../shared/columns';
import type { ListFilters } from '../../shared/list-query';
import { listOf } from '../../shared/operations';
import { viaNamed } from '../../shared/reports/via';
import { m } from '../../shared/i18n';
import { ok, type Result } from '../../shared/result';
import type { TimeZone } from '../../shared/time-zone';
import { archiveQueryFor } from './archive-export';
import type { ArchiveQuery } from './query-sql';
import { checkArchivePageAsks } from './page-request-limits';
import { columnFilterSql, isArchivedColumn, searchSql } from './shown-sql';
import { archiveTableFor } from './tables';

export interface ListArchiveQuery {
  /** The rows the table shows, in its order. */
  query: ArchiveQuery;
  /** The same rows before the search and the column filters ("0 of 1,234 match"); the same query when there are none. */
  unfiltered: ArchiveQuery;
}

function refuse(field: string, message: string): Result<never> {
  return { ok: false, error: { code: 'validation', message, fields: { [field]: message } } };
}

/** `zone`: the profile's, in which the table shows times and an hour of the day is read. */
export function listArchiveQuery(asked: ListFilters, zone: TimeZone): Result<ListArchiveQuery> {
  const { operation } = asked;
  const list = listOf(operation);
  // The SQL reads the columns' kinds and labels, never a row.
  const columns: readonly Column<never>[] = list.columns;
  const base = archiveQueryFor(operation, { ...asked.params });
  if (!base.ok) return base;
  const bounded = checkArchivePageAsks(operation, asked);
  if (!bounded.ok) return bounded;
  const { layout } = archiveTableFor(operation);
  const known = new Set([...layout.fields, ...(layout.derived ?? [])].map((field) => field.field));
  const header = (field: string): string => list.columns.find((column) => column.key === field)?.header() ?? field;
  const equals = asked.equals ?? [];
  const contains = asked.contains ?? [];
  // A column the list does not have is refused at the part of the request that names it, as a name too long is.
  const unknown = [
    ...(asked.sort ? [{ part: 'sort', field: asked.sort.field }] : []),
    ...equals.map(({ field }) => ({ part: 'equals', field })),
  ].find(({ field }) => !known.has(field));
  if (unknown !== undefined) return refuse(unknown.part, m.cli_archive_no_column({ key: unknown.field, list: list.endpoint.title() }));
  const unfilterable = contains.find(
    ({ field, text }) => text.trim() !== '' && (!isArchivedColumn(layout, field) || !columns.some((column) => column.key === field)),
  );
  if (unfilterable) {
    const shown = columns.some((column) => column.key === unfilterable.field);
    return shown
      ? refuse(unfilterable.field, m.cli_archive_not_filterable({ column: header(unfilterable.field) }))
      : refuse('contains', m.cli_archive_no_column({ key: unfilterable.field, list: list.endpoint.title() }));
  }
  const planned = planColumnFilters(columns, contains);
  if (!planned.ok) return refuse(planned.field, planned.message);
  let hourOfDay: ArchiveQuery['hourOfDay'];
  if (asked.hourOfDay !== undefined) {
    if (!base.value.window) return refuse('hourOfDay', m.cli_archive_hour_needs_window());
    hourOfDay = { hour: asked.hourOfDay, zone };
  }
  const span = base.value.window;
  const shown = [
    ...planned.plans.map(({ column, plan }) => columnFilterSql(layout, column, plan, zone, span)),
    ...[searchSql(layout, columns, asked.search ?? '', zone, span)].filter((condition) => condition !== null),
  ];
  const via = asked.via ? { via: viaNamed(asked.via.name), value: asked.via.value } : undefined;
  const unfiltered: ArchiveQuery = { ...base.value, equals, ...(hourOfDay ? { hourOfDay } : {}), ...(via ? { via } : {}), ...(asked.sort ? { sort: asked.sort } : {}) };
  return ok({ query: shown.length > 0 ? { ...unfiltered, shown } : unfiltered, unfiltered });
}
