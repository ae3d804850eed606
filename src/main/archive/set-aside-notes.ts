/**
 * What an archive set aside: a file it could not read, moved beside it before a new one was
 * started. Noted in a file beside the archive until the user dismisses it, so the archive's
 * status tells it after a restart too, and whichever process (app or command line) moved it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { SetAsideArchive } from '../../shared/methods/archive';
import { writeFileAtomically } from '../atomic-file';
import { ownerOnly } from './archive-files';

/** Enough to tell the story; a flood of set-asides (a file damaged on every open) keeps the newest. */
const NOTES_MAX = 20;

function notesPath(archivePath: string): string {
  return `${archivePath}.set-aside.json`;
}

/** The set-asides not yet dismissed, oldest first; a notes file that cannot be read holds none. */
export function setAsideNotes(archivePath: string): SetAsideArchive[] {
  const path = notesPath(archivePath);
  if (!existsSync(path)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isSetAside) : [];
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

/** Forgets every set-aside of the archive (the files moved aside stay where they were kept). */
export function dismissSetAsideNotes(archivePath: string): void {
  rmSync(notesPath(archivePath), { force: true });
}

function isSetAside(value: unknown): value is SetAsideArchive {
  if (typeof value !== 'object' || value === null) return false;
  const { keptAt, reason, atMs } = value as Record<string, unknown>;
  return typeof keptAt === 'string' && typeof reason === 'string' && typeof atMs === 'number' && Number.isFinite(atMs);
}
