/**
 * A file an export could not write is said by its cause, where the system names one the
 * user can act on; any other cause keeps the caller's own message. The system's words and
 * the path stay in the detail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say } from '../../../src/shared/i18n/said';
import { fileNotWritten } from '../../../src/main/export/file-not-written';

/** An error as Node's file system throws it: a code and its words. */
function systemError(code: string, words: string): Error {
  return Object.assign(new Error(`${code}: ${words}, open '/reports/voice.xlsx.partial'`), { code });
}

describe('a file an export could not write', () => {
  it.each([
    ['ENOSPC', 'no space left on device', 'export_file_disk_full'],
    ['EDQUOT', 'disk quota exceeded', 'export_file_disk_full'],
    ['EACCES', 'permission denied', 'export_file_not_allowed'],
    ['EPERM', 'operation not permitted', 'export_file_not_allowed'],
    ['EBUSY', 'resource busy or locked', 'export_file_in_use'],
    ['EROFS', 'read-only file system', 'export_file_read_only'],
    ['ENOENT', 'no such file or directory', 'export_folder_gone'],
    ['ENOTDIR', 'not a directory', 'export_folder_gone'],
    ['ENAMETOOLONG', 'name too long', 'export_file_name_too_long'],
  ] as const)('%s is said as what to do about it', (code, words, key) => {
    const error = fileNotWritten(systemError(code, words), '/reports/voice.xlsx');
    expect(error).toMatchObject({ code: 'file-error', said: { key } });
    expect(error.message).toBe(say({ key }));
    expect(error.message).not.toContain(code);
    expect(error.detail).toBe(`${code}: ${words}, open '/reports/voice.xlsx.partial' (/reports/voice.xlsx)`);
  });

  it('says a missing folder only when the folder is missing', () => {
    // A file that cannot be made in a folder that is there (a system folder such as /proc).
    const inAFolder = join(mkdtempSync(join(tmpdir(), 'file-not-written-')), 'voice.xlsx');
    expect(fileNotWritten(systemError('ENOENT', 'no such file or directory'), inAFolder).said).toEqual({ key: 'export_file_not_written' });
    expect(fileNotWritten(systemError('ENOENT', 'no such file or directory'), join(inAFolder, 'gone', 'voice.xlsx')).said).toEqual({ key: 'export_folder_gone' });
    rmSync(dirname(inAFolder), { recursive: true });
  });

  it("says a full disk the engine reports in words (a Parquet file's)", () => {
    const error = fileNotWritten(new Error('IO Error: Could not write file "/reports/calls.parquet": No space left on device'), '/reports/calls.parquet', 'cli_archive_parquet_failed');
    expect(error.said).toEqual({ key: 'export_file_disk_full' });
  });

  it("keeps the caller's message for a cause it does not know", () => {
    expect(fileNotWritten(systemError('EIO', 'i/o error'), '/reports/voice.xlsx').said).toEqual({ key: 'export_file_not_written' });
    expect(fileNotWritten(new Error('Invalid Input Error: odd'), '/r/c.parquet', 'cli_archive_parquet_failed').said).toEqual({ key: 'cli_archive_parquet_failed' });
    expect(fileNotWritten('no reason given', '/reports/voice.xlsx')).toMatchObject({ said: { key: 'export_file_not_written' }, detail: 'no reason given (/reports/voice.xlsx)' });
  });

  it("takes no code from an object's own machinery for a cause", () => {
    for (const code of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(fileNotWritten(systemError(code, 'odd'), '/reports/voice.xlsx').said).toEqual({ key: 'export_file_not_written' });
    }
  });
});
