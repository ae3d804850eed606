import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/log';
import { createDispatcher, type Handlers } from '../../../src/main/handlers/dispatcher';
import { createJobHandlers } from '../../../src/main/handlers/job-handlers';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { methodNames } from '../../../src/shared/contract';
import { ok } from '../../../src/shared/result';

function setup() {
  const jobs = new JobRegistry();
  const placeholders = Object.fromEntries(methodNames.map((name) => [name, () => ok(null)])) as unknown as Handlers;
  const dispatch = createDispatcher({ ...placeholders, ...createJobHandlers(jobs) }, createLogger({ sink: () => {}, console: false }), '/data');
  return { jobs, dispatch };
}

const job = { kind: 'export', title: 'Voice records', profileId: 'p1', operation: 'voiceRecords', path: null, cancellable: true } as const;

describe('the jobs bridge', () => {
  it('cancels a running job, and answers the same for one that already ended', async () => {
    const { jobs, dispatch } = setup();
    const running = jobs.start(job);
    await expect(dispatch('cancelJob', { jobId: running.id })).resolves.toEqual({ ok: true, value: null });
    expect(running.signal.aborted).toBe(true);
    running.end({ state: 'cancelled', rows: 0, error: null, warnings: [] });
    // Twice, and after it ended: nothing more happens, and nothing fails.
    await expect(dispatch('cancelJob', { jobId: running.id })).resolves.toEqual({ ok: true, value: null });
  });

  it('refuses a job id that is not one, naming the field, never "internal"', async () => {
    const { dispatch } = setup();
    for (const jobId of [42, Number.NaN, { nested: { id: 'x' } }, ['a'], '', 'x'.repeat(10_000), 'not-a-uuid']) {
      const answer = await dispatch('cancelJob', { jobId });
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad-request', fields: { jobId: expect.any(String) } } });
    }
  });

  it('says no job has an id it does not know (never one, or cleared), at the field', async () => {
    const { jobs, dispatch } = setup();
    const unknown = await dispatch('cancelJob', { jobId: '0b7a4c2e-5f1d-4c3b-9a8e-1d2c3b4a5f6e' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found', fields: { jobId: expect.any(String) } } });
    const cleared = jobs.start(job);
    cleared.end({ state: 'completed', rows: 1, error: null, warnings: [] });
    jobs.clearFinished();
    await expect(dispatch('cancelJob', { jobId: cleared.id })).resolves.toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('refuses hostile requests to the other jobs methods at their field', async () => {
    const { dispatch } = setup();
    await expect(dispatch('clearFinishedJobs', { kind: 'everything' })).resolves.toMatchObject({ ok: false, error: { code: 'bad-request', fields: { kind: expect.any(String) } } });
    await expect(dispatch('clearFinishedJobs', { kind: { nested: 1 } })).resolves.toMatchObject({ ok: false, error: { code: 'bad-request', fields: { kind: expect.any(String) } } });
    await expect(dispatch('listJobs', { jobId: 1 })).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });
});
