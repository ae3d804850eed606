/**
 * The rows and columns a list query shows, as an export writes them: the app's Export and
 * the CLI's `export` both take them from here, so a file holds what the table (or the
 * command's --search, --filter, --sort and --columns) selected, in that order.
 */
import { sortRows } from '../../shared/cell-text';
import { planColumnFilters, rowPredicate } from '../../shared/column-filter';
import type { ListFiltersOf, ListSource } from '../../shared/list-query';
import type { ExportScope } from '../../shared/methods/export';
import { type ListDrafts, listOf, type ListOperation, type ListParams, type ListRecords, type ListRows } from '../../shared/operations';
import { LIMITS } from '../../shared/platform';
import { m } from '../../shared/i18n';
import { fail, ok, type Result } from '../../shared/result';
import type { TimeZone } from '../../shared/time-zone';
import { archivePageRows, archiveRows } from '../archive/archive-export';
import type { ArchiveStore } from '../archive/archive-store';
import { listArchiveQuery } from '../archive/list-archive-query';
import type { ExportJobOptions } from './export-job';
import { columnsOf } from './export-columns';
import { queryInWords } from './query-words';

/** A list query with the rows and columns to write: a page of it or every row. */
export type ShownRequest = {
  [O in ListOperation]: ListFiltersOf<O> & {
    /** Default: the platform. */
    source?: ListSource;
    scope: ExportScope;
    current?: number;
    size?: number;
    /** Column keys in the table's order; absent: every column of the list. */
    columns?: readonly string[];
  };
}[ListOperation];

/** What of the query the file holds, and how, beyond the rows' selection: see ExportJobOptions. */
export type ShownRows<O extends ListOperation> = Pick<
  ExportJobOptions<ListParams[O], ListRecords[O], ListRows[O], ListDrafts[O]>,
  'rows' | 'archive' | 'columns' | 'keep' | 'arrangePage' | 'words'
>;

/**
 * The rows the table shows, as the export takes them: from the archive, the query's own
 * SQL (its page, or every row) in the table's order; from the platform, every fetched row
 * tested by the table's search and column filters, a page also in the table's order.
 */
export async function shownRows<O extends ListOperation>(
  operation: O,
  request: ShownRequest,
  zone: TimeZone,
  archive: () => Promise<ArchiveStore | null>,
): Promise<Result<ShownRows<O>>> {
  const list = listOf(operation);
  const columns = columnsOf(operation, request.columns);
  if (!columns.ok) return columns;
  const source = request.source ?? 'platform';
  const rows = request.scope === 'page' ? { scope: 'page' as const, current: request.current ?? 1, size: request.size ?? LIMITS.pageSizeMax } : { scope: 'all' as const };
  const words = queryInWords({ list, query: request, source, rows, columns: columns.value, zone });
  if (source === 'archive') {
    const store = await archive();
    if (!store) {
      return fail('archive-unavailable', m.export_archive_unreadable());
    }
    const query = listArchiveQuery(request, zone);
    if (!query.ok) return query;
    const read =
      rows.scope === 'page'
        ? { rows: archivePageRows(store, operation, query.value.query, { offset: (rows.current - 1) * rows.size, limit: rows.size }) }
        : { archive: archiveRows(store, operation, query.value.query) };
    return ok({ ...read, columns: columns.value, words });
  }
  if ((request.equals ?? []).length > 0 || request.hourOfDay !== undefined || request.via !== undefined) {
    return fail('validation', m.export_overview_filters_archive_only());
  }
  const planned = planColumnFilters(list.columns, request.contains ?? []);
  if (!planned.ok) return { ok: false, error: { code: 'validation', message: planned.message, fields: { [planned.field]: planned.message } } };
  const keep = rowPredicate(list.columns, planned.plans, request.search ?? '', zone);
  const sort = request.sort ? { key: request.sort.field, descending: request.sort.descending } : null;
  return ok({ columns: columns.value, keep, arrangePage: (page) => sortRows(page, list.columns, sort), words });
}

