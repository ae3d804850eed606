/**
 * The archives of all profiles in this process: one store per profile at
 * `<userData>/archive/<profileId>.duckdb`, opened on first use (never pruned as it opens:
 * see retention.ts) and kept open, since the engine allows one open store per file per process.
 * A profile with its archive switched off has nothing on disk. When the file is held by
 * another process or could not be read, the user is told once and the app works live.
 */
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { isListOperation, type ListOperation, type ListRows, type SomeList } from '../../shared/operations';
import type { Page } from '../../shared/records';
import type { PageRequest } from '../../shared/requests';
import type { ArchiveSettings } from '../../shared/profiles';
import type { Logger } from '../log';
import { removeArchiveFiles } from './archive-files';
import { ArchiveBusyError, ArchiveStore, type ArchiveStoreOptions } from './archive-store';
import { PageRecorder, type RecordedPage } from './page-recorder';
import { heldPruneOf, HeldPrunes } from './held-prunes';
import { heldPruneNoticeText } from '../../shared/methods/archive';
import type { AppNotice } from '../../shared/contract';
import type { AppError } from '../../shared/result';
import { shortReason } from './set-aside-notes';
import type { RetentionOutcome } from './retention';
import type { TimeZone } from '../../shared/time-zone';
import { worded, type MessageKey, type Said } from '../../shared/i18n/said';

/** A busy or unreadable archive is tried again after this long. */
const RETRY_AFTER_MS = 60_000;

/** What the store is wanted for, which decides what an unavailable archive means to the user. */
export type ArchivePurpose = 'live' | 'sync' | 'read';

const WHEN_BUSY: Readonly<Record<ArchivePurpose, MessageKey>> = {
  live: 'cli_archive_busy_live',
  sync: 'cli_archive_busy_sync',
  read: 'cli_archive_busy_read',
};

const WHEN_SET_ASIDE: Readonly<Record<ArchivePurpose, MessageKey>> = {
  live: 'cli_archive_set_aside_live',
  sync: 'cli_archive_set_aside_sync',
  read: 'cli_archive_set_aside_read',
};

const WHEN_UNREADABLE: Readonly<Record<ArchivePurpose, MessageKey>> = {
  live: 'cli_archive_unreadable_live',
  sync: 'cli_archive_unreadable_sync',
  read: 'cli_archive_unreadable_read',
};

/** Why an archive that is on gives no store: its own reason when it could not be opened, else that it is not open yet. */
export function unavailableReason(condition: ArchiveCondition): Said {
  return condition.state === 'unavailable' ? condition.said : { key: 'errors_archive_not_opened' };
}

/** The refusal of work that needs the archive when it gives none: switched off, or why it is not open. */
export function noArchiveError(condition: ArchiveCondition): AppError {
  if (condition.state === 'off') return { code: 'archive-off', ...worded({ key: 'errors_archive_off' }) };
  return { code: 'archive-unavailable', ...worded(unavailableReason(condition)) };
}

export type ArchiveCondition =
  | { state: 'off' }
  | { state: 'closed' }
  | { state: 'open'; setAsideAt: string | null }
  | { state: 'unavailable'; message: string; said: Said };

interface Opened {
  store: ArchiveStore;
  recorder: PageRecorder;
}

/** What the user is told: an archive notice without its kind (its text, the same as a message of the catalog when it is one, and a held prune's choice). */
export type Told = Pick<AppNotice, 'message' | 'said' | 'heldPrune'>;

export interface ArchivesOptions {
  /** The user-data folder; archives live in its `archive` folder. */
  userDataDir: string;
  settingsOf(profileId: string): ArchiveSettings;
  log: Logger;
  /** Something the user should read (a busy or set-aside archive, a failed write, a held prune that offers a choice). */
  tell(told: Told): void;
  now?: () => number;
  /** How each archive's engine runs (the command line's holds less memory). */
  store?: ArchiveStoreOptions;
  /**
   * A command line's archives: there is no window to work live, so an archive it cannot open
   * while fetching means the command's records are not kept this time, and is told so.
   */
  command?: boolean;
}

export class Archives {
  private readonly opened = new Map<string, Opened>();
  private readonly opening = new Map<string, Promise<Opened | null>>();
  /** Closes and removals under way, which an opening waits for. */
  private readonly ending = new Map<string, Promise<void>>();
  private readonly conditions = new Map<string, ArchiveCondition & { atMs?: number }>();
  private readonly now: () => number;
  /** Retention prunes syncs held back, waiting for Remove them or Keep them (forgotten when the archive closes). */
  readonly held = new HeldPrunes();

  constructor(private readonly options: ArchivesOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The archive file of a profile (a connection without a profile is named by its address and key). */
  pathOf(profileId: string): string {
    return join(this.options.userDataDir, 'archive', `${fileNameOf(profileId)}.duckdb`);
  }

  condition(profileId: string): ArchiveCondition {
    if (!this.options.settingsOf(profileId).enabled) return { state: 'off' };
    return this.conditions.get(profileId) ?? { state: 'closed' };
  }

  /**
   * The profile's open store, opened on first use; null when switched off or unavailable
   * (the user was told why, and what it means for the work the store was wanted for).
   */
  async store(profileId: string, purpose: ArchivePurpose = 'live'): Promise<ArchiveStore | null> {
    const fresh = !this.opened.has(profileId);
    const opened = await this.open(profileId, purpose);
    // A read of the archive just set aside would read the new, empty one: there is nothing to read.
    const condition = this.conditions.get(profileId);
    if (purpose === 'read' && fresh && condition?.state === 'open' && condition.setAsideAt !== null) return null;
    return opened?.store ?? null;
  }

  /**
   * The one way fetched records reach the archive: every page of a list that comes back
   * from the platform. Settles when the archive has room for more (see BACKLOG_MAX_ROWS);
   * it never rejects, since a failed write is told to the user, not to the fetch.
   */
  async record<O extends ListOperation>(profileId: string, operation: O, page: RecordedPage<ListRows[O]>): Promise<void> {
    const ready = this.opened.get(profileId);
    if (ready) return ready.recorder.record(operation, page);
    if (!this.options.settingsOf(profileId).enabled) return;
    const opened = await this.open(profileId);
    await opened?.recorder.record(operation, page);
  }

  /** The client's page hook for one profile: pages as the platform returned them, passwords dropped by the row mapper. */
  pageHook(profileId: string): (list: SomeList, request: PageRequest<object>, page: Page<unknown>, platformNowMs: number | null) => Promise<void> {
    return async (list, request, page, platformNowMs) => {
      if (!isListOperation(list.id)) return;
      const operation = list.id;
      // The rows come from this operation's own normaliser, so they are its row type.
      const rows = page.records.map((record) => list.toRow(record)) as ListRows[typeof operation][];
      await this.record(profileId, operation, { request, total: page.total, rows, platformNowMs });
    };
  }

  /**
   * After a list's sync with a retention: a prune it held back waits for the user's word, and
   * they are told; any other outcome clears what waited for that list.
   */
  noteRetention(
    profileId: string,
    operation: ListOperation,
    outcome: RetentionOutcome,
    retentionDays: number,
    shown: { profileName: string; zone: TimeZone },
  ): void {
    const entry = this.held.note(profileId, operation, outcome, retentionDays);
    if (entry === null) return;
    const heldPrune = { ...heldPruneOf(entry), profileId, profileName: shown.profileName };
    this.options.tell({ message: heldPruneNoticeText(heldPrune, shown.zone), heldPrune });
  }

  /** Waits until every page handed over so far is written. */
  async settle(profileId: string): Promise<void> {
    await this.opening.get(profileId);
    await this.opened.get(profileId)?.recorder.flush();
  }

  close(profileId: string): Promise<void> {
    return this.end(profileId, () => this.closeNow(profileId));
  }

  async closeAll(): Promise<void> {
    const ids = new Set([...this.opened.keys(), ...this.opening.keys()]);
    for (const id of ids) await this.close(id);
  }

  /**
   * Closes the profile's archive and removes its files (the database and its log, nothing
   * else). A sync writing to it is cancelled first, and waited for; `cancelledSync` says so.
   */
  async remove(profileId: string): Promise<{ cancelledSync: boolean }> {
    let cancelled = 0;
    await this.end(profileId, async () => {
      await this.opening.get(profileId);
      cancelled = (await this.opened.get(profileId)?.store.cancelSyncs()) ?? 0;
      await this.closeNow(profileId);
      removeArchiveFiles(this.pathOf(profileId));
    });
    return { cancelledSync: cancelled > 0 };
  }

  /**
   * Runs a close or a removal of a profile's archive, after any under way. Until it is done
   * the store is not opened again: a store opened meanwhile would hold the file being
   * closed, or (on removal) a file no longer on disk, and keep what is written to it there.
   */
  private end(profileId: string, work: () => Promise<void>): Promise<void> {
    const ending = this.endedFirst(profileId).then(work).finally(() => {
      if (this.ending.get(profileId) === ending) this.ending.delete(profileId);
    });
    this.ending.set(profileId, ending);
    return ending;
  }

  /** Settles once the close or removal under way (if any) has ended, however it ended: its caller hears how. */
  private endedFirst(profileId: string): Promise<void> {
    return (this.ending.get(profileId) ?? Promise.resolve()).catch(() => undefined);
  }

  private async closeNow(profileId: string): Promise<void> {
    await this.opening.get(profileId);
    const opened = this.opened.get(profileId);
    this.opened.delete(profileId);
    this.conditions.delete(profileId);
    this.held.forget(profileId);
    if (!opened) return;
    await opened.recorder.flush();
    await opened.store.close();
  }

  private open(profileId: string, purpose: ArchivePurpose = 'live'): Promise<Opened | null> {
    if (this.ending.has(profileId)) return this.endedFirst(profileId).then(() => this.open(profileId, purpose));
    const ready = this.opened.get(profileId);
    if (ready) return Promise.resolve(ready);
    if (!this.options.settingsOf(profileId).enabled) return Promise.resolve(null);
    const known = this.conditions.get(profileId);
    if (known?.state === 'unavailable' && this.now() - (known.atMs ?? 0) < RETRY_AFTER_MS)
      return Promise.resolve(null);
    const pending = this.opening.get(profileId);
    if (pending) return pending;
    const opening = this.openNow(profileId, purpose).finally(() => this.opening.delete(profileId));
    this.opening.set(profileId, opening);
    return opening;
  }

  private async openNow(profileId: string, purpose: ArchivePurpose): Promise<Opened | null> {
    const path = this.pathOf(profileId);
    try {
      const { store, setAside } = await ArchiveStore.open(path, this.options.store);
      if (setAside) {
        this.options.log.warn('archive set aside', setAside.reason);
        this.options.tell(
          worded({
            key: 'errors_two_sentences',
            params: {
              first: { key: 'cli_archive_set_aside', params: { keptAt: setAside.keptAt, reason: shortReason(setAside.reason) } },
              second: { key: WHEN_SET_ASIDE[purpose] },
            },
          }),
        );
      }
      const recorder = new PageRecorder(store, this.now);
      let told = false;
      recorder.onFailure((error) => {
        this.options.log.error('archive write failed', error);
        if (told) return;
        told = true;
        this.options.tell(worded({ key: 'cli_archive_write_failed' }));
      });
      const opened = { store, recorder };
      this.opened.set(profileId, opened);
      this.conditions.set(profileId, { state: 'open', setAsideAt: setAside?.keptAt ?? null });
      return opened;
    } catch (error) {
      // A command fetching has no window to work live: its records are not kept this time, busy or unreadable.
      const commandFetching = purpose === 'live' && this.options.command === true;
      const consequence: Said = { key: commandFetching ? 'cli_archive_not_kept_command' : error instanceof ArchiveBusyError ? WHEN_BUSY[purpose] : WHEN_UNREADABLE[purpose] };
      const told = worded(
        error instanceof ArchiveBusyError
          ? { key: 'errors_two_sentences', params: { first: { key: 'cli_archive_busy' }, second: consequence } }
          : { key: 'cli_archive_unopenable', params: { consequence } },
      );
      if (!(error instanceof ArchiveBusyError)) this.options.log.error('archive open failed', error);
      this.conditions.set(profileId, { state: 'unavailable', ...told, atMs: this.now() });
      this.options.tell(told);
      return null;
    }
  }
}

/** Profile ids are uuids or "sandbox"; anything else (a bare address) is hashed into a safe file name. */
function fileNameOf(profileId: string): string {
  if (/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(profileId)) return profileId;
  return `connection-${createHash('sha256').update(profileId).digest('hex').slice(0, 24)}`;
}
