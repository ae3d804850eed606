/**
 * The files of one archive on disk: the database and its write-ahead log, what they
 * weigh, who may read them, and removing them.
 */
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** The files the engine makes for an archive at `path`. */
export function archiveFiles(path: string): string[] {
  return [path, `${path}.wal`];
}

/** Makes the archive's folder when missing, and keeps it the user's only, whoever made it. */
export function makeArchiveFolder(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  ownerOnly(dirname(path), 0o700);
}

/** Bytes on disk (the file and its write-ahead log). */
export function archiveSizeBytes(path: string): number {
  let size = 0;
  for (const file of archiveFiles(path)) if (existsSync(file)) size += statSync(file).size;
  return size;
}

/**
 * The archive holds phone numbers: its files readable by the user only. The engine makes
 * its log anew after a checkpoint with the process's default mode, so this runs after
 * every write as well as on open and close (the folder, 0700, covers the moments between).
 */
export function restrictToOwner(path: string): void {
  for (const file of archiveFiles(path)) ownerOnly(file, 0o600);
}

/** A file or folder of the archive (or a file written from it) for its owner only. POSIX; Windows keeps the folder's ACL. */
export function ownerOnly(path: string, mode: 0o600 | 0o700 = 0o600): void {
  if (process.platform === 'win32') return;
  try {
    if (existsSync(path) && (statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  } catch {
    // A file that vanished between the check and the chmod needs nothing.
  }
}

/** Removes the archive's files. */
export function removeArchiveFiles(path: string): void {
  for (const file of archiveFiles(path)) if (existsSync(file)) rmSync(file, { force: true });
}
