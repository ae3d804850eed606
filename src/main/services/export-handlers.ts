import { validateListQuery } from '../../shared/list-validation';
import type { ListOperation, ListParams } from '../../shared/lists';
import type { ExportFormat, StartExportRequest } from '../../shared/methods/export';
import { LIMITS, OPERATIONS } from '../../shared/platform';
import type { PageRequest } from '../../shared/requests';
import { fail, ok, type Result } from '../../shared/result';
import { parseTimeZone } from '../../shared/time-zone';
import { runExport } from '../export/export-job';
import { defaultExportName } from '../export/file-name';
import type { JobEnding, JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { DesktopPort, FileFilter } from './desktop';
import type { Handlers } from './dispatcher';

type ExportHandlers = Pick<Handlers, 'startExport' | 'showInFolder' | 'openExportedFile'>;

const FILTERS: Record<ExportFormat, FileFilter[]> = {
  xlsx: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
  csv: [{ name: 'CSV (comma-separated, UTF-8)', extensions: ['csv'] }],
};

/** Export from the screens: ask where, then stream the file in the background as a job of the app; `jobChanged` tells how it goes. */
export function createExportHandlers(deps: {
  clients: ClientPool;
  jobs: JobRegistry;
  log: Logger;
  desktop: DesktopPort;
  appVersion: string;
}): ExportHandlers {
  const { clients, jobs, log, desktop } = deps;
  /** Files this session wrote: "Show in folder" opens nothing else. */
  const written = new Set<string>();

  function checkRequest(request: StartExportRequest): Result<unknown> {
    const current = request.scope === 'page' ? (request.current ?? 1) : 1;
    const size = request.scope === 'page' ? (request.size ?? LIMITS.pageSizeMax) : LIMITS.pageSizeMax;
    return validateListQuery(request.operation, { current, size, params: request.params } as PageRequest<ListParams[ListOperation]>);
  }

  return {
    startExport: (request) =>
      withAccounts(async () => {
        const checked = checkRequest(request);
        if (!checked.ok) return checked;
        const { client, connection } = await clients.active();
        const zone = parseTimeZone(connection.timeZone) ?? parseTimeZone('UTC');
        if (zone === null) return fail('internal', 'The time zone could not be read.');
        const defaultName = defaultExportName({
          operation: request.operation,
          params: request.params,
          profileName: connection.profileName,
          format: request.format,
          zone,
          now: Date.now(),
        });
        const path = await desktop.chooseSavePath({ defaultName, filters: FILTERS[request.format] });
        if (path === null) return ok({ job: null });

        const job = jobs.startShown({
          kind: 'export',
          title: OPERATIONS[request.operation].title,
          operation: request.operation,
          path,
          cancellable: true,
        });
        const done = (ending: JobEnding): void => jobs.end(job.id, ending);
        void runExport({
          client,
          operation: request.operation,
          params: request.params,
          format: request.format,
          path,
          timeZone: zone.name,
          scope: request.scope,
          page: request.current,
          size: request.size,
          signal: job.signal,
          onProgress: (progress) => jobs.progress(job.id, progress),
          about: { profileName: connection.profileName, appVersion: deps.appVersion },
        })
          .then((result) => {
            if (result.ok) {
              written.add(path);
              log.info(`exported ${result.value.rows} ${request.operation} rows`);
              done({ state: 'completed', rows: result.value.rows, error: null, warnings: result.value.warnings });
            } else if (result.error.code === 'cancelled') {
              done({ state: 'cancelled', rows: 0, error: null, warnings: [] });
            } else {
              log.warn(`export of ${request.operation} failed`, result.error.code);
              done({ state: 'failed', rows: 0, error: result.error, warnings: [] });
            }
          })
          .catch((error: unknown) => {
            log.error('export crashed', error);
            done({
              state: 'failed',
              rows: 0,
              error: { code: 'internal', message: 'The export stopped because of an internal error. The details are in the log file.' },
              warnings: [],
            });
          })
          .finally(() => jobs.finish(job.id));
        return ok({ job: jobs.list().find((shown) => shown.jobId === job.id) ?? null });
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
  };
}
