/** Deleting an archive: only a profile's own, and never under a running sync's feet. */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArchiveStatus } from '../../../src/shared/methods/archive';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { startTestServices, valueOf } from '../support/services';

describe('deleteArchive', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'archive-delete-'));
  const { services, jobChanges, call } = startTestServices({
    userDataDir,
    sandboxOptions: { volume: 'small', faults: { latencyMs: 150 } },
  });
  afterAll(() => services.close());

  it('refuses a name that is not a profile and leaves the files of that name alone', async () => {
    const folder = join(userDataDir, 'archive');
    mkdirSync(folder, { recursive: true });
    const files = [join(folder, 'someone-else.duckdb'), join(folder, 'someone-else.duckdb.wal')];
    for (const file of files) writeFileSync(file, 'not ours');
    const refused = await call('deleteArchive', { profileId: 'someone-else' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not-found' } });
    for (const file of files) expect(existsSync(file)).toBe(true);
  });

  it('cancels a running sync first, says so, and leaves no archive behind', async () => {
    const started = valueOf(await call<{ job: JobInfo }>('startSync', { operations: ['voiceRecords'] }));
    const path = join(userDataDir, 'archive', 'sandbox.duckdb');
    const store = await services.archives.store('sandbox');
    await expect.poll(() => store?.syncing, { timeout: 30_000, interval: 5 }).toBe(true);

    const deleted = valueOf(await call<ArchiveStatus>('deleteArchive', { profileId: 'sandbox' }));
    expect(deleted.message).toMatch(/sync of this archive was running: it was cancelled first/);
    await expect.poll(() => jobChanges.filter((job) => job.jobId === started.job.jobId).at(-1)?.state).toBe('cancelled');
    expect(existsSync(path)).toBe(false);
    expect(existsSync(`${path}.wal`)).toBe(false);
  }, 60_000);
});
