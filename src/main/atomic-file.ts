import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a whole file under a temporary name beside it and renames it into place, so a
 * crash mid-write never leaves half a file under the real name. The temporary file is
 * removed if anything fails.
 */
export function writeFileAtomically(path: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const temporary = join(folder, `.${basename(path)}.${randomBytes(4).toString('hex')}.part`);
  try {
    writeFileSync(temporary, data, options.mode === undefined ? undefined : { mode: options.mode });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
