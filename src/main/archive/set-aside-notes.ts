/**
 * What an archive set aside: a file it could not read, moved beside it before a new one was
 * started. Noted in a file beside the archive until the user dismisses it, so the archive's
 * status tells it after a restart too, and whichever process (app or command line) moved it.
 */
import { lstatSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { SetAsideArchive } from '../../shared/methods/archive';
import { writeFileAtomically } from '../atomic-file';
import { ownerOnly } from './archive-files';

/** Enough to tell the story; a flood of set-asides (a file damaged on every open) keeps the newest. */
const NOTES_MAX = 20;
/**
 * Far more than NOTES_MAX notes take (each a path and a short reason): a larger file was not
 * written by the app, and is not read (a 100 MB file would hold up every status).
 */
const NOTES_FILE_MAX_BYTES = 256 * 1024;
/** A path longer than any the systems allow is no path the app wrote. */
const KEPT_AT_MAX = 4096;
/** The last instant a note's time is shown for (the end of year 9999): past it, the time cannot be written as a date. */
const LATEST_MS = Date.UTC(9999, 11, 31);

function notesPath(archivePath: string): string {
  return `${archivePath}.set-aside.json`;
}

/**
 * The set-asides not yet dismissed, oldest first, each as the screen can show it: a notes file
 * that cannot be read (damaged, not a plain file, far too large) holds none; a note of the wrong
 * shape is skipped, a reason longer than a line is shortened, and a file moved aside is told once.
 */
export function setAsideNotes(archivePath: string): SetAsideArchive[] {
  let parsed: unknown;
  try {
    const path = notesPath(archivePath);
    // Only a plain file of a sensible size: a pipe or a device would never end, or hold up the status.
    const found = statSync(path, { throwIfNoEntry: false });
    if (!found?.isFile() || found.size > NOTES_FILE_MAX_BYTES) return [];
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const byKeptAt = new Map<string, SetAsideArchive>();
  for (const value of parsed) {
    if (!isSetAside(value)) continue;
    // The screen lists them by where they were kept: one entry for each.
    byKeptAt.delete(value.keptAt);
    byKeptAt.set(value.keptAt, { keptAt: value.keptAt, reason: shortReason(value.reason), atMs: value.atMs });
  }
  return [...byKeptAt.values()].slice(-NOTES_MAX);
}

/** The first line of the engine's message, kept short: what was found, told to the user. */
export function shortReason(text: string): string {
  const line = (text.split('\n')[0] ?? '').trim().replace(/[.]$/, '');
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Adds a set-aside to the notes (its reason shortened as told); a note that cannot be written (a full disk) is only lost, never the open. */
export function noteSetAside(archivePath: string, note: SetAsideArchive): void {
  try {
    writeFileAtomically(notesPath(archivePath), JSON.stringify([...setAsideNotes(archivePath), { ...note, reason: shortReason(note.reason) }].slice(-NOTES_MAX)), { mode: 0o600 });
    ownerOnly(notesPath(archivePath));
  } catch {
    // The user was told as it happened; only the reminder is lost.
  }
}

/**
 * Forgets the set-asides the user saw, named by where they were kept (all of them when
 * `seen` is not given); one noted since, by another process, is still told. The files moved
 * aside stay where they were kept. Only a notes file is changed: anything else under its name
 * (a folder) was not made by the app, holds no notes the status shows, and is left alone.
 */
export function dismissSetAsideNotes(archivePath: string, seen?: readonly string[]): void {
  const path = notesPath(archivePath);
  const found = lstatSync(path, { throwIfNoEntry: false });
  if (found === undefined || found.isDirectory()) return;
  const dismissed = seen === undefined ? null : new Set(seen);
  const left = dismissed === null ? [] : setAsideNotes(archivePath).filter((note) => !dismissed.has(note.keptAt));
  if (left.length === 0) rmSync(path, { force: true });
  else writeFileAtomically(path, JSON.stringify(left), { mode: 0o600 });
}

function isSetAside(value: unknown): value is SetAsideArchive {
  if (typeof value !== 'object' || value === null) return false;
  const { keptAt, reason, atMs } = value as Record<string, unknown>;
  return (
    typeof keptAt === 'string' &&
    keptAt !== '' &&
    keptAt.length <= KEPT_AT_MAX &&
    // A path the app wrote has no line breaks or other control characters: one that has would be shown as it says.
    !/\p{Cc}/u.test(keptAt) &&
    typeof reason === 'string' &&
    typeof atMs === 'number' &&
    Number.isInteger(atMs) &&
    atMs >= 0 &&
    atMs <= LATEST_MS
  );
}
