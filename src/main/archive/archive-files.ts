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

/** Makes the archive's folder when missing. */
export function makeArchiveFolder(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
}

/** Bytes on disk (the file and its write-ahead log). */
export function archiveSizeBytes(path: string): number {
  let size = 0;
  for (const file of archiveFiles(path)) if (existsSync(file)) size += statSync(file).size;
  return size;
}

/** The archive holds phone numbers: readable by the user only (POSIX; Windows keeps the profile folder's ACL). */
export function restrictToOwner(path: string): void {
  if (process.platform === 'win32') return;
  for (const file of archiveFiles(path)) {
    try {
      if (existsSync(file)) chmodSync(file, 0o600);
    } catch {
      // A file that vanished between the check and the chmod needs nothing.
    }
  }
}

/** Removes the archive's files. */
export function removeArchiveFiles(path: string): void {
  for (const file of archiveFiles(path)) if (existsSync(file)) rmSync(file, { force: true });
}
