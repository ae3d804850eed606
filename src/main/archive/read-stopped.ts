/** What an archive read that stopped short (see read-pool.ts) means to whoever asked. */
import { fail, type Result } from '../../shared/result';
import { ArchiveReadCancelled, ArchiveReadsQueued, ArchiveReadTimeout } from './read-pool';

/** The error result of a read the pool stopped or refused; null for any other error. */
export function readStoppedResult(error: unknown): Result<never> | null {
  if (error instanceof ArchiveReadsQueued) return fail('busy', error.message);
  if (error instanceof ArchiveReadTimeout) return fail('archive-timeout', error.message);
  if (error instanceof ArchiveReadCancelled) return fail('cancelled', error.message);
  return null;
}
