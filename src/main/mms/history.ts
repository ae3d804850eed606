/**
 * Every MMS send as the journal tells it, kept in memory after one read and updated
 * as entries are appended. A batch whose "about to send" has no answer in the file
 * when it is first read was cut off by a crash or a quit: its outcome is unknown.
 */
import { buildResultRows } from '../../shared/mms/results';
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

export interface BatchState {
  numbers: string[];
  status: MmsBatchStatus;
  attempts: number;
  accepted: number | null;
  rejected: number | null;
  messages: { msgId: string | null; number: string | null }[];
  error: MmsBatchError | null;
  lastAttemptAt: number | null;
}

export interface SendState {
  plan: SendPlannedEntry;
  batches: BatchState[];
}

export const INTERRUPTED: MmsBatchError = {
  code: 'outcome-unknown',
  message:
    'Switchboard stopped while this batch was being sent: it may or may not have gone out. Check the sent messages on the platform before resending.',
};

export class MmsHistory {
  private readonly sends = new Map<string, SendState>();
  private loaded = false;

  constructor(
    private readonly journal: MmsJournal,
    private readonly log: Logger,
  ) {}

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const { entries, skipped } = this.journal.read();
    if (skipped > 0) this.log.warn(`MMS journal: ${skipped} unreadable line(s) skipped (a crash can leave one).`);
    for (const entry of entries) this.apply(entry);
    for (const send of this.sends.values()) {
      for (const batch of send.batches) {
        if (batch.status === 'sending') {
          batch.status = 'outcome-unknown';
          batch.error = INTERRUPTED;
        }
      }
    }
  }

  has(sendId: string): boolean {
    this.load();
    return this.sends.has(sendId);
  }

  get(sendId: string): SendState | undefined {
    this.load();
    return this.sends.get(sendId);
  }

  /** Writes the entry to disk (fsync'ed), then applies it. Throws when the disk refuses. */
  record(entry: NewEntry): void {
    this.load();
    this.journal.append(entry);
    this.apply({ v: 1, ...entry } as JournalEntry);
  }

  /** Applies an entry the disk refused: what happened must still show. */
  applyUnsaved(entry: NewEntry): void {
    this.apply({ v: 1, ...entry } as JournalEntry);
  }

  list(): MmsSendSummary[] {
    this.load();
    return [...this.sends.values()].map(summaryOf).sort((a, b) => b.at - a.at);
  }

  detail(sendId: string): MmsSendDetail | null {
    const send = this.get(sendId);
    if (!send) return null;
    const rows = buildResultRows(
      send.batches.map((batch, index) => ({
        batch: index + 1,
        numbers: batch.numbers,
        status: batch.status,
        messages: batch.messages,
        error: batch.error,
      })),
    );
    return { ...summaryOf(send), content: send.plan.content, rows };
  }

  summary(sendId: string): MmsSendSummary | null {
    const send = this.get(sendId);
    return send ? summaryOf(send) : null;
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
      batch.status = 'sending';
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
      return;
  }
}

function summaryOf(send: SendState): MmsSendSummary {
  const { plan } = send;
  const batches: MmsBatchView[] = send.batches.map((batch, index) => ({
    batch: index + 1,
    size: batch.numbers.length,
    status: batch.status,
    attempts: batch.attempts,
    accepted: batch.accepted,
    rejected: batch.rejected,
    error: batch.error,
    lastAttemptAt: batch.lastAttemptAt,
  }));
  const status = batches.some((b) => b.status === 'sending')
    ? 'sending'
    : batches.every((b) => b.status === 'sent')
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
    accepted: batches.reduce((sum, b) => sum + (b.accepted ?? 0), 0),
    rejected: batches.reduce((sum, b) => sum + (b.rejected ?? 0), 0),
  };
}
