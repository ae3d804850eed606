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
import { fileCauseOf, type FileCause } from '../file-cause';

/** What each cause asks the user to do about a file of theirs. */
const SAID: Readonly<Record<FileCause, MessageKey>> = {
  'disk-full': 'export_file_disk_full',
  'not-allowed': 'export_file_not_allowed',
  'in-use': 'export_file_in_use',
  'read-only': 'export_file_read_only',
  missing: 'export_folder_gone',
  'name-too-long': 'export_file_name_too_long',
};

export function fileNotWritten(error: unknown, path: string, key: MessageKey = 'export_file_not_written'): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  const cause = fileCauseOf(error);
  // A file that cannot be made in a folder that is there (a system folder) is no missing folder.
  const said = cause === null || (cause === 'missing' && isFolder(dirname(path))) ? key : SAID[cause];
  return { code: 'file-error', ...worded({ key: said }), detail: `${reason} (${path})` };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
