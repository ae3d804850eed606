/**
 * A save dialog's answer claimed for one export: the path the user chose (a finished file
 * there is replaced on completion), or in browser mode, where nobody was asked, the first
 * free name in the exports folder. A path another export is writing is refused, saying so.
 */
import { basename, dirname } from 'node:path';
import type { DesktopPort } from '../desktop-port';
import { fail, ok, type Result } from '../../shared/result';
import { m } from '../../shared/i18n';
import { PathBusyError, reserveFreePath, reservePath, type Reservation } from './reservation';

export function claimSavePath(host: DesktopPort['host'], path: string): Result<Reservation> {
  try {
    return ok(host === 'browser' ? reserveFreePath(dirname(path), basename(path)) : reservePath(path));
  } catch (error) {
    if (error instanceof PathBusyError) return fail('file-busy', error.message, path);
    const reason = error instanceof Error ? error.message : String(error);
    return fail('file-error', m.export_file_not_created(), `${reason} (${path})`);
  }
}
