/**
 * Validation has one owner, run once: a Load all or an export of many pages runs the
 * operation's parser once where the request enters main, and no page is parsed again.
 * Pages are counted on the sandbox's side; the expected count comes from the sandbox's
 * own answers, fetched raw.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../src/main/accounts/accounts';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { Archives } from '../../../src/main/archive/archives';
import type { DesktopPort } from '../../../src/main/desktop-port';
import { createExportHandlers } from '../../../src/main/handlers/export-handlers';
import { createListHandlers } from '../../../src/main/handlers/list-handlers';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { createLogger } from '../../../src/main/log';
import { type Sandbox, startSandbox } from '../../../src/main/sandbox';
import type { EventName, PayloadOf } from '../../../src/shared/contract';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { LISTS } from '../../../src/shared/operations';
import { DEFAULT_ARCHIVE_SETTINGS } from '../../../src/shared/profiles';
import { rawRecords } from '../export/expected';

const DAY = 86_400_000;
const log = createLogger({ console: false });

describe('a request is parsed once, where it enters main', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let folder: string;
  let params: { strTime: string; endTime: string };
  let expectedRows: number;
  const path = LISTS.numberRecords.endpoint.path;
  const parse = vi.spyOn(LISTS.numberRecords, 'checkParams');
  const pagesServed = (): number => sandbox.requestLog.filter((entry) => entry.path === path).length;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3 });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials });
    folder = mkdtempSync(join(tmpdir(), 'parsed-once-'));
    const end = sandbox.data.anchor.getTime();
    params = { strTime: new Date(end - 10 * DAY).toISOString(), endTime: new Date(end).toISOString() };
    expectedRows = (await rawRecords(sandbox, 'numberRecords', params)).length;
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    parse.mockClear();
    sandbox.clearRequestLog();
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
  const pool = { active: async () => ({ client, connection }) };

  it('Load all of several pages', async () => {
    expect(expectedRows).toBeGreaterThan(300);
    let done: JobInfo | null = null;
    let rows = 0;
    const handlers = createListHandlers({
      pool,
      jobs: new JobRegistry((job) => {
        if (job.state !== 'running') done = job;
      }),
      log,
      emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => {
        if (name === 'jobRows') rows += (payload as PayloadOf<'jobRows'>).rows.length;
      },
    });
    const started = await handlers.startLoadAll({ jobId: randomUUID(), operation: 'numberRecords', params, concurrency: 4 });
    expect(started.ok).toBe(true);
    await expect.poll(() => done?.state, { timeout: 30_000 }).toBe('completed');
    expect(rows).toBe(expectedRows);
    expect(pagesServed()).toBe(Math.ceil(expectedRows / 100));
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('an export of every matching record', async () => {
    const changes: JobInfo[] = [];
    const desktop: DesktopPort = {
      host: 'electron',
      openExternal: async () => {},
      chooseSavePath: async ({ defaultName }) => join(folder, defaultName),
      showInFolder: async () => {},
      openPath: async () => null,
      offerDownload: () => null,
    };
    const jobs = new JobRegistry((job) => changes.push(job));
    const handlers = createExportHandlers({
      clients: pool,
      archives: new Archives({ userDataDir: folder, settingsOf: () => DEFAULT_ARCHIVE_SETTINGS, log, tell: () => {} }),
      jobs,
      log,
      desktop,
      appVersion: '0.0.0',
    });
    const started = await handlers.startExport({ operation: 'numberRecords', params, format: 'csv', scope: 'all' });
    if (!started.ok || started.value.job === null) throw new Error('the export did not start');
    const { jobId } = started.value.job;
    await expect.poll(() => changes.find((job) => job.jobId === jobId && job.state !== 'running')?.state, { timeout: 30_000 }).toBe('completed');
    const lines = readFileSync(started.value.job.path ?? '', 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(expectedRows + 1);
    expect(pagesServed()).toBe(Math.ceil(expectedRows / 100));
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('unknown keys are still refused at entry, and nothing is sent', async () => {
    const handlers = createListHandlers({ pool, jobs: new JobRegistry(), log, emit: () => {} });
    const refused = {
      ok: false,
      error: { code: 'validation', fields: { 'params.colour': expect.stringContaining('Number records has no filter "colour"') } },
    };
    // What a renderer could send past the bridge's types.
    const withColour = { ...params, colour: 'red' };
    expect(await handlers.startLoadAll({ jobId: randomUUID(), operation: 'numberRecords', params: withColour, concurrency: undefined })).toMatchObject(refused);
    expect(await handlers.queryPage({ operation: 'numberRecords', current: 1, size: 10, params: withColour })).toMatchObject(refused);
    expect(pagesServed()).toBe(0);
  });

  it('a Load all named with an id already running is refused, and the running one goes on', async () => {
    let done: JobInfo | null = null;
    const handlers = createListHandlers({
      pool,
      jobs: new JobRegistry((job) => {
        if (job.state !== 'running') done = job;
      }),
      log,
      emit: () => {},
    });
    const jobId = randomUUID();
    expect(await handlers.startLoadAll({ jobId, operation: 'numberRecords', params, concurrency: 4 })).toMatchObject({ ok: true });
    expect(await handlers.startLoadAll({ jobId, operation: 'numberRecords', params, concurrency: 4 })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    await expect.poll(() => done?.state, { timeout: 30_000 }).toBe('completed');
    expect(pagesServed()).toBe(Math.ceil(expectedRows / 100));
  });
});
