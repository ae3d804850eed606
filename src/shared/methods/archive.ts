import { LIST_OPERATIONS, type ListOperation, type ListParams, type ListRows } from '../operations';
import * as p from '../parse';
import type { Result } from '../result';
import type { ArchiveSettings } from '../profiles';
import { method } from './define';
import type { JobInfo } from './jobs';

/** Where a profile's archive stands, for Accounts and the list screens. */
export interface ArchiveStatus {
  profileId: string;
  settings: ArchiveSettings;
  /** off: nothing kept; closed: not opened yet this session; unavailable: `message` says why. */
  state: 'off' | 'closed' | 'open' | 'unavailable';
  message: string | null;
  sizeBytes: number;
  lists: { operation: ListOperation; title: string; rows: number; lastSyncAt: number | null }[];
  /** When records were last fetched into it (epoch ms); null when never. */
  lastSyncAt: number | null;
}

/** A page of archived rows: the screen's filters (window, task) plus sort, search and column filters, read on this computer. */
export interface ArchivePageRequestOf<O extends ListOperation> {
  operation: O;
  params: ListParams[O];
  offset: number;
  limit: number;
  sort?: { field: string; descending: boolean };
  search?: string;
  /** Text a column contains (case-insensitive), by field. */
  contains?: { field: string; text: string }[];
  /** Fields equal to a value, by field (an Overview bucket's rows); null matches a missing value. */
  equals?: { field: string; value: string | number | null }[];
  /** Only rows in this hour of the day (0-23) in the profile's time zone, within the window. */
  hourOfDay?: number;
}
export type ArchivePageRequest = { [O in ListOperation]: ArchivePageRequestOf<O> }[ListOperation];

export interface ArchivePage<Row> {
  total: number;
  rows: Row[];
  /** When this list's rows were last fetched (epoch ms); null when the archive holds none. */
  lastSyncAt: number | null;
}

export interface TypedArchiveMethods {
  archivePage<O extends ListOperation>(request: ArchivePageRequestOf<O>): Promise<Result<ArchivePage<ListRows[O]>>>;
}

const equalsValue: p.Parser<string | number | null> = (input, path = '') => {
  if (input === null || typeof input === 'string' || (typeof input === 'number' && Number.isFinite(input))) return input;
  throw new p.RequestShapeError(path, 'text, a number or null');
};

const hourOfDay: p.Parser<number> = (input, path = '') => {
  const hour = p.integer(input, path);
  if (hour < 0 || hour > 23) throw new p.RequestShapeError(path, 'an hour from 0 to 23');
  return hour;
};

const archiveSettings = p.object({ enabled: p.boolean, retentionDays: p.integer, refreshHours: p.integer, historyDays: p.integer });

export const archiveMethods = {
  /**
   * Starts a Sync job for the active profile: the lists named (default: every list without a task),
   * the record lists over the profile's sync history; task details for the task given.
   */
  startSync: method<{ operations?: ListOperation[]; taskId?: number }, { job: JobInfo }>(
    p.object({ operations: p.optional(p.arrayOf(p.oneOf(LIST_OPERATIONS))), taskId: p.optional(p.integer) }),
  ),
  archivePage: method<ArchivePageRequest, ArchivePage<ListRows[ListOperation]>>(
    p.object({
      operation: p.oneOf(LIST_OPERATIONS),
      params: p.plainObject,
      offset: p.integer,
      limit: p.integer,
      sort: p.optional(p.object({ field: p.string, descending: p.boolean })),
      search: p.optional(p.string),
      contains: p.optional(p.arrayOf(p.object({ field: p.string, text: p.string }))),
      equals: p.optional(p.arrayOf(p.object({ field: p.string, value: equalsValue }))),
      hourOfDay: p.optional(hourOfDay),
    }) as p.Parser<ArchivePageRequest>,
  ),
  /** The archive of a profile (default: the active one). */
  archiveStatus: method<{ profileId?: string }, ArchiveStatus>(p.object({ profileId: p.optional(p.string) })),
  setArchiveSettings: method<{ profileId: string; settings: ArchiveSettings }, ArchiveStatus>(
    p.object({ profileId: p.string, settings: archiveSettings }),
  ),
  /** Closes and removes the profile's archive file (the settings stay). */
  deleteArchive: method<{ profileId: string }, ArchiveStatus>(p.object({ profileId: p.string })),
} as const;
