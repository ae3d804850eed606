/**
 * Exports that read the archive instead of the platform: the same filters turned into an
 * archive query, rows handed to the usual writers, and Parquet written by the engine
 * itself. Every file is written under a partial name and renamed only when complete.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlatformClient } from '../api';
import { m } from '../../shared/i18n';
import { fetchAll, type FetchAllOptions } from '../jobs/fetch-all';
import { type CheckedQuery, type ListDescriptor, listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { fail, failWith, ok, type Result } from '../../shared/result';
import { CALENDAR_MAX_DAYS } from '../../shared/calendar';
import { type FieldErrors, readPositiveId, refusal } from '../../shared/validation/fields';
import { checkRecordWindow } from '../../shared/validation/time-window';
import { fileNotWritten } from '../export/file-not-written';
import { workFolderBeside } from '../export/reservation';
import { isSpillRefused } from '../file-cause';
import { ownerOnly } from './archive-files';
import { type ArchiveQuery, ArchiveStore, type ArchiveTable } from './archive-store';
import type { RecordChunk } from './record-columns';
import { archiveTableFor } from './tables';

/** The archive query that selects what these filters select on the platform. */
export function archiveQueryFor(
  operation: ListOperation,
  params: Readonly<Record<string, unknown>>,
): Result<ArchiveQuery> {
  const list = listOf(operation);
  const query: ArchiveQuery = {};
  const others: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      continue;
    if (list.window !== null && (key === 'strTime' || key === 'endTime')) continue;
    if (operation === 'taskDetails' && key === 'taskId') {
      // The same rule as the platform's query (checkTaskParams): a task is a positive whole number.
      const taskId = readPositiveId(value);
      if (taskId === null) return refusal({ 'params.taskId': m.errors_task_id() });
      query.scope = String(taskId);
      continue;
    }
    others.push(key);
  }
  if (others.length > 0) {
    const leaveOut = (names: readonly string[]): string =>
      (list.window ? m.cli_archive_read_by_window : operation === 'taskDetails' ? m.cli_archive_read_by_task : m.cli_archive_read_whole)({ list: list.slug, names: namesOf(names) });
    // Each parameter the message names is named as a field too (`params.status`), as a list's query
    // names it, with what to do about that one (a command line says it under `--param status`).
    const fields = Object.fromEntries(others.slice(0, NAMES_SHOWN).map((name) => [`params.${cutName(name)}`, leaveOut([name])]));
    return { ok: false, error: { code: 'validation', message: leaveOut(others), fields } };
  }
  if (list.window !== null) {
    // The period fields' own rule (a time with an offset at each end, the end after the start),
    // named at the field to change as a list's query names them; as long as the calendar counts.
    const fields: FieldErrors = {};
    const window = checkRecordWindow(params.strTime, params.endTime, { maxDays: CALENDAR_MAX_DAYS, now: new Date(), historyLimited: false }, fields);
    if (window === null) return { ok: false, error: { code: 'validation', message: Object.values(fields).join(' '), fields } };
    query.window = { fromMs: window.startMs, toMs: window.endMs };
  }
  return ok(query);
}

const NAMES_SHOWN = 5;
const cutName = (name: string): string => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** The first few names, each cut short, and how many more: a request may carry thousands. */
function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).map(cutName);
  return names.length > shown.length ? m.cli_archive_names_more({ names: shown.join(', '), more: String(names.length - shown.length) }) : shown.join(', ');
}

/** A sort the archive can apply: by one of the list's fields. An unknown one is refused, naming it, never ignored. */
export function checkArchiveSort(operation: ListOperation, sort: ArchiveQuery['sort']): Result<ArchiveQuery['sort']> {
  if (sort === undefined) return ok(undefined);
  const { fields } = archiveTableFor(operation).layout;
  if (fields.some((field) => field.field === sort.field)) return ok(sort);
  const list = listOf(operation);
  const message = m.cli_archive_sort_unknown({ list: list.endpoint.title(), field: sort.field });
  return { ok: false, error: { code: 'validation', message, fields: { sort: message } } };
}

/** The archived rows of a query, for an export's writer: handed over in chunks, in the archive's order. */
export interface ArchiveRows<Row> {
  /** The list they are of: an export worker makes its columns from it. */
  operation: ListOperation;
  /** Hands over every chunk in order (its sort checked first); says how many rows, or why it stopped. */
  each(onChunk: (chunk: RecordChunk<Row>) => Promise<void>, signal: AbortSignal): Promise<Result<number>>;
}

/** The archived rows of a query, in the archive's order, at most `limit` of them (default all). */
export function archiveRows<O extends ListOperation>(
  store: ArchiveStore,
  operation: O,
  query: ArchiveQuery,
  limit?: number,
): ArchiveRows<ListRows[O]> {
  return {
    operation,
    each: async (onChunk, signal) => {
      const sorted = checkArchiveSort(operation, query.sort);
      if (!sorted.ok) return sorted;
      try {
        return ok(await store.eachChunk(archiveTableFor(operation), query, onChunk, signal, limit));
      } catch (error) {
        if (signal.aborted) return fail('cancelled', m.export_cancelled_no_file());
        return unreadRows(error);
      }
    },
  };
}

/**
 * Why archived rows could not be read, in the app's words: the engine's working memory
 * running out (a sorted read of a few hundred thousand wide rows does) says to read fewer at
 * once, never the engine's message with its tuning advice.
 */
function unreadRows(error: unknown): Result<never> {
  return shortOfRoom(error) ?? fail('archive', m.cli_archive_unreadable(), error instanceof Error ? error.message : undefined);
}

/**
 * The engine short of room for an export's work, in the app's words; null for any other
 * error. Its temporary folder beside the archive refused (the disk is full) says to free
 * space there; its memory limit reached says to export fewer rows at once.
 */
function shortOfRoom(error: unknown): Result<never> | null {
  if (isSpillRefused(error)) return fail('archive-disk-full', m.cli_archive_disk_full_export());
  if (isOutOfMemory(error)) return fail('archive', m.cli_archive_too_many_rows());
  return null;
}

/** The engine's own words for running out of its memory limit. */
function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && /^(?:Error: )?Out of Memory Error\b/i.test(error.message);
}

/** One page of a query's archived rows (the page a screen shows), for an export of "this page". */
export function archivePageRows<O extends ListOperation>(
  store: ArchiveStore,
  operation: O,
  query: ArchiveQuery,
  page: { offset: number; limit: number },
): (onRows: (rows: readonly ListRows[O][]) => Promise<void>, signal: AbortSignal) => Promise<Result<number>> {
  return async (onRows, signal) => {
    const sorted = checkArchiveSort(operation, query.sort);
    if (!sorted.ok) return sorted;
    try {
      const { records } = await store.page(archiveTableFor(operation), query, page.offset, page.limit);
      if (signal.aborted) return fail('cancelled', m.export_cancelled_no_file());
      await onRows(records);
      return ok(records.length);
    } catch (error) {
      if (signal.aborted) return fail('cancelled', m.export_cancelled_no_file());
      return unreadRows(error);
    }
  };
}

/** Writes the archived rows of a query to a Parquet file. */
export async function parquetFromArchive<Row>(
  store: ArchiveStore,
  table: ArchiveTable<Row>,
  query: ArchiveQuery,
  path: string,
  /** Where it is written until complete (an export's reservation); default a fresh name beside `path`. */
  partial = `${path}.partial-${randomBytes(6).toString('hex')}`,
  /** The export's cancel: the engine is interrupted, and nothing is left (no file, no parts). */
  signal?: AbortSignal,
): Promise<Result<{ rows: number }>> {
  try {
    signal?.throwIfAborted();
    // The records' file is the user's only, as the app's other exports are, from its first byte.
    closeSync(openSync(partial, 'a', 0o600));
    ownerOnly(partial);
    const rows = await store.copyToParquet(table, query, partial, signal);
    // A cancel as the last part was written is a cancel still: the file is not put in place.
    signal?.throwIfAborted();
    await rename(partial, path);
    return ok({ rows });
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    if (signal?.aborted) return fail('cancelled', m.export_cancelled_no_file());
    return shortOfRoom(error) ?? failWith(fileNotWritten(error, path, 'cli_archive_parquet_failed'));
  }
}

/** Fetches every record of a checked query from the platform into a scratch archive and writes it as Parquet. */
export async function parquetFromPlatform<P extends object, R, Row, D>(
  client: PlatformClient,
  list: ListDescriptor<P, R, Row, D>,
  table: ArchiveTable<Row>,
  query: CheckedQuery<P, R>,
  path: string,
  options: {
    signal?: AbortSignal;
    concurrency?: number;
    onProgress?: FetchAllOptions<Row>['onProgress'];
    /** Of the fetched rows, those this archive query selects, in its order (a screen's search, column filters, sort). */
    narrow?: ArchiveQuery;
    partial?: string;
  },
): Promise<Result<{ rows: number }>> {
  const folder = workFolderBeside(path, 'fetched');
  const { store } = await ArchiveStore.open(join(folder, 'scratch.duckdb'));
  try {
    let position = 0;
    const fetched = await fetchAll(client, list, query, {
      signal: options.signal,
      concurrency: options.concurrency,
      onProgress: options.onProgress,
      onRows: async (rows) => {
        await store.stage(table, rows, position, Date.now());
        position += rows.length;
      },
    });
    if (!fetched.ok) {
      // A failed or cancelled fetch gives the claimed name back, as the other formats do.
      if (options.partial) await rm(options.partial, { force: true }).catch(() => undefined);
      return fetched;
    }
    await store.commit(table, null);
    return await parquetFromArchive(store, table, options.narrow ?? {}, path, options.partial, options.signal);
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
