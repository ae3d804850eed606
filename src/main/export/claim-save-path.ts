/**
 * A save dialog's answer claimed for one export: the path the user chose (a finished file
 * there is replaced on completion), or in browser mode, where nobody was asked, the first
 * free name in the exports folder (a command's --out is a path the user chose). A path another
 * export is writing, or a folder, is refused, saying so.
 */
import { basename, dirname } from 'node:path';
import type { DesktopPort } from '../desktop-port';
import { failWith, ok, type Result } from '../../shared/result';
import { fileNotWritten } from './file-not-written';
import { refusedClaimOf, reserveFreePath, reservePath, type Reservation } from './reservation';

export function claimSavePath(host: DesktopPort['host'] | 'command', path: string): Result<Reservation> {
  try {
    return ok(host === 'browser' ? reserveFreePath(dirname(path), basename(path)) : reservePath(path));
  } catch (error) {
    return failWith(refusedClaimOf(error, path) ?? fileNotWritten(error, path, 'export_file_not_created'));
  }
}
