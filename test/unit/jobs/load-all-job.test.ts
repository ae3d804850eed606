/** A Load all is a job like any other: told by `jobChanged`, its rows (sent apart) all before the change that ends it. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../../src/main/accounts/accounts';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { createListHandlers } from '../../../src/main/handlers/list-handlers';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { createLogger } from '../../../src/main/log';
import { type Sandbox, startSandbox } from '../../../src/main/sandbox';
import type { EventName, PayloadOf } from '../../../src/shared/contract';
import type { JobInfo } from '../../../src/shared/methods/jobs';

describe('Load all as a job', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 4 });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials });
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
  });

  const connection: Connection = {
    profileId: 'p1',
    profileName: 'Sandbox',
    baseUrl: '',
    apiKey: '',
    apiSecret: '',
    timeZone: '+08:00',
    pageSize: 100,
    defaultAppId: '',
  };

  function start(): { events: { name: string; job?: JobInfo; rows?: number }[]; jobs: JobRegistry; handlers: ReturnType<typeof createListHandlers> } {
    const events: { name: string; job?: JobInfo; rows?: number }[] = [];
    const emit = <E extends EventName>(name: E, payload: PayloadOf<E>): void => {
      if (name === 'jobRows') events.push({ name, rows: (payload as PayloadOf<'jobRows'>).rows.length });
      if (name === 'jobChanged') events.push({ name, job: payload as JobInfo });
    };
    const jobs = new JobRegistry((job) => emit('jobChanged', job));
    const handlers = createListHandlers({ pool: { active: async () => ({ client, connection }) }, jobs, emit, log: createLogger({ console: false }) });
    return { events, jobs, handlers };
  }

  it('is listed as a loadAll job of its profile, and ends after every row it counts was sent', async () => {
    const { events, jobs, handlers } = start();
    const jobId = randomUUID();
    const started = await handlers.startLoadAll({ jobId, operation: 'seats', params: {}, concurrency: 2 });
    expect(started).toMatchObject({ ok: true, value: { job: { jobId, kind: 'loadAll', title: 'Seats', profileId: 'p1', operation: 'seats', state: 'running', cancellable: true } } });
    await expect.poll(() => jobs.list().find((job) => job.jobId === jobId)?.state, { timeout: 20_000 }).toBe('completed');

    const seats = sandbox.data.seats().length;
    const ending = events.findIndex((event) => event.job?.state === 'completed');
    const rowsBefore = events.slice(0, ending).reduce((sum, event) => sum + (event.rows ?? 0), 0);
    expect(rowsBefore).toBe(seats);
    expect(events.slice(ending + 1)).toEqual([]);
    expect(events[ending].job).toMatchObject({ rows: seats, limited: false, progress: { rows: seats, totalRows: seats } });
  });

  it('cancelled through the registry, it ends as cancelled', async () => {
    const { jobs, handlers } = start();
    sandbox.setFaults({ latencyMs: 300 });
    try {
      const jobId = randomUUID();
      await handlers.startLoadAll({ jobId, operation: 'seats', params: {}, concurrency: 1 });
      expect(jobs.cancel(jobId)).toBe(true);
      await expect.poll(() => jobs.list().find((job) => job.jobId === jobId)?.state, { timeout: 20_000 }).toBe('cancelled');
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
    }
  });
});
