/**
 * A file an export could not write: what to do about it, in the language on show, and the
 * system's reason with the path as the detail. A cause the system names (a full disk, a
 * folder the user may not write to, a file another program holds) is said as such; any
 * other is said by the caller's own message.
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { worded, type MessageKey } from '../../shared/i18n/said';
import type { AppError } from '../../shared/result';
import { isDiskFull } from '../archive/disk-full';

/** What each of the file system's error codes asks the user to do. */
const CAUSES: Readonly<Record<string, MessageKey>> = {
  ENOSPC: 'export_file_disk_full',
  EDQUOT: 'export_file_disk_full',
  // Windows also answers so for a file another program (Excel) has open.
  EACCES: 'export_file_not_allowed',
  EPERM: 'export_file_not_allowed',
  EBUSY: 'export_file_in_use',
  EROFS: 'export_file_read_only',
  ENOENT: 'export_folder_gone',
  ENOTDIR: 'export_folder_gone',
  ENAMETOOLONG: 'export_file_name_too_long',
};

export function fileNotWritten(error: unknown, path: string, key: MessageKey = 'export_file_not_written'): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return { code: 'file-error', ...worded({ key: causeOf(error, path) ?? key }), detail: `${reason} (${path})` };
}

/** The message of the cause the error names; null when it names none this knows. */
function causeOf(error: unknown, path: string): MessageKey | null {
  // The engine (a Parquet file) says a full disk in words, not by a code.
  if (isDiskFull(error)) return 'export_file_disk_full';
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  const cause = typeof code === 'string' && Object.hasOwn(CAUSES, code) ? CAUSES[code] : null;
  // A file that cannot be made in a folder that is there (a system folder) is no missing folder.
  return cause === 'export_folder_gone' && isFolder(dirname(path)) ? null : cause;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
