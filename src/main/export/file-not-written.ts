/** A file an export could not write: what to do, in the language on show, and the system's reason with the path as the detail. */
import { worded, type MessageKey } from '../../shared/i18n/said';
import type { AppError } from '../../shared/result';

export function fileNotWritten(error: unknown, path: string, key: MessageKey = 'export_file_not_written'): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return { code: 'file-error', ...worded({ key }), detail: `${reason} (${path})` };
}
