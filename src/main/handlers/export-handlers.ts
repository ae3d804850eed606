import { sortRows } from '../../shared/cell-text';
import { planColumnFilters, rowPredicate } from '../../shared/column-filter';
import type { Column } from '../../shared/columns';
import type { ExportFormat, StartExportRequest } from '../../shared/methods/export';
import {
  checkPageQuery,
  type ListDrafts,
  listOf,
  type ListOperation,
  type ListParams,
  type ListRecords,
  type ListRows,
} from '../../shared/operations';
import { LIMITS } from '../../shared/platform';
import { fail, ok, type Result } from '../../shared/result';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';
import { basename, dirname } from 'node:path';
import { type ExportJobOptions, type ExportOutcome, type ExportSelection, runExport } from '../export/export-job';
import { defaultExportName } from '../export/file-name';
import { PathBusyError, reserveFreePath, reservePath, type Reservation } from '../export/reservation';
import { checkFetchAll } from '../jobs/fetch-all';
import type { JobRegistry } from '../jobs/job-registry';
import { completed, runJob, stopped } from '../jobs/run-job';
import type { Logger } from '../log';
import { archivePageRows, archiveRows } from '../archive/archive-export';
import type { ArchiveStore } from '../archive/archive-store';
import type { Archives } from '../archive/archives';
import { listArchiveQuery } from '../archive/list-archive-query';
import { queryInWords } from '../export/query-words';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { DesktopPort, FileFilter } from '../desktop-port';
import type { Handlers } from './dispatcher';

type ExportHandlers = Pick<Handlers, 'startExport' | 'showInFolder' | 'openExportedFile' | 'downloadExport'>;

const FILTERS: Record<ExportFormat, FileFilter[]> = {
  xlsx: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
  csv: [{ name: 'CSV (comma-separated, UTF-8)', extensions: ['csv'] }],
};

/** runExport for one of the registry's lists, typed per operation. */
function exportList<O extends ListOperation>(
  operation: O,
  options: Omit<ExportJobOptions<ListParams[O], ListRecords[O], ListRows[O], ListDrafts[O]>, 'list'>,
): Promise<Result<ExportOutcome>> {
  return runExport({ ...options, list: listOf(operation) });
}

/**
 * The request enters main here: the operation's parser checks it once, before the save
 * dialog opens (a wrong filter never costs the user a file name). The export sends what
 * it returns without checking again.
 */
function selectionOf<O extends ListOperation>(
  operation: O,
  request: StartExportRequest,
  now: Date,
): Result<ExportSelection<ListParams[O], ListRecords[O]>> {
  const list = listOf(operation);
  if (request.scope === 'all' || request.source === 'archive') {
    const query = checkFetchAll(list, request.params, { now });
    return query.ok ? ok({ scope: 'all', query: query.value }) : query;
  }
  const page = checkPageQuery(
    list,
    { current: request.current ?? 1, size: request.size ?? LIMITS.pageSizeMax, params: request.params },
    { now },
  );
  return page.ok ? ok({ scope: 'page', request: page.value }) : page;
}

/** What of the query the file holds, and how, beyond the rows' selection: see ExportJobOptions. */
type ShownRows<O extends ListOperation> = Pick<
  ExportJobOptions<ListParams[O], ListRecords[O], ListRows[O], ListDrafts[O]>,
  'rows' | 'columns' | 'keep' | 'arrangePage' | 'words'
>;

/** The table's columns in its order (a key the list does not have is refused, naming it); all without a choice. */
function columnsOf<O extends ListOperation>(operation: O, keys: readonly string[] | undefined): Result<readonly Column<ListRows[O]>[]> {
  const { columns } = listOf(operation);
  if (keys === undefined) return ok(columns);
  const chosen: Column<ListRows[O]>[] = [];
  for (const key of keys) {
    const column = columns.find((candidate) => candidate.key === key);
    if (!column) return fail('validation', `${listOf(operation).endpoint.title} has no column "${key}" to export: choose the columns again.`);
    chosen.push(column);
  }
  if (chosen.length === 0) return fail('validation', 'Choose at least one column to export, or export all columns.');
  return ok(chosen);
}

/**
 * The rows the table shows, as the export takes them: from the archive, the query's own
 * SQL (its page, or every row) in the table's order; from the platform, every fetched row
 * tested by the table's search and column filters, a page also in the table's order.
 */
async function shownRows<O extends ListOperation>(
  operation: O,
  request: StartExportRequest,
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
      return fail('archive-unavailable', 'The archive on this computer cannot be read now (see the notice), so there is nothing to export from it.');
    }
    const query = listArchiveQuery(request, zone);
    if (!query.ok) return query;
    const read =
      rows.scope === 'page'
        ? archivePageRows(store, operation, query.value.query, { offset: (rows.current - 1) * rows.size, limit: rows.size })
        : archiveRows(store, operation, query.value.query);
    return ok({ rows: read, columns: columns.value, words });
  }
  if ((request.equals ?? []).length > 0 || request.hourOfDay !== undefined) {
    return fail('validation', "An Overview bucket's filters apply to the archive only: export from the archive, or remove them first.");
  }
  const planned = planColumnFilters(list.columns, request.contains ?? []);
  if (!planned.ok) return { ok: false, error: { code: 'validation', message: planned.message, fields: { [planned.field]: planned.message } } };
  const keep = rowPredicate(list.columns, planned.plans, request.search ?? '', zone);
  const sort = request.sort ? { key: request.sort.field, descending: request.sort.descending } : null;
  return ok({ columns: columns.value, keep, arrangePage: (page) => sortRows(page, list.columns, sort), words });
}

/** Export from the screens: ask where, then stream the file in the background as a job of the app; `jobChanged` tells how it goes. */
export function createExportHandlers(deps: {
  clients: Pick<ClientPool, 'active'>;
  archives: Archives;
  jobs: JobRegistry;
  log: Logger;
  desktop: DesktopPort;
  appVersion: string;
}): ExportHandlers {
  const { clients, jobs, log, desktop } = deps;
  /** Files this session wrote: "Show in folder" opens nothing else. */
  const written = new Set<string>();

  /** The user's chosen path, or (browser mode) the first free name from the suggestion, claimed at once. */
  function claim(path: string): Result<Reservation> {
    try {
      return ok(desktop.host === 'browser' ? reserveFreePath(dirname(path), basename(path)) : reservePath(path));
    } catch (error) {
      if (error instanceof PathBusyError) return fail('file-busy', error.message, path);
      const reason = error instanceof Error ? error.message : String(error);
      return fail('file-error', 'The file could not be created. Check the folder and the free space, then try again.', `${reason} (${path})`);
    }
  }

  return {
    startExport: (request) =>
      withAccounts(async () => {
        const { client, connection } = await clients.active();
        const selection = selectionOf(request.operation, request, client.now());
        if (!selection.ok) return selection;
        const zone = parseTimeZone(connection.timeZone) ?? parseTimeZone('UTC');
        if (zone === null) return fail('internal', 'The time zone could not be read.');
        const shown = await shownRows(request.operation, request, zone, () => deps.archives.store(connection.profileId));
        if (!shown.ok) return shown;
        const defaultName = defaultExportName({
          operation: request.operation,
          params: request.params,
          profileName: connection.profileName,
          format: request.format,
          zone,
          now: Date.now(),
        });
        const chosen = await desktop.chooseSavePath({ defaultName, filters: FILTERS[request.format] });
        if (chosen === null) return ok({ job: null });
        const claimed = claim(chosen);
        if (!claimed.ok) return claimed;
        const { path } = claimed.value;

        const job = jobs.start({
          kind: 'export',
          title: listOf(request.operation).endpoint.title,
          profileId: connection.profileId,
          operation: request.operation,
          path,
          cancellable: true,
        });
        void runJob(job, 'export', log, async () => {
          const result = await exportList(request.operation, {
            client,
            selection: selection.value,
            format: request.format,
            path,
            reservation: claimed.value,
            timeZone: zone.name,
            ...shown.value,
            signal: job.signal,
            onProgress: (progress) => job.progress(progress),
            about: { profileName: connection.profileName, appVersion: deps.appVersion },
          });
          if (!result.ok) {
            if (result.error.code !== 'cancelled') log.warn(`export of ${request.operation} failed`, result.error.code);
            return stopped(result.error, job);
          }
          written.add(path);
          log.info(`exported ${result.value.rows} ${request.operation} rows`);
          return completed(result.value.rows, result.value.warnings);
        });
        return ok({ job: job.started });
      }),

    showInFolder: async ({ path }) => {
      if (!written.has(path)) return fail('not-found', 'Only files exported in this session can be shown.');
      await desktop.showInFolder(path);
      return ok(null);
    },

    openExportedFile: async ({ path }) => {
      if (!written.has(path)) return fail('not-found', 'Only files exported in this session can be opened.');
      const problem = await desktop.openPath(path);
      return problem === null ? ok(null) : fail('open-failed', 'The file could not be opened. Use Show in folder and open it from there.', problem);
    },

    downloadExport: async ({ path }) => {
      if (!written.has(path)) return fail('not-found', 'Only files exported in this session can be downloaded.');
      const url = desktop.offerDownload(path);
      if (url === null) return fail('unsupported', 'The file is saved on this computer already: use Show in folder.');
      return ok({ url });
    },
  };
}
