import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createLogger } from '../../../src/main/log';
import { createServices, type Services } from '../../../src/main/handlers';
import type { DesktopPort } from '../../../src/main/desktop-port';
import type { EventName, PayloadOf } from '../../../src/shared/contract';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import type { Result } from '../../../src/shared/result';

describe('exports are jobs of the app', () => {
  const folder = mkdtempSync(join(tmpdir(), 'export-jobs-'));
  const opened: string[] = [];
  let openProblem: string | null = null;
  const desktop: DesktopPort = {
    host: 'electron',
    openExternal: async () => {},
    chooseSavePath: async ({ defaultName }) => join(folder, defaultName),
    showInFolder: async () => {},
    openPath: async (path) => {
      opened.push(path);
      return openProblem;
    },
    offerDownload: () => null,
  };
  const changes: JobInfo[] = [];
  let services: Services;

  beforeAll(() => {
    services = createServices({
      userDataDir: mkdtempSync(join(tmpdir(), 'export-jobs-data-')),
      desktop,
      log: createLogger({ console: false }),
      secrets: createMemorySecretStore(),
      emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => {
        if (name === 'jobChanged') changes.push(payload as JobInfo);
      },
    });
  });
  afterAll(() => services.close());

  const call = async <T>(method: string, input?: unknown): Promise<Result<T>> => (await services.dispatch(method, input)) as Result<T>;

  it('lists a started export, reports how it ended, and opens only the file it wrote', async () => {
    const started = await call<{ job: JobInfo | null }>('startExport', { operation: 'seats', params: {}, format: 'csv', scope: 'page', current: 1, size: 10 });
    if (!started.ok || started.value.job === null) throw new Error('the export did not start');
    const { jobId, path } = started.value.job;
    expect(started.value.job).toMatchObject({ kind: 'export', title: 'Seats', operation: 'seats', cancellable: true });

    await expect.poll(() => changes.find((job) => job.jobId === jobId && job.state !== 'running')?.state).toBe('completed');
    const listed = await call<JobInfo[]>('listJobs');
    expect(listed.ok && listed.value.find((job) => job.jobId === jobId)).toMatchObject({ state: 'completed', rows: 10, path });
    expect(path !== null && existsSync(path)).toBe(true);

    expect(await call('openExportedFile', { path })).toEqual({ ok: true, value: null });
    openProblem = 'No application is set to open this kind of file.';
    expect(await call('openExportedFile', { path })).toMatchObject({ ok: false, error: { code: 'open-failed', detail: openProblem } });
    expect(await call('openExportedFile', { path: join(folder, 'elsewhere.xlsx') })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(opened).toEqual([path, path]);
  });
});
