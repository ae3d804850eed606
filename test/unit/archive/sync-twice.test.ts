import { describe, expect, it } from 'vitest';
import type { Accounts } from '../../../src/main/accounts/accounts';
import type { Archives } from '../../../src/main/archive/archives';
import { createArchiveHandlers } from '../../../src/main/handlers/archive-handlers';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { createLogger } from '../../../src/main/log';
import { DEFAULT_ARCHIVE_SETTINGS } from '../../../src/shared/profiles';

/** Handlers whose archive is not open: a sync that gets past the check for one already running ends at "archive-off". */
function setup() {
  const jobs = new JobRegistry();
  const accounts = { active: async () => ({ id: 'p1' }), archiveSettings: () => DEFAULT_ARCHIVE_SETTINGS } as unknown as Accounts;
  const archives = { store: async () => null, condition: () => ({ state: 'off' }) } as unknown as Archives;
  const handlers = createArchiveHandlers({ accounts, archives, jobs, log: createLogger({ sink: () => {}, console: false }) });
  return { jobs, handlers };
}

const running = (kind: 'sync' | 'report' | 'export', operation: 'voiceRecords' | 'seats' | null, profileId = 'p1') =>
  ({ kind, title: kind === 'report' ? 'Overview' : 'Voice records', profileId, operation, path: null, cancellable: true }) as const;

describe('Sync while a sync of the same list runs', () => {
  it('is refused, naming the job that runs, when a sync or the Overview report already writes that list of the archive', async () => {
    for (const [kind, operation] of [['sync', 'voiceRecords'], ['sync', null], ['report', null]] as const) {
      const { jobs, handlers } = setup();
      jobs.start(running(kind, operation));
      const answer = await handlers.startSync({ operations: ['voiceRecords'] });
      expect(answer).toMatchObject({ ok: false, error: { code: 'busy', message: expect.stringContaining(kind === 'report' ? 'Overview' : 'Voice records') } });
    }
  });

  it('goes ahead beside a sync of another list, another profile, an export, or one that ended', async () => {
    const { jobs, handlers } = setup();
    jobs.start(running('sync', 'seats'));
    jobs.start(running('sync', 'voiceRecords', 'p2'));
    jobs.start(running('export', 'voiceRecords'));
    jobs.start(running('sync', 'voiceRecords')).end({ state: 'completed', rows: 1, error: null, warnings: [] });
    // Past the check: the archive (off here) answers.
    await expect(handlers.startSync({ operations: ['voiceRecords'] })).resolves.toMatchObject({ ok: false, error: { code: 'archive-off' } });
  });
});
