/**
 * The app's Export to Parquet: every row a list query selects, with every column typed,
 * written by the archive's engine (from the archive, or from the platform through a
 * scratch archive). The query's search, column filters and sort select and order the rows
 * as on screen; a page and a choice of columns belong to the sheet formats.
 */
import type { PlatformClient } from '../api';
import { parquetFromArchive, parquetFromPlatform } from '../archive/archive-export';
import type { ArchiveQuery, ArchiveStore } from '../archive/archive-store';
import { listArchiveQuery } from '../archive/list-archive-query';
import { archiveTableFor } from '../archive/tables';
import type { FetchProgress } from '../jobs/fetch-all';
import { type CheckedQuery, listOf, type ListOperation, type ListParams, type ListRecords } from '../../shared/operations';
import { fail, ok, type Result } from '../../shared/result';
import { m } from '../../shared/i18n';
import type { TimeZone } from '../../shared/time-zone';
import type { Reservation } from './reservation';
import type { ShownRequest } from './shown-rows';

/** A Parquet export checked before the save dialog: the archive query of its rows and where they are read. */
export interface ParquetPlan {
  query: ArchiveQuery;
  /** The archive to read; null: the platform's rows, fetched afresh. */
  store: ArchiveStore | null;
}

export async function planParquet(request: ShownRequest, zone: TimeZone, archive: () => Promise<ArchiveStore | null>): Promise<Result<ParquetPlan>> {
  if (request.scope === 'page') {
    return fail('validation', m.export_parquet_all_rows());
  }
  if (request.columns !== undefined) {
    return fail('validation', m.export_parquet_all_columns());
  }
  const source = request.source ?? 'platform';
  if (source === 'platform' && ((request.equals ?? []).length > 0 || request.hourOfDay !== undefined || request.via !== undefined)) {
    return fail('validation', m.export_overview_filters_archive_only());
  }
  const asked = listArchiveQuery(request, zone);
  if (!asked.ok) return asked;
  if (source === 'platform') return ok({ query: asked.value.query, store: null });
  const store = await archive();
  if (!store) {
    return fail('archive-unavailable', m.export_archive_unreadable());
  }
  return ok({ query: asked.value.query, store });
}

export function writeParquet<O extends ListOperation>(
  operation: O,
  plan: ParquetPlan,
  options: {
    client: PlatformClient;
    /** The platform query (checked once), for a plan that fetches. */
    fetch: CheckedQuery<ListParams[O], ListRecords[O]>;
    reservation: Reservation;
    signal: AbortSignal;
    concurrency?: number;
    onProgress?: (progress: FetchProgress) => void;
  },
): Promise<Result<{ rows: number }>> {
  const table = archiveTableFor(operation);
  const { path, partial } = options.reservation;
  if (plan.store) return parquetFromArchive(plan.store, table, plan.query, path, partial, options.signal);
  return parquetFromPlatform(options.client, listOf(operation), table, options.fetch, path, {
    signal: options.signal,
    concurrency: options.concurrency,
    onProgress: options.onProgress,
    narrow: plan.query,
    partial,
  });
}
