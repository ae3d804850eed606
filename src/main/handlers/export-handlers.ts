import type { ExportFileFormat, StartExportRequest } from '../../shared/methods/export';
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
import { m } from '../../shared/i18n';
import type { Said } from '../../shared/i18n/said';
import { shownZoneOf } from '../../shared/time-zone';
import { type ExportJobOptions, type ExportOutcome, type ExportSelection, runExport } from '../export/export-job';
import { defaultExportName } from '../export/file-name';
import { claimSavePath } from '../export/claim-save-path';
import type { Reservation } from '../export/reservation';
import { checkFetchAll } from '../jobs/fetch-all';
import type { JobHandle, JobRegistry } from '../jobs/job-registry';
import { completed, runJob, stopped } from '../jobs/run-job';
import type { Logger } from '../log';
import type { Archives } from '../archive/archives';
import { planParquet, writeParquet } from '../export/parquet-export';
import { shownRows } from '../export/shown-rows';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { DesktopPort, FileFilter } from '../desktop-port';
import type { Handlers } from './dispatcher';

type ExportHandlers = Pick<Handlers, 'startExport' | 'showInFolder' | 'openExportedFile' | 'downloadExport'>;

/** The save dialog's file type, named in the interface language when it opens. */
function filtersOf(format: ExportFileFormat): FileFilter[] {
  const name = { xlsx: m.export_filter_xlsx, csv: m.export_filter_csv, parquet: m.export_filter_parquet }[format]();
  return [{ name, extensions: [format] }];
}

/** The file a started export writes, once the path is claimed: its rows and what to warn about. */
type WriteFile = (reservation: Reservation, job: JobHandle) => Promise<Result<{ rows: number; warningsSaid: Said[] }>>;

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

/** Export from the screens: ask where, then stream the file in the background as a job of the app; `jobChanged` tells how it goes. */
export function createExportHandlers(deps: {
  clients: Pick<ClientPool, 'active'>;
  archives: Archives;
  jobs: JobRegistry;
  log: Logger;
  desktop: DesktopPort;
  appVersion: string;
  /** Files this session wrote (the Overview's workbook and charts too): "Show in folder" opens nothing else. */
  written?: Set<string>;
}): ExportHandlers {
  const { clients, jobs, log, desktop } = deps;
  const written = deps.written ?? new Set<string>();

  return {
    startExport: (request) =>
      withAccounts(async () => {
        const { client, connection } = await clients.active();
        const selection = selectionOf(request.operation, request, client.now());
        if (!selection.ok) return selection;
        const zone = shownZoneOf(connection.timeZone);
        const archive = () => deps.archives.store(connection.profileId);
        const about = { profileName: connection.profileName, appVersion: deps.appVersion };
        let write: WriteFile;
        if (request.format === 'parquet') {
          const plan = await planParquet(request, zone, archive);
          if (!plan.ok) return plan;
          const fetch = selection.value.scope === 'all' ? selection.value.query : null;
          if (fetch === null) return fail('validation', m.export_parquet_all_rows_short());
          write = async (reservation, job) => {
            const result = await writeParquet(request.operation, plan.value, { client, fetch, reservation, signal: job.signal, onProgress: (progress) => job.progress(progress) });
            return result.ok ? ok({ rows: result.value.rows, warningsSaid: [] }) : result;
          };
        } else {
          const shown = await shownRows(request.operation, request, zone, archive);
          if (!shown.ok) return shown;
          const format = request.format;
          write = (reservation, job) =>
            exportList(request.operation, {
              client,
              selection: selection.value,
              format,
              path: reservation.path,
              reservation,
              timeZone: zone.name,
              headers: request.headers ?? 'interface',
              ...shown.value,
              signal: job.signal,
              onProgress: (progress) => job.progress(progress),
              about,
            });
        }
        const defaultName = defaultExportName({
          operation: request.operation,
          params: request.params,
          profileName: connection.profileName,
          format: request.format,
          zone,
          now: Date.now(),
        });
        const chosen = await desktop.chooseSavePath({ defaultName, filters: filtersOf(request.format) });
        if (chosen === null) return ok({ job: null });
        const claimed = claimSavePath(desktop.host, chosen);
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
          const result = await write(claimed.value, job);
          if (!result.ok) {
            if (result.error.code !== 'cancelled') log.warn(`export of ${request.operation} failed`, result.error.code);
            return stopped(result.error, job);
          }
          written.add(path);
          log.info(`exported ${result.value.rows} ${request.operation} rows`);
          return completed(result.value.rows, result.value.warningsSaid);
        });
        return ok({ job: job.started });
      }),

    showInFolder: async ({ path }) => {
      if (!written.has(path)) return fail('not-found', m.export_only_session_shown());
      await desktop.showInFolder(path);
      return ok(null);
    },

    openExportedFile: async ({ path }) => {
      if (!written.has(path)) return fail('not-found', m.export_only_session_opened());
      const problem = await desktop.openPath(path);
      return problem === null ? ok(null) : fail('open-failed', m.export_open_failed(), problem);
    },

    downloadExport: async ({ path }) => {
      if (!written.has(path)) return fail('not-found', m.export_only_session_downloaded());
      const url = desktop.offerDownload(path);
      if (url === null) return fail('unsupported', m.export_saved_here_already());
      return ok({ url });
    },
  };
}
