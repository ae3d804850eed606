/**
 * The archive over IPC: a Sync job in the jobs area, archived pages for the list screens,
 * and the housekeeping Accounts shows (size, counts, last sync, retention, on/off, delete).
 */
import { existsSync } from 'node:fs';
import type { Accounts } from '../accounts/accounts';
import { ArchiveQueryRefused, ArchiveReadTimeout } from '../archive/archive-store';
import { readStoppedResult } from '../archive/read-stopped';
import { noArchiveError, type Archives } from '../archive/archives';
import { startSyncJob } from '../jobs/sync-job';
import { scopedSyncOf, scopeNeeded, SYNCED_LISTS, syncPlanOf } from '../archive/sync-plan';
import { heldPruneOf } from '../archive/held-prunes';
import { lastSyncOf } from '../archive/last-sync';
import { listArchiveQuery } from '../archive/list-archive-query';
import { archiveTableFor } from '../archive/tables';
import type { JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import { type ArchivePage, type ArchivePageRequestOf, type ArchiveStatus, cutoffText, listNoun, type RetentionDecision } from '../../shared/methods/archive';
import { syncCovers, type JobInfo } from '../../shared/methods/jobs';
import type { ListFilters } from '../../shared/list-query';
import { isListOperation, listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { formatNumber, m } from '../../shared/i18n';
import { fail, failWith, ok, type Result } from '../../shared/result';
import { parseTimeZone } from '../../shared/time-zone';
import { type FieldErrors, hasFieldErrors, refusal } from '../../shared/validation/fields';
import { dismissSetAsideNotes, setAsideNotes } from '../archive/set-aside-notes';
import { withAccounts } from './accounts-handlers';
import type { Handlers } from './dispatcher';
import { SYNCED_FOR_OVERVIEW } from './report-handlers';

type ArchiveHandlers = Pick<Handlers, 'startSync' | 'archivePage' | 'archiveStatus' | 'setArchiveSettings' | 'decideRetention' | 'dismissSetAside' | 'deleteArchive'>;

const ARCHIVE_PAGE_MAX = 1000;

export function createArchiveHandlers(deps: { accounts: Accounts; archives: Archives; jobs: JobRegistry; log: Logger }): ArchiveHandlers {
  const { accounts, archives, jobs, log } = deps;

  async function activeId(): Promise<string | null> {
    return (await accounts.active())?.id ?? null;
  }

  async function unavailable(profileId: string): Promise<Result<never>> {
    return failWith(noArchiveError(archives.condition(profileId)));
  }

  async function status(profileId: string): Promise<ArchiveStatus> {
    const settings = accounts.archiveSettings(profileId);
    const path = archives.pathOf(profileId);
    // Opening an archive that exists costs little and gives the numbers; a missing one is not created just to be counted.
    const store = settings.enabled && existsSync(path) ? await archives.store(profileId) : null;
    // Read after the open, which may have just set a file aside.
    const base = { profileId, settings, sizeBytes: 0, lists: [], lastSyncAt: null, message: null, heldPrunes: [], setAside: setAsideNotes(path) };
    if (!settings.enabled) return { ...base, state: 'off' };
    const condition = archives.condition(profileId);
    if (!store) {
      if (condition.state !== 'unavailable') return { ...base, state: 'closed' };
      return { ...base, state: 'unavailable', message: condition.message, said: condition.said };
    }
    const stats = await store.stats();
    const lists = await Promise.all(
      stats
        .filter((table) => isListOperation(table.table))
        .map(async (table) => ({
          operation: table.table as ListOperation,
          rows: table.rows,
          lastSyncAt: await lastSyncOf(store, table.table as ListOperation),
        })),
    );
    const times = lists.map((list) => list.lastSyncAt).filter((time): time is number => time !== null);
    const heldPrunes = archives.held.list(profileId).map(heldPruneOf);
    return { ...base, state: 'open', sizeBytes: store.sizeBytes(), lists, lastSyncAt: times.length > 0 ? Math.max(...times) : null, heldPrunes };
  }

  /** Remove them (the prune the sync held, by its cutoff) or Keep them (until the next sync finds it again). */
  async function decideRetention(profileId: string, operation: ListOperation, decision: RetentionDecision): Promise<Result<ArchiveStatus>> {
    const settings = accounts.archiveSettings(profileId);
    const noun = listNoun(operation);
    const entry = archives.held.get(profileId, operation);
    if (entry === null || entry.retentionDays !== settings.retentionDays) {
      archives.held.forget(profileId, operation);
      return fail('not-found', m.errors_no_removal_waiting({ noun }));
    }
    if (decision === 'keep') {
      archives.held.forget(profileId, operation);
      return ok(await status(profileId));
    }
    const store = await archives.store(profileId, 'sync');
    if (!store) return unavailable(profileId);
    if (store.syncing) {
      return fail('busy', m.errors_sync_running());
    }
    archives.held.forget(profileId, operation);
    const removed = await store.pruneTable(archiveTableFor(operation).layout, entry.cutoffMs);
    const done = await status(profileId);
    const when = cutoffText(entry.cutoffMs, await accounts.shownZone(profileId));
    return ok({ ...done, message: m.errors_removed({ count: formatNumber(removed), noun, when }) });
  }

  /** The page each screen waits for, by list and screen key: a newer one from the same screen gives it up. */
  const waitingPages = new Map<string, AbortController>();

  /** Reads a page; the older page the same screen still waits for is given up (it answers "cancelled", which the screen ignores). */
  async function latestPage<O extends ListOperation>(operation: O, request: Omit<ArchivePageRequestOf<O>, 'operation'>): Promise<Result<ArchivePage<ListRows[O]>>> {
    if (request.screen === undefined) return page(operation, request, undefined);
    const key = `${operation}\n${request.screen}`;
    waitingPages.get(key)?.abort();
    const controller = new AbortController();
    waitingPages.set(key, controller);
    try {
      return await page(operation, request, controller.signal);
    } finally {
      if (waitingPages.get(key) === controller) waitingPages.delete(key);
    }
  }

  async function page<O extends ListOperation>(
    operation: O,
    request: Omit<ArchivePageRequestOf<O>, 'operation'>,
    signal: AbortSignal | undefined,
  ): Promise<Result<ArchivePage<ListRows[O]>>> {
    const profile = await accounts.active();
    if (profile === null) return fail('not-found', m.errors_choose_profile());
    const profileId = profile.id;
    const store = await archives.store(profileId);
    if (!store) return unavailable(profileId);
    const zone = parseTimeZone(profile.timeZone);
    if (!zone) return fail('validation', m.errors_bad_zone({ zone: profile.timeZone }));
    const asked = listArchiveQuery({ ...request, operation } as ListFilters, zone);
    if (!asked.ok) return asked;
    // Refused as the platform's paging is, not bent to fit: a page other than the one asked would mislead.
    const paging: FieldErrors = {};
    if (request.offset < 0) paging.offset = m.errors_row_offset();
    if (request.limit < 1 || request.limit > ARCHIVE_PAGE_MAX) paging.limit = m.errors_page_size({ min: 1, max: ARCHIVE_PAGE_MAX });
    if (hasFieldErrors(paging)) return refusal(paging);
    const { query, unfiltered } = asked.value;
    const table = archiveTableFor(operation);
    try {
      const archived = await store.page(table, query, request.offset, request.limit, signal);
      // Before the search and column filters: "0 of 1,234 match" (a count the archive keeps until the next write).
      const of = query === unfiltered ? archived.total : (await store.page(table, unfiltered, 0, 0, signal)).total;
      const scope = query.scope;
      const lastSyncAt = await lastSyncOf(store, operation, scope);
      // Once the screen has its page: its next sort or search then reads no file (once per table).
      void store.warm(table);
      return ok({ total: archived.total, of, rows: archived.records, lastSyncAt });
    } catch (error) {
      return pageRefusal(error, operation);
    }
  }

  async function startSync(operations: readonly ListOperation[], taskId: number | null): Promise<Result<{ job: JobInfo }>> {
    const profileId = await activeId();
    if (profileId === null) return fail('not-found', m.errors_choose_profile());
    for (const list of operations.map(listOf)) {
      const scoped = scopedSyncOf(list);
      if (scoped !== null && taskId === null) {
        const message = m.errors_sync_scope({ need: scopeNeeded(list, scoped), title: list.endpoint.title() });
        return { ok: false, error: { code: 'validation', message, fields: { taskId: message } } };
      }
    }
    // Two syncs of one list of one archive at once would fetch and write the same records twice: the second is refused, saying which runs.
    const busy = jobs.list().find((job) => job.state === 'running' && job.profileId === profileId && operations.some((operation) => writesList(job, operation)));
    if (busy) return fail('busy', m.errors_sync_already_running({ title: busy.title }));
    const settings = accounts.archiveSettings(profileId);
    const store = await archives.store(profileId, 'sync');
    if (!store) return unavailable(profileId);
    const started = await startSyncJob({ accounts, jobs, log, archives }, store, profileId, operations, syncPlanOf(settings, Date.now(), taskId));
    return started.ok ? ok({ job: started.value.job }) : started;
  }

  return {
    startSync: ({ operations, taskId }) =>
      withAccounts(() => startSync(operations && operations.length > 0 ? operations : SYNCED_LISTS, taskId ?? null)),
    archivePage: (request) => withAccounts(() => latestPage(request.operation, request)),
    archiveStatus: ({ profileId }) =>
      withAccounts(async () => {
        const id = profileId ?? (await activeId());
        if (id === null) return fail('not-found', m.errors_choose_profile());
        return ok(await status(id));
      }),
    setArchiveSettings: ({ profileId, settings }) =>
      withAccounts(async () => {
        const before = accounts.archiveSettings(profileId);
        accounts.setArchiveSettings(profileId, settings);
        // A held prune was computed for the retention it had: a new one asks again after the next sync.
        if (before.retentionDays !== settings.retentionDays) archives.held.forget(profileId);
        // Off keeps nothing on disk (a running sync is cancelled first); a new retention applies after the next sync.
        const removed = settings.enabled ? { cancelledSync: false } : await archives.remove(profileId);
        const changed = await status(profileId);
        return ok(removed.cancelledSync ? { ...changed, message: m.errors_sync_cancelled_off() } : changed);
      }),
    decideRetention: ({ profileId, operation, decision }) => withAccounts(() => decideRetention(profileId, operation, decision)),
    dismissSetAside: ({ profileId, keptAt }) =>
      withAccounts(async () => {
        // The profile first (an unknown one is refused, "not-found"): only a profile's own notes are dismissed.
        accounts.archiveSettings(profileId);
        dismissSetAsideNotes(archives.pathOf(profileId), keptAt);
        return ok(await status(profileId));
      }),
    deleteArchive: ({ profileId }) =>
      withAccounts(async () => {
        // The profile first (an unknown one is refused, "not-found"): only a profile's own archive is removed.
        accounts.archiveSettings(profileId);
        const { cancelledSync } = await archives.remove(profileId);
        const deleted = await status(profileId);
        return ok(cancelledSync ? { ...deleted, message: m.errors_sync_cancelled_delete() } : deleted);
      }),
  };
}

/** Whether a running job brings this list of its profile's archive up to date: a sync of it, or the Overview's report. */
function writesList(job: JobInfo, operation: ListOperation): boolean {
  return syncCovers(job, operation) || (job.kind === 'report' && SYNCED_FOR_OVERVIEW.includes(operation));
}

/** What a page read that stopped short means to the person who asked; anything else is not the request's fault and is thrown on. */
function pageRefusal(error: unknown, operation: ListOperation): Result<never> {
  if (error instanceof ArchiveQueryRefused) {
    // A window too long for what was asked is shortened at its end, the period field a list names `params.endTime`.
    const fields = { [error.field === 'window' ? 'params.endTime' : error.field]: error.message };
    return { ok: false, error: { code: 'validation', message: error.message, fields } };
  }
  if (error instanceof ArchiveReadTimeout) {
    return fail(
      'archive-timeout',
      m.errors_archive_timeout({ message: error.message, title: listOf(operation).endpoint.title() }),
    );
  }
  const stopped = readStoppedResult(error);
  if (stopped) return stopped;
  throw error;
}
