/**
 * How fetch-all pages through a list operation: the checked request for a page of a
 * window, and the row's id (duplicate detection) and time (whether the platform lists
 * newest first), all read from the operation's descriptor.
 */
import type { CallOptions, PlatformClient } from '../api';
import { type CheckedQuery, type ListDescriptor, requestsOf } from '../../shared/operations';
import type { Page } from '../../shared/records';
import type { Result } from '../../shared/result';

export interface PageSource<Row> {
  /** Windows of the period, oldest first (one unless a record period was split). */
  windowCount: number;
  /** Rows per request. */
  pageSize: number;
  fetchPage(window: number, current: number, options: CallOptions): Promise<Result<Page<Row>>>;
  /** A unique id, or null when the rows have none. */
  idOf(row: Row): string | null;
  /** The time the platform sorts by, when it has one. */
  timeOf(row: Row): number | null;
}

/** Rows as they may leave main (the descriptor's row mapper drops passwords); the query was checked by the caller. */
export function pageSourceFor<P extends object, R, Row, D>(
  client: PlatformClient,
  list: ListDescriptor<P, R, Row, D>,
  query: CheckedQuery<P, R>,
): PageSource<Row> {
  const windows = requestsOf(list, query);
  return {
    windowCount: windows.length,
    pageSize: query.pageSize,
    async fetchPage(window, current, options) {
      const page = await client.page(list, windows[window](current), options);
      return page.ok ? { ok: true, value: { ...page.value, records: page.value.records.map((record) => list.toRow(record)) } } : page;
    },
    idOf: (row) => list.rowId(row),
    timeOf: (row) => list.rowTime?.of(row) ?? null,
  };
}
