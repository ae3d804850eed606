import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A new hidden name in the same folder (a rename within a folder is atomic). */
function temporaryPathBeside(path: string): string {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  return join(folder, `.${basename(path)}.${randomBytes(4).toString('hex')}.part`);
}

/**
 * Writes a whole file under a temporary name beside it and renames it into place, so a
 * crash mid-write never leaves half a file under the real name. The temporary file is
 * removed if anything fails.
 */
export function writeFileAtomically(path: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temporary = temporaryPathBeside(path);
  try {
    writeFileSync(temporary, data, options.mode === undefined ? undefined : { mode: options.mode });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The same for a file a streaming writer fills: `write` gets the temporary path. */
export async function writeStreamAtomically<T>(path: string, write: (temporary: string) => Promise<T>): Promise<T> {
  const temporary = temporaryPathBeside(path);
  try {
    const result = await write(temporary);
    await rename(temporary, path);
    return result;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
