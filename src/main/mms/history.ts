/**
 * Every MMS send as the journal tells it. The journal file is the single truth, shared
 * with any other process on the same data folder: every read first takes in what was
 * appended since (by anyone). A batch claimed ("about to send") with no answer yet is
 * being sent: here, or by another process that still runs. A claim whose owner is gone
 * (a crash, a quit) or that never got its answer is *outcome unknown*, and a batch that
 * was ever unknown stays marked so.
 */
import { unwatchFile, watchFile } from 'node:fs';
import { buildResultRows } from '../../shared/mms/results';
import { m } from '../../shared/i18n';
import {
  contentPreview,
  type MmsBatchError,
  type MmsBatchStatus,
  type MmsBatchView,
  type MmsSendDetail,
  type MmsSendSummary,
} from '../../shared/mms/records';
import type { Logger } from '../log';
import type { BatchEntry, JournalEntry, MmsJournal, NewEntry, SendPlannedEntry } from './journal';
import { isOwnerAlive, THIS_PROCESS, type Owner } from './journal-lock';

export interface BatchState {
  numbers: string[];
  /** As written in the journal: `sending` means claimed with no answer (yet). */
  status: MmsBatchStatus;
  attempts: number;
  accepted: number | null;
  rejected: number | null;
  messages: { msgId: string | null; number: string | null }[];
  error: MmsBatchError | null;
  lastAttemptAt: number | null;
  /** Who claimed the current attempt; null for journals from before claims were owned. */
  owner: Owner | null;
  /** An attempt of this batch had an unknown outcome at some point. */
  everUnknown: boolean;
}

export interface SendState {
  plan: SendPlannedEntry;
  batches: BatchState[];
}

/** A batch as it stands now, with a claim judged alive or not. */
export interface BatchNow {
  status: MmsBatchStatus;
  /** Being sent by another window's process or another app on this data folder. */
  elsewhere: boolean;
  everUnknown: boolean;
  error: MmsBatchError | null;
}

/** A claim whose process is gone: read in the language of the moment. */
export function interrupted(): MmsBatchError {
  return { code: 'outcome-unknown', message: m.mms_batch_interrupted() };
}

/** A claim older than this has long passed any request's timeout: its answer will not come. */
const CLAIM_MAX_AGE_MS = 10 * 60 * 1000;

export interface MmsHistoryOptions {
  /** Who this history's claims belong to; default: this process (tests give two in one process). */
  self?: Owner;
  /** Whether a claim's process still runs; default: asks the operating system. */
  isAlive?: (owner: Owner) => boolean;
  now?: () => number;
}

export class MmsHistory {
  private sends = new Map<string, SendState>();
  private offset = 0;
  /** Entries the disk refused: they stay applied across re-reads. */
  private readonly unsaved: JournalEntry[] = [];
  /** Claims of this process whose request is under way: `${sendId}#${batch}`. */
  private readonly inFlight = new Set<string>();
  /** Sends the journal moved on since `watch` last told of them. */
  private readonly changed = new Set<string>();
  private readonly isAlive: (owner: Owner) => boolean;
  private readonly now: () => number;
  readonly self: Owner;

  constructor(
    private readonly journal: MmsJournal,
    private readonly log: Logger,
    options: MmsHistoryOptions = {},
  ) {
    this.self = options.self ?? THIS_PROCESS;
    this.isAlive = options.isAlive ?? isOwnerAlive;
    this.now = options.now ?? Date.now;
  }

  get journalPath(): string {
    return this.journal.path;
  }

  /** Takes in what any process appended since the last read. */
  refresh(): void {
    const read = this.journal.readFrom(this.offset);
    if (read.skipped > 0) this.log.warn(`MMS journal: ${read.skipped} unreadable line(s) skipped (a crash can leave one).`);
    if (read.restarted) {
      this.sends = new Map();
      for (const entry of [...read.entries, ...this.unsaved]) this.apply(entry);
      for (const sendId of this.sends.keys()) this.changed.add(sendId);
    } else {
      for (const entry of read.entries) this.apply(entry);
    }
    for (const entry of read.entries) this.changed.add(entry.sendId);
    this.offset = read.offset;
  }

  /**
   * Calls `onChange` with the sends the journal moved on, whoever wrote it: a window of
   * another process on the same data folder learns that a batch it shows as being sent
   * elsewhere has its answer. Polls the file's size (portable; no event per platform).
   */
  watch(onChange: (sendIds: string[]) => void, intervalMs = 500): () => void {
    const tell = (): void => {
      this.refresh();
      if (this.changed.size === 0) return;
      const sendIds = [...this.changed];
      this.changed.clear();
      onChange(sendIds);
    };
    const listener = (): void => {
      try {
        tell();
      } catch (error) {
        this.log.warn('MMS journal: a change could not be read', error instanceof Error ? error.message : error);
      }
    };
    watchFile(this.journal.path, { interval: intervalMs, persistent: false }, listener);
    return () => unwatchFile(this.journal.path, listener);
  }

  has(sendId: string): boolean {
    this.refresh();
    return this.sends.has(sendId);
  }

  get(sendId: string): SendState | undefined {
    this.refresh();
    return this.sends.get(sendId);
  }

  /** All sends, read fresh. */
  all(): SendState[] {
    this.refresh();
    return [...this.sends.values()];
  }

  /** Writes the entry to disk (fsync'ed), then applies it. Throws when the disk refuses. Callers hold the journal lock. */
  record(entry: NewEntry): void {
    this.refresh();
    this.journal.append(entry);
    this.refresh();
  }

  /** Applies an entry the disk refused: what happened must still show. */
  applyUnsaved(entry: NewEntry): void {
    const full = { v: 1, ...entry } as JournalEntry;
    this.unsaved.push(full);
    this.apply(full);
  }

  /** Marks a claim of this process as under way (true) or over (false). */
  setInFlight(sendId: string, batch: number, active: boolean): void {
    const key = `${sendId}#${batch}`;
    if (active) this.inFlight.add(key);
    else this.inFlight.delete(key);
  }

  /** The batch as it stands now: a claim with no answer is live, elsewhere, or of unknown outcome. */
  batchNow(sendId: string, index: number, batch: BatchState): BatchNow {
    const plain = { status: batch.status, elsewhere: false, everUnknown: batch.everUnknown, error: batch.error };
    if (batch.status !== 'sending') return plain;
    const owner = batch.owner;
    if (owner !== null && owner.process === this.self.process) {
      if (this.inFlight.has(`${sendId}#${index + 1}`)) return plain;
    } else if (owner !== null && this.isAlive(owner) && this.now() - (batch.lastAttemptAt ?? 0) < CLAIM_MAX_AGE_MS) {
      return { ...plain, elsewhere: true };
    }
    return { status: 'outcome-unknown', elsewhere: false, everUnknown: true, error: interrupted() };
  }

  list(): MmsSendSummary[] {
    return this.all()
      .map((send) => this.summaryOf(send))
      .sort((a, b) => b.at - a.at);
  }

  detail(sendId: string): MmsSendDetail | null {
    const send = this.get(sendId);
    if (!send) return null;
    const summary = this.summaryOf(send);
    const rows = buildResultRows(
      send.batches.map((batch, index) => ({
        batch: index + 1,
        numbers: batch.numbers,
        // A refused resend does not undo an earlier attempt that may have gone out.
        status: summary.batches[index].everUnknown && summary.batches[index].status === 'failed' ? 'outcome-unknown' : summary.batches[index].status,
        accepted: batch.accepted,
        messages: batch.messages,
        error: summary.batches[index].error,
      })),
    );
    return { ...summary, content: send.plan.content, rows };
  }

  summary(sendId: string): MmsSendSummary | null {
    const send = this.get(sendId);
    return send ? this.summaryOf(send) : null;
  }

  private summaryOf(send: SendState): MmsSendSummary {
    return summarise(
      send,
      send.batches.map((batch, index) => this.batchNow(send.plan.sendId, index, batch)),
    );
  }

  private apply(entry: JournalEntry): void {
    if (entry.kind === 'send') {
      if (this.sends.has(entry.sendId)) return;
      this.sends.set(entry.sendId, {
        plan: entry,
        batches: entry.batches.map((numbers) => ({
          numbers,
          status: 'not-sent',
          attempts: 0,
          accepted: null,
          rejected: null,
          messages: [],
          error: null,
          lastAttemptAt: null,
          owner: null,
          everUnknown: false,
        })),
      });
      return;
    }
    const batch = this.sends.get(entry.sendId)?.batches[entry.batch - 1];
    if (batch) applyBatch(batch, entry);
  }
}

function applyBatch(batch: BatchState, entry: BatchEntry): void {
  switch (entry.phase) {
    case 'about-to-send':
      // A new claim over one that never got its answer: that attempt's outcome is unknown.
      if (batch.status === 'sending' || batch.status === 'outcome-unknown') batch.everUnknown = true;
      batch.status = 'sending';
      batch.owner = entry.owner ?? null;
      batch.attempts = Math.max(batch.attempts, entry.attempt);
      batch.lastAttemptAt = entry.at;
      batch.accepted = null;
      batch.rejected = null;
      batch.messages = [];
      batch.error = null;
      return;
    case 'answered':
      batch.status = 'sent';
      batch.accepted = entry.accepted;
      batch.rejected = entry.rejected;
      batch.messages = entry.messages;
      batch.error = null;
      return;
    case 'failed':
    case 'outcome-unknown':
      batch.status = entry.phase;
      batch.error = entry.error;
      if (entry.phase === 'outcome-unknown') batch.everUnknown = true;
      return;
  }
}

function summarise(send: SendState, now: readonly BatchNow[]): MmsSendSummary {
  const { plan } = send;
  const batches: MmsBatchView[] = send.batches.map((batch, index) => ({
    batch: index + 1,
    size: batch.numbers.length,
    status: now[index].status,
    elsewhere: now[index].elsewhere,
    everUnknown: now[index].everUnknown,
    attempts: batch.attempts,
    accepted: batch.accepted,
    rejected: batch.rejected,
    error: now[index].error,
    lastAttemptAt: batch.lastAttemptAt,
  }));
  const accepted = batches.reduce((sum, b) => sum + (b.accepted ?? 0), 0);
  const rejected = batches.reduce((sum, b) => sum + (b.rejected ?? 0), 0);
  // Every number refused is not a finished send, whatever each batch's answer was.
  const allRefused = accepted === 0 && rejected > 0;
  const status = batches.some((b) => b.status === 'sending')
    ? 'sending'
    : batches.every((b) => b.status === 'sent') && !allRefused
      ? 'completed'
      : 'attention';
  return {
    sendId: plan.sendId,
    at: plan.at,
    profileId: plan.profileId,
    profileName: plan.profileName,
    appId: plan.appId,
    mmsType: plan.mmsType,
    mmsTitle: plan.mmsTitle,
    mmsFiles: plan.mmsFiles,
    contentPreview: contentPreview(plan.content),
    recipients: batches.reduce((sum, b) => sum + b.size, 0),
    batches,
    status,
    accepted,
    rejected,
  };
}
