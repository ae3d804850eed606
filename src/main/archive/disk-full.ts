/**
 * The disk holding an archive running out of room: how the engine says so, and what the
 * user is told instead (how much to free, and that what was synced before is kept).
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatNumber, m } from '../../shared/i18n';
import { archiveSizeBytes } from './archive-files';

const MB = 1024 * 1024;
/** Room a sync needs beyond the file: a merged batch and the checkpoint after it. */
const WORKING_ROOM_BYTES = 64 * MB;

export class ArchiveDiskFullError extends Error {
  readonly code = 'archive-disk-full';
}

/**
 * What to tell: free the working room plus a tenth of the archive (it grows by about that
 * before a checkpoint gives blocks back), less what is free now.
 */
export function diskFullError(path: string): ArchiveDiskFullError {
  const needed = WORKING_ROOM_BYTES + Math.ceil(archiveSizeBytes(path) / 10);
  const free = freeBytes(path);
  const toFree = Math.max(MB, needed - (free ?? 0));
  return new ArchiveDiskFullError(
    m.cli_archive_disk_full({ megabytes: formatNumber(Math.ceil(toFree / MB)) }),
  );
}

function freeBytes(path: string): number | null {
  try {
    const stats = statfsSync(dirname(path));
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}
