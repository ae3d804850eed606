/**
 * The archive over IPC: a Sync job in the jobs area, archived pages for the list screens,
 * and the housekeeping Accounts shows (size, counts, last sync, retention, on/off, delete).
 */
import { existsSync } from 'node:fs';
import type { Accounts } from '../accounts/accounts';
import { createClient } from '../api';
import { archiveQueryFor } from '../archive/archive-export';
import type { QueryFilter } from '../archive/archive-store';
import type { Archives } from '../archive/archives';
import { SYNCED_LISTS, syncList, syncPlanOf, TASK_ID_NEEDED } from '../archive/sync-plan';
import { archiveTableFor } from '../archive/tables';
import type { JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import type { ArchivePage, ArchiveStatus } from '../../shared/methods/archive';
import type { JobInfo } from '../../shared/methods/jobs';
import { isListOperation, listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { fail, ok, type Result } from '../../shared/result';
import { withAccounts } from './accounts-handlers';
import type { Handlers } from './dispatcher';

type ArchiveHandlers = Pick<Handlers, 'startSync' | 'archivePage' | 'archiveStatus' | 'setArchiveSettings' | 'deleteArchive'>;

const ARCHIVE_PAGE_MAX = 1000;

/**
 * A column filter as the archive applies it: text a text column contains; a number
 * column (codes, counts, durations in seconds) equal to the number typed.
 */
function columnFilters(operation: ListOperation, contains: readonly { field: string; text: string }[]): Result<QueryFilter[]> {
  const layout = archiveTableFor(operation).layout;
  const filters: QueryFilter[] = [];
  for (const { field, text } of contains) {
    const typed = text.trim();
    if (typed === '') continue;
    if (layout.fields.find((candidate) => candidate.field === field)?.kind !== 'number') {
      filters.push({ field, op: 'contains', values: [typed] });
      continue;
    }
    const number = Number(typed);
    if (!Number.isFinite(number)) {
      const header = listOf(operation).columns.find((column) => column.key === field)?.header ?? field;
      return fail('validation', `${header} holds numbers: type a number such as 1 to filter it, not "${typed.slice(0, 40)}".`);
    }
    filters.push({ field, op: 'eq', values: [number] });
  }
  return ok(filters);
}

export function createArchiveHandlers(deps: { accounts: Accounts; archives: Archives; jobs: JobRegistry; log: Logger }): ArchiveHandlers {
  const { accounts, archives, jobs, log } = deps;

  async function activeId(): Promise<string | null> {
    return (await accounts.active())?.id ?? null;
  }

  async function unavailable(profileId: string): Promise<Result<never>> {
    const condition = archives.condition(profileId);
    if (condition.state === 'off') {
      return fail('archive-off', 'The archive is switched off for this profile. Switch it on in Accounts to keep and read records on this computer.');
    }
    return fail('archive-unavailable', condition.state === 'unavailable' ? condition.message : 'The archive could not be opened.');
  }

  async function status(profileId: string): Promise<ArchiveStatus> {
    const settings = accounts.archiveSettings(profileId);
    const base = { profileId, settings, sizeBytes: 0, lists: [], lastSyncAt: null, message: null };
    if (!settings.enabled) return { ...base, state: 'off' };
    // Opening an archive that exists costs little and gives the numbers; a missing one is not created just to be counted.
    const store = existsSync(archives.pathOf(profileId)) ? await archives.store(profileId) : null;
    const condition = archives.condition(profileId);
    if (!store) {
      return { ...base, state: condition.state === 'unavailable' ? 'unavailable' : 'closed', message: condition.state === 'unavailable' ? condition.message : null };
    }
    const stats = await store.stats();
    const lists = stats
      .filter((table) => isListOperation(table.table))
      .map((table) => ({
        operation: table.table as ListOperation,
        title: listOf(table.table as ListOperation).endpoint.title,
        rows: table.rows,
        lastSyncAt: table.newestSeenMs,
      }));
    const times = lists.map((list) => list.lastSyncAt).filter((time): time is number => time !== null);
    return { ...base, state: 'open', sizeBytes: store.sizeBytes(), lists, lastSyncAt: times.length > 0 ? Math.max(...times) : null };
  }

  async function page<O extends ListOperation>(
    operation: O,
    request: { params: object; offset: number; limit: number; sort?: { field: string; descending: boolean }; search?: string; contains?: { field: string; text: string }[] },
  ): Promise<Result<ArchivePage<ListRows[O]>>> {
    const profileId = await activeId();
    if (profileId === null) return fail('not-found', 'Choose or add a profile in Accounts first.');
    const store = await archives.store(profileId);
    if (!store) return unavailable(profileId);
    const asked = archiveQueryFor(operation, { ...request.params });
    if (!asked.ok) return asked;
    const table = archiveTableFor(operation);
    const known = new Set(table.layout.fields.map((field) => field.field));
    const unknown = [request.sort?.field, ...(request.contains ?? []).map((filter) => filter.field)].find((field) => field !== undefined && !known.has(field));
    if (unknown !== undefined) return fail('validation', `The archive has no column "${unknown}" for ${listOf(operation).endpoint.title}.`);
    const filters = columnFilters(operation, request.contains ?? []);
    if (!filters.ok) return filters;
    const limit = Math.min(Math.max(1, request.limit), ARCHIVE_PAGE_MAX);
    const archived = await store.page(table, { ...asked.value, filters: filters.value, search: request.search, sort: request.sort }, Math.max(0, request.offset), limit);
    const stats = await store.stats();
    const lastSyncAt = stats.find((candidate) => candidate.table === table.layout.table)?.newestSeenMs ?? null;
    return ok({ total: archived.total, rows: archived.records, lastSyncAt });
  }

  async function startSync(operations: readonly ListOperation[], taskId: number | null): Promise<Result<{ job: JobInfo }>> {
    const profileId = await activeId();
    if (profileId === null) return fail('not-found', 'Choose or add a profile in Accounts first.');
    if (operations.includes('taskDetails') && taskId === null) {
      return fail('validation', `${TASK_ID_NEEDED} Enter it in the Task details filters, then Sync.`);
    }
    const settings = accounts.archiveSettings(profileId);
    const store = await archives.store(profileId);
    if (!store) return unavailable(profileId);
    const connection = await accounts.connection(profileId);
    // Its own client without the page hook: sync writes each range with its coverage itself.
    const client = createClient({ ...connection, log });
    const job = jobs.startShown({ kind: 'sync', title: 'Sync', operation: null, path: null, cancellable: true });
    const plan = syncPlanOf(settings, Date.now(), taskId);
    let rows = 0;
    let done = 0;
    const run = async (): Promise<Result<null>> => {
      for (const operation of operations) {
        const onProgress = (progress: { rows: number }): void =>
          jobs.progress(job.id, {
            concurrency: 1,
            rows: rows + progress.rows,
            totalRows: null,
            pagesDone: done,
            totalPages: operations.length,
            rowsPerSecond: 0,
            etaSeconds: null,
          });
        const result = await syncList(store, client, operation, plan, { signal: job.signal, onProgress });
        if (!result.ok) return result;
        rows += result.value.rows;
        done += 1;
      }
      return ok(null);
    };
    void run()
      .then((result) => {
        if (result.ok) jobs.end(job.id, { state: 'completed', rows, error: null, warnings: [] });
        else if (result.error.code === 'cancelled' || job.signal.aborted) jobs.end(job.id, { state: 'cancelled', rows, error: null, warnings: [] });
        else jobs.end(job.id, { state: 'failed', rows, error: result.error, warnings: [] });
      })
      .catch((error: unknown) => {
        log.error('sync crashed', error);
        jobs.end(job.id, {
          state: 'failed',
          rows,
          error: { code: 'internal', message: 'The sync stopped because of an internal error. The details are in the log file.' },
          warnings: [],
        });
      })
      .finally(() => {
        client.close();
        jobs.finish(job.id);
      });
    const shown = jobs.list().find((candidate) => candidate.jobId === job.id);
    if (!shown) return fail('internal', 'The sync could not be shown.');
    return ok({ job: shown });
  }

  return {
    startSync: ({ operations, taskId }) =>
      withAccounts(() => startSync(operations && operations.length > 0 ? operations : SYNCED_LISTS, taskId ?? null)),
    archivePage: (request) => withAccounts(() => page(request.operation, request)),
    archiveStatus: ({ profileId }) =>
      withAccounts(async () => {
        const id = profileId ?? (await activeId());
        if (id === null) return fail('not-found', 'Choose or add a profile in Accounts first.');
        return ok(await status(id));
      }),
    setArchiveSettings: ({ profileId, settings }) =>
      withAccounts(async () => {
        accounts.setArchiveSettings(profileId, settings);
        // Off keeps nothing on disk; a new retention applies when the archive opens again.
        if (!settings.enabled) await archives.remove(profileId);
        else await archives.close(profileId);
        return ok(await status(profileId));
      }),
    deleteArchive: ({ profileId }) =>
      withAccounts(async () => {
        await archives.remove(profileId);
        return ok(await status(profileId));
      }),
  };
}
