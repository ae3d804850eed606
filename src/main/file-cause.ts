/**
 * What a file system's error (or the engine's, which says a full disk in words) tells the
 * user to act on: the one reading of an error that every message about a file is worded from.
 */

/** A cause the user can do something about. */
export type FileCause = 'disk-full' | 'not-allowed' | 'in-use' | 'read-only' | 'missing' | 'name-too-long';

/** The file system's error codes, by the cause each names. */
const CAUSES: Readonly<Record<string, FileCause>> = {
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
  // Windows also answers so for a file another program (Excel) has open.
  EACCES: 'not-allowed',
  EPERM: 'not-allowed',
  EBUSY: 'in-use',
  EROFS: 'read-only',
  ENOENT: 'missing',
  ENOTDIR: 'missing',
  ENAMETOOLONG: 'name-too-long',
};

export function isDiskFull(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /ENOSPC|no space left on device|disk is full|not enough space on the disk|there is not enough space/i.test(message) || isSpillRefused(error);
}

/**
 * The engine could not spill its work to its temporary folder (beside the archive): it says
 * it ran out of memory, but no limit is set on that folder other than its disk's free
 * space, so the disk holding the archive is full.
 */
export function isSpillRefused(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /failed to offload data block[\s\S]*max_temp_directory_size/i.test(message);
}

/** The cause an error names; null when it names none of these. */
export function fileCauseOf(error: unknown): FileCause | null {
  if (isDiskFull(error)) return 'disk-full';
  const code = codeOf(error);
  return code !== null && Object.hasOwn(CAUSES, code) ? CAUSES[code] : null;
}

/** Whether the error is the file system's own (it names the call that failed): a file the app uses, not a fault of the app. */
export function isFileSystemError(error: unknown): error is Error & { code: string; syscall: string } {
  return codeOf(error) !== null && typeof (error instanceof Error ? Reflect.get(error, 'syscall') : undefined) === 'string';
}

function codeOf(error: unknown): string | null {
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : null;
}
