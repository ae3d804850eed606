import { type ListFiltersOf, listFiltersShape } from '../list-query';
import { LIST_OPERATIONS, listOf, type ListOperation, type ListRows } from '../operations';
import { formatNumber, m } from '../i18n';
import { formatInstant, type TimeZone } from '../time-zone';
import * as p from '../parse';
import type { Said } from '../i18n/said';
import type { Result } from '../result';
import { SANDBOX_PROFILE_ID, type ArchiveSettings } from '../profiles';
import { method } from './define';
import type { JobInfo } from './jobs';

/** Where a profile's archive stands, for Accounts and the list screens. */
export interface ArchiveStatus {
  profileId: string;
  settings: ArchiveSettings;
  /** off: nothing kept; closed: not opened yet this session; unavailable: `message` says why. */
  state: 'off' | 'closed' | 'open' | 'unavailable';
  message: string | null;
  /** The message as a message of the catalog, when it is one: worded in the language on show. */
  said?: Said;
  sizeBytes: number;
  /**
   * `lastSyncAt`: when the list was last synced in full (a window's range or the whole list); null when never.
   * No title: the screen names a list by its descriptor's, in the language on show (a switch renames it).
   */
  lists: { operation: ListOperation; rows: number; lastSyncAt: number | null }[];
  /** When any of its lists was last synced (epoch ms); null when never. */
  lastSyncAt: number | null;
  /** Prunes the last sync held back (more than half of a list), each waiting for Remove them or Keep them. */
  heldPrunes: HeldPrune[];
  /** Archive files that could not be read and were moved aside, told until the user dismisses them (dismissSetAside). */
  setAside: SetAsideArchive[];
}

/** An archive file that could not be read, moved aside before a new archive was started. */
export interface SetAsideArchive {
  /** Where the unreadable file was moved. */
  keptAt: string;
  /** What the engine found, as it said it. */
  reason: string;
  /** When it was moved (epoch ms). */
  atMs: number;
}

/** A retention prune a sync held back because it would remove more than half of a list. */
export interface HeldPrune {
  operation: ListOperation;
  wouldRemove: number;
  rows: number;
  /** Rows older than this instant (epoch ms) would go. */
  cutoffMs: number;
}

/** "voice records", "AXB bindings": a list's title inside a sentence, in the language of the moment. */
export function listNoun(operation: ListOperation): string {
  const title = listOf(operation).endpoint.title();
  return /^[A-Z][a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title;
}

/** The time a cutoff is shown as: the profile's zone, to the minute. */
export function cutoffText(cutoffMs: number, zone: TimeZone): string {
  return formatInstant(cutoffMs, zone, 'minute');
}

/**
 * What a held prune would do, in the profile's zone and the language of the moment: "Retention
 * would remove 20,000 of 30,000 voice records (older than 2026-10-06 10:42)". Worded where it
 * is shown, so a language switch words it again.
 */
export function heldPruneText(prune: Pick<HeldPrune, 'operation' | 'wouldRemove' | 'rows' | 'cutoffMs'>, zone: TimeZone): string {
  return m.cli_archive_retention_would_remove({
    wouldRemove: formatNumber(prune.wouldRemove),
    rows: formatNumber(prune.rows),
    list: listNoun(prune.operation),
    cutoff: cutoffText(prune.cutoffMs, zone),
  });
}

/** A held prune told as a notice: "…, in the archive of Sandbox (demo)." (the sandbox's name in the language of the moment). */
export function heldPruneNoticeText(prune: HeldPrune & { profileId: string; profileName: string }, zone: TimeZone): string {
  const profile = prune.profileId === SANDBOX_PROFILE_ID ? m.shell_sandbox_name() : prune.profileName;
  return m.cli_archive_held_in_profile({ held: heldPruneText(prune, zone), profile });
}

/** What the person at the app chose for a held prune. */
export const RETENTION_DECISIONS = ['remove', 'keep'] as const;
export type RetentionDecision = (typeof RETENTION_DECISIONS)[number];

/** A page of archived rows of a list query (its source is the archive), read on this computer. */
export interface ArchivePageRequestOf<O extends ListOperation> extends ListFiltersOf<O> {
  offset: number;
  limit: number;
  /** The asking screen's own key: a newer page of the same list with the same key gives up the older one, which answers "cancelled". */
  screen?: string;
}
export type ArchivePageRequest = { [O in ListOperation]: ArchivePageRequestOf<O> }[ListOperation];

export interface ArchivePage<Row> {
  total: number;
  /** The rows of the query without its search and column filters ("0 of 1,234 match"); absent when it has none. */
  of?: number;
  rows: Row[];
  /** When this list (for task details: this task) was last synced (epoch ms); null when never. */
  lastSyncAt: number | null;
}

export interface TypedArchiveMethods {
  archivePage<O extends ListOperation>(request: ArchivePageRequestOf<O>): Promise<Result<ArchivePage<ListRows[O]>>>;
}

const screenKey: p.Parser<string> = (input, path = '') => {
  const key = p.string(input, path);
  if (key.length > 100) throw new p.RequestShapeError(path, m.errors_shape_screen_key());
  return key;
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
    p.object({ ...listFiltersShape, offset: p.integer, limit: p.integer, screen: p.optional(screenKey) }) as p.Parser<ArchivePageRequest>,
  ),
  /** The archive of a profile (default: the active one). */
  archiveStatus: method<{ profileId?: string }, ArchiveStatus>(p.object({ profileId: p.optional(p.string) })),
  setArchiveSettings: method<{ profileId: string; settings: ArchiveSettings }, ArchiveStatus>(
    p.object({ profileId: p.string, settings: archiveSettings }),
  ),
  /**
   * A held retention prune of one list: `remove` runs it (refused while a sync of the archive
   * runs), `keep` forgets it until the next sync finds it again.
   */
  decideRetention: method<{ profileId: string; operation: ListOperation; decision: RetentionDecision }, ArchiveStatus>(
    p.object({ profileId: p.string, operation: p.oneOf(LIST_OPERATIONS), decision: p.oneOf(RETENTION_DECISIONS) }),
  ),
  /**
   * Stops telling the profile's set-aside archive files the user saw, named by `keptAt` (all
   * of them when left out); the files stay where they were kept.
   */
  dismissSetAside: method<{ profileId: string; keptAt?: string[] }, ArchiveStatus>(
    p.object({ profileId: p.string, keptAt: p.optional(p.arrayOf(p.string)) }),
  ),
  /** Closes and removes the profile's archive file (the settings stay). */
  deleteArchive: method<{ profileId: string }, ArchiveStatus>(p.object({ profileId: p.string })),
} as const;
