/**
 * The MMS journal: append-only JSON lines in `<userData>/mms-journal.jsonl`, each
 * line fsync'ed before the call it announces is made, so a crash mid-send still
 * leaves a record of what may have gone out. Never holds a secret: the content,
 * the numbers, the app id and the profile's name, nothing of its credentials.
 * Reading tolerates a torn (half-written) line, which only a crash can leave.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  fstatSync,
  writeSync,
} from 'node:fs';
import { isOwner, type Owner } from './journal-lock';
import { isRecord } from '../../shared/parse';
import type { MmsBatchError, MmsSendPlan } from '../../shared/mms/records';
import type { MmsType } from '../../shared/requests';

export const JOURNAL_FILE = 'mms-journal.jsonl';
const VERSION = 1;

/** The whole send, written once when it is confirmed, before any batch goes out. */
export interface SendPlannedEntry extends MmsSendPlan {
  v: number;
  kind: 'send';
  content: string;
  batches: string[][];
}

interface BatchEntryBase {
  v: number;
  kind: 'batch';
  sendId: string;
  /** 1-based. */
  batch: number;
  /** 1 for the first send of the batch; a deliberate resend adds one. */
  attempt: number;
  at: number;
}

export interface AboutToSendEntry extends BatchEntryBase {
  phase: 'about-to-send';
  /** The process that claimed the batch (absent in journals from before claims were owned). */
  owner?: Owner;
  appId: string;
  mmsType: MmsType;
  numbers: string[];
  contentPreview: string;
}

export interface AnsweredEntry extends BatchEntryBase {
  phase: 'answered';
  accepted: number | null;
  rejected: number | null;
  messages: { msgId: string | null; number: string | null }[];
}

export interface FailedEntry extends BatchEntryBase {
  phase: 'failed' | 'outcome-unknown';
  error: MmsBatchError;
}

export type BatchEntry = AboutToSendEntry | AnsweredEntry | FailedEntry;
export type JournalEntry = SendPlannedEntry | BatchEntry;

type WithoutVersion<T> = T extends unknown ? Omit<T, 'v'> : never;
/** Entries without the version, as callers give them. */
export type NewEntry = WithoutVersion<JournalEntry>;

export interface JournalRead {
  entries: JournalEntry[];
  /** Lines that could not be read (a torn last line after a crash). */
  skipped: number;
}

export class MmsJournal {
  constructor(readonly path: string) {}

  /** Appends one entry and waits until it is on disk. Callers hold the journal lock. */
  append(entry: NewEntry): void {
    const fd = openSync(this.path, 'a+');
    try {
      // A torn last line from a crash (of any process sharing the file) must not swallow this entry.
      if (!endsWithNewline(fd)) writeSync(fd, '\n');
      writeSync(fd, `${JSON.stringify({ v: VERSION, ...entry })}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  read(): JournalRead {
    if (!existsSync(this.path)) return { entries: [], skipped: 0 };
    return parseLines(readFileSync(this.path, 'utf8'));
  }

  /**
   * The complete lines written since byte `offset` (another process may be appending:
   * a line without its newline yet is left for the next read). `restarted` when the
   * file is shorter than `offset` (replaced): then everything is read again.
   */
  readFrom(offset: number): JournalRead & { offset: number; restarted: boolean } {
    if (!existsSync(this.path)) return { entries: [], skipped: 0, offset: 0, restarted: offset > 0 };
    const fd = openSync(this.path, 'r');
    try {
      const size = fstatSync(fd).size;
      const restarted = size < offset;
      const start = restarted ? 0 : offset;
      const bytes = Buffer.alloc(size - start);
      let read = 0;
      while (read < bytes.length) {
        const n = readSync(fd, bytes, read, bytes.length - read, start + read);
        if (n === 0) break;
        read += n;
      }
      const complete = bytes.subarray(0, bytes.lastIndexOf(0x0a, read - 1) + 1);
      return { ...parseLines(complete.toString('utf8')), offset: start + complete.length, restarted };
    } finally {
      closeSync(fd);
    }
  }
}

function parseLines(text: string): JournalRead {
  const entries: JournalEntry[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const entry = parseEntry(line);
    if (entry) entries.push(entry);
    else skipped += 1;
  }
  return { entries, skipped };
}

function endsWithNewline(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

function parseEntry(line: string): JournalEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.sendId !== 'string' || typeof value.at !== 'number') return null;
  if (value.kind === 'send') return isPlanned(value) ? value : null;
  if (value.kind === 'batch') return isBatchEntry(value) ? value : null;
  return null;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isPlanned(value: Record<string, unknown>): value is Record<string, unknown> & SendPlannedEntry {
  return (
    typeof value.profileId === 'string' &&
    typeof value.profileName === 'string' &&
    typeof value.appId === 'string' &&
    (value.mmsType === '1' || value.mmsType === '2') &&
    typeof value.content === 'string' &&
    Array.isArray(value.batches) &&
    value.batches.every(isStringList)
  );
}

function isBatchEntry(value: Record<string, unknown>): value is Record<string, unknown> & BatchEntry {
  if (!Number.isSafeInteger(value.batch) || !Number.isSafeInteger(value.attempt)) return false;
  switch (value.phase) {
    case 'about-to-send':
      return isStringList(value.numbers) && (value.owner === undefined || isOwner(value.owner));
    case 'answered':
      return Array.isArray(value.messages);
    case 'failed':
    case 'outcome-unknown':
      return isRecord(value.error) && typeof value.error.message === 'string';
    default:
      return false;
  }
}
