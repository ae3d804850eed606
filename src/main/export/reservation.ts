/**
 * One file, one export. An export claims its target by creating the target's partial
 * file exclusively (an atomic step on every file system, across processes), writes into
 * it and renames it into place when complete. A name whose partial file exists is
 * taken, so two exports started together can never end at one path.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { isRecord } from '../../shared/parse';
import { m } from '../../shared/i18n';
import type { AppError } from '../../shared/result';

/** This app's partial files end so; nobody else's are ever touched. */
export const PARTIAL_SUFFIX = '.partial-switchboard';
const STALE_AFTER_MS = 86_400_000;

export interface Reservation {
  /** Where the finished file goes. */
  path: string;
  /** Where it is written until complete. */
  partial: string;
}

export class PathBusyError extends Error {
  override name = 'PathBusyError';
  constructor(readonly path: string) {
    super(m.export_path_busy({ name: basename(path) }));
  }
}

/** The path chosen is a folder: a finished file could never be renamed onto it. */
export class PathIsFolderError extends Error {
  override name = 'PathIsFolderError';
  constructor(readonly path: string) {
    super(m.export_path_folder({ path }));
  }
}

/** The answer for a claim refused because of the path itself (being written, or a folder); null for any other failure. */
export function refusedClaimOf(error: unknown, path: string): AppError | null {
  if (error instanceof PathBusyError) return { code: 'file-busy', message: error.message, detail: path };
  if (error instanceof PathIsFolderError) return { code: 'file-error', message: error.message };
  return null;
}

export function partialPathOf(path: string): string {
  return `${path}${PARTIAL_SUFFIX}`;
}

/**
 * Claims `path` (which the user chose; a finished file there is replaced on completion).
 * A folder there is refused before anything is fetched: the rename at the end would fail.
 */
export function reservePath(path: string, now: number = Date.now()): Reservation {
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new PathIsFolderError(path);
  removeStalePartials(dirname(path), now);
  const reservation = tryReserve(path);
  if (reservation === null) throw new PathBusyError(path);
  return reservation;
}

/** Claims the first of "name", "name (2)"… in `folder` that is neither finished nor being written. */
export function reserveFreePath(folder: string, name: string, now: number = Date.now()): Reservation {
  removeStalePartials(folder, now);
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 1; ; n++) {
    const candidate = join(folder, n === 1 ? name : `${stem} (${n})${extension}`);
    if (existsSync(candidate)) continue;
    const reservation = tryReserve(candidate);
    if (reservation === null) continue;
    // Another export may have finished this name between the check and the claim.
    if (existsSync(candidate)) {
      rmSync(reservation.partial, { force: true });
      continue;
    }
    return reservation;
  }
}

/**
 * A folder for the work files of writing `path` (a scratch archive, a Parquet file's parts),
 * made beside it for the user only: on the disk the file goes to, never the system's temp
 * folder, which is often held in memory. Named as a partial file is, so one a crash left
 * is removed with them.
 */
export function workFolderBeside(path: string, purpose: string): string {
  const folder = join(dirname(path), `.${basename(path)}.${purpose}-${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`);
  mkdirSync(folder, { mode: 0o700 });
  return folder;
}

/** Deletes this app's partial files (and work folders) in `folder` left by a crash more than a day ago. */
export function removeStalePartials(folder: string, now: number = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return; // a folder that cannot be listed has nothing of ours to clean
  }
  for (const name of names) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const file = join(folder, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true, recursive: true });
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
}

function tryReserve(path: string): Reservation | null {
  const partial = partialPathOf(path);
  try {
    closeSync(openSync(partial, 'wx', 0o600));
  } catch (error) {
    if (isRecord(error) && error.code === 'EEXIST') return null;
    throw error;
  }
  return { path, partial };
}
