/**
 * A file the app keeps for itself (profiles, preferences, the archive's folder) that the
 * file system refused while a request ran: said by its cause, with the file, in the language
 * on show, rather than as a fault of the app. What the user had typed is still on the screen.
 */
import { worded, type Said } from '../../shared/i18n/said';
import { fail, type Result } from '../../shared/result';
import { ArchiveDiskFullError } from '../archive/disk-full';
import { fileCauseOf, isFileSystemError, type FileCause } from '../file-cause';

/** The error result of a file system refusal; null for any other error. `folder` is named when the error names no file. */
export function fileRefusalResult(error: unknown, folder: string): Result<never> | null {
  // The archive's own words for its full disk: how much to free.
  if (error instanceof ArchiveDiskFullError) return fail(error.code, error.message);
  if (!isFileSystemError(error)) return null;
  // A rename names the file it was to become (the one the user knows) as its destination.
  const path = [Reflect.get(error, 'dest'), Reflect.get(error, 'path')].find((named): named is string => typeof named === 'string' && named !== '') ?? folder;
  return { ok: false, error: { code: 'file-error', ...worded(saidOf(fileCauseOf(error), path)), detail: error.message } };
}

function saidOf(cause: FileCause | null, path: string): Said {
  switch (cause) {
    case 'disk-full':
      return { key: 'errors_file_disk_full' };
    case 'not-allowed':
      return { key: 'errors_file_not_allowed', params: { path } };
    case 'in-use':
      return { key: 'errors_file_in_use', params: { path } };
    case 'read-only':
      return { key: 'errors_file_read_only', params: { path } };
    default:
      return { key: 'errors_file_failed', params: { path } };
  }
}
