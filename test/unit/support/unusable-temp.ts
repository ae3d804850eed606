import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The name in `folder` that stands in for the system's temp folder while `withUnusableTemp` runs (a file, not a folder). */
export const UNUSABLE_TEMP = 'not-a-folder';

/**
 * Runs `work` with the system's temp folder (TMPDIR) pointing at a file in `folder`, so
 * anything that writes there fails; TMPDIR is as it was afterwards.
 */
export async function withUnusableTemp<T>(folder: string, work: () => Promise<T>): Promise<T> {
  const systemTemp = process.env.TMPDIR;
  const unusable = join(folder, UNUSABLE_TEMP);
  writeFileSync(unusable, '');
  process.env.TMPDIR = unusable;
  try {
    return await work();
  } finally {
    if (systemTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemp;
  }
}
