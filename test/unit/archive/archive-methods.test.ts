/** The archive's IPC methods through the dispatcher, against the built-in sandbox profile. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServices, valueOf } from '../support/services';
import { afterAll, describe, expect, it } from 'vitest';
import { type Services } from '../../../src/main/handlers';
import type { ArchivePage, ArchiveStatus } from '../../../src/shared/methods/archive';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import type { SeatRecord } from '../../../src/shared/records';
import type { Result } from '../../../src/shared/result';

describe('archive methods', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'archive-methods-'));
  const { services, jobChanges: changes, call } = startTestServices({ userDataDir });
  afterAll(() => services.close());
  const value = valueOf;

  it('syncs as a job, then pages, sorts and searches the archived rows', async () => {
    const started = value(
      await call<{ job: JobInfo }>('startSync', { operations: ['seats', 'voiceRecords'] }),
    );
    expect(started.job).toMatchObject({ kind: 'sync', title: 'Sync', cancellable: true, state: 'running' });
    await expect
      .poll(() => changes.find((job) => job.jobId === started.job.jobId && job.state !== 'running')?.state, {
        timeout: 60_000,
      })
      .toBe('completed');

    const served = await fetchSeatNames(services);
    const sorted = value(
      await call<ArchivePage<SeatRecord>>('archivePage', {
        operation: 'seats',
        params: {},
        offset: 0,
        limit: 1000,
        sort: { field: 'name', descending: true },
      }),
    );
    expect(sorted.total).toBe(served.length);
    expect(sorted.rows.map((row) => row.name)).toEqual([...served].sort().reverse());
    expect(sorted.lastSyncAt).toEqual(expect.any(Number));
    const needle = (served[3] ?? '').slice(0, 6).toLowerCase();
    const searched = value(
      await call<ArchivePage<SeatRecord>>('archivePage', {
        operation: 'seats',
        params: {},
        offset: 0,
        limit: 1000,
        search: needle,
      }),
    );
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.rows.every((row) => JSON.stringify(row).toLowerCase().includes(needle))).toBe(true);

    const status = value(await call<ArchiveStatus>('archiveStatus', {}));
    expect(status).toMatchObject({
      profileId: 'sandbox',
      state: 'open',
      settings: { enabled: true, retentionDays: 180 },
    });
    expect(status.sizeBytes).toBeGreaterThan(0);
    expect(status.lists.find((list) => list.operation === 'seats')?.rows).toBe(served.length);
  }, 90_000);

  it('refuses an unknown column, switches off (nothing left on disk) and deletes in plain words', async () => {
    const unknown = await call('archivePage', {
      operation: 'seats',
      params: {},
      offset: 0,
      limit: 10,
      sort: { field: 'nope', descending: false },
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('"nope"') },
    });
    const bad = await call('setArchiveSettings', {
      profileId: 'sandbox',
      settings: { enabled: true, retentionDays: 0, refreshHours: 24, historyDays: 60 },
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { retentionDays: expect.any(String) } },
    });

    const path = join(userDataDir, 'archive', 'sandbox.duckdb');
    expect(existsSync(path)).toBe(true);
    const off = value(
      await call<ArchiveStatus>('setArchiveSettings', {
        profileId: 'sandbox',
        settings: { enabled: false, retentionDays: 180, refreshHours: 24, historyDays: 60 },
      }),
    );
    expect(off.state).toBe('off');
    expect(existsSync(path)).toBe(false);
    const page = await call('archivePage', { operation: 'seats', params: {}, offset: 0, limit: 10 });
    expect(page).toMatchObject({
      ok: false,
      error: { code: 'archive-off', message: expect.stringMatching(/switched off.*Accounts/) },
    });

    value(
      await call('setArchiveSettings', {
        profileId: 'sandbox',
        settings: { enabled: true, retentionDays: 180, refreshHours: 24, historyDays: 60 },
      }),
    );
    value(await call('queryPage', { operation: 'seats', current: 1, size: 10, params: {} }));
    await services.archives.settle('sandbox');
    expect(existsSync(path)).toBe(true);
    const deleted = value(await call<ArchiveStatus>('deleteArchive', { profileId: 'sandbox' }));
    expect(deleted).toMatchObject({ state: 'closed', sizeBytes: 0, lists: [] });
    expect(existsSync(path)).toBe(false);
  });

  it('deleting a profile removes its archive too', async () => {
    const saved = value(
      await call<{ id: string }>('saveProfile', {
        name: 'Night desk',
        baseUrl: (await services.sandbox.endpoint()).baseUrl,
        apiKey: 'sandbox-demo-key',
        apiSecret: 'sandbox-demo-secret',
        defaultAppId: '',
        timeZone: '+08:00',
        pageSize: 25,
      }),
    );
    value(await call('setActiveProfile', { id: saved.id }));
    value(await call('queryPage', { operation: 'seats', current: 1, size: 10, params: {} }));
    await services.archives.settle(saved.id);
    const path = join(userDataDir, 'archive', `${saved.id}.duckdb`);
    expect(existsSync(path)).toBe(true);
    value(await call('deleteProfile', { id: saved.id }));
    expect(existsSync(path)).toBe(false);
  });
});

async function fetchSeatNames(services: Services): Promise<string[]> {
  const page = (await services.dispatch('queryPage', {
    operation: 'seats',
    current: 1,
    size: 100,
    params: {},
  })) as Result<{ total: number; records: SeatRecord[] }>;
  if (!page.ok) throw new Error('seats');
  const names: string[] = page.value.records.map((row) => row.name ?? '');
  for (let current = 2; current <= Math.ceil(page.value.total / 100); current += 1) {
    const next = (await services.dispatch('queryPage', {
      operation: 'seats',
      current,
      size: 100,
      params: {},
    })) as Result<{ records: SeatRecord[] }>;
    if (next.ok) names.push(...next.value.records.map((row) => row.name ?? ''));
  }
  return names;
}
