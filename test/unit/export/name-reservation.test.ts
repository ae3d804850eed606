/** Two exports never share one file: a name is reserved (its partial file) when an export starts. */
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { PathBusyError, reservePath, workFolderBeside } from '../../../src/main/export/reservation';
import { createBrowserDesktop } from '../../../src/main/browser-host/browser-desktop';
import { createLogger } from '../../../src/main/log';
import { createServices, type Services } from '../../../src/main/handlers';
import type { JobInfo } from '../../../src/shared/methods/jobs';

const DAY = 86_400_000;

describe('export file names', () => {
  let services: Services;
  let exportDir: string;
  const finished: JobInfo[] = [];
  const waiters: Array<() => void> = [];

  beforeAll(() => {
    exportDir = mkdtempSync(join(tmpdir(), 'reserve-exports-'));
    services = createServices({
      userDataDir: mkdtempSync(join(tmpdir(), 'reserve-data-')),
      desktop: createBrowserDesktop(exportDir),
      log: createLogger({ console: false }),
      emit: (name, payload) => {
        if (name !== 'jobChanged' || (payload as JobInfo).state === 'running') return;
        finished.push(payload as JobInfo);
        for (const wake of waiters.splice(0)) wake();
      },
      secrets: createMemorySecretStore(),
      sandboxOptions: { volume: 'small' },
    });
  });
  afterAll(() => services.close());

  async function doneCount(count: number): Promise<JobInfo[]> {
    while (finished.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return finished.slice(0, count);
  }

  const request = { operation: 'numbers', params: {}, format: 'csv', scope: 'page', current: 1, size: 10 };

  it('gives two exports started together two distinct files, both complete', async () => {
    finished.length = 0;
    const [first, second] = await Promise.all([services.dispatch('startExport', request), services.dispatch('startExport', request)]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: true });
    const done = await doneCount(2);
    expect(done.map((d) => d.state)).toEqual(['completed', 'completed']);
    expect(new Set(done.map((d) => d.path)).size).toBe(2);
    for (const { path } of done) expect(path !== null && existsSync(path)).toBe(true);
    expect(readdirSync(exportDir).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('removes only this app’s partial files older than a day when an export starts', async () => {
    finished.length = 0;
    const old = Date.now() - 2 * DAY;
    const staleOurs = join(exportDir, 'crashed.xlsx.partial-switchboard');
    const freshOurs = join(exportDir, 'running.xlsx.partial-switchboard');
    const someoneElses = join(exportDir, 'video.mp4.partial-download');
    for (const file of [staleOurs, freshOurs, someoneElses]) writeFileSync(file, 'x');
    // A Parquet export's work folder (its parts) that a crash left, and one being written now.
    const staleWork = workFolderBeside(join(exportDir, 'crashed.parquet'), 'parts');
    const freshWork = workFolderBeside(join(exportDir, 'running.parquet'), 'parts');
    writeFileSync(join(staleWork, '0.parquet'), 'x');
    for (const stale of [staleOurs, someoneElses, staleWork]) utimesSync(stale, old / 1000, old / 1000);
    expect(await services.dispatch('startExport', request)).toMatchObject({ ok: true });
    await doneCount(1);
    expect(existsSync(staleOurs)).toBe(false);
    expect(existsSync(staleWork)).toBe(false);
    expect(existsSync(freshOurs)).toBe(true);
    expect(existsSync(freshWork)).toBe(true);
    expect(existsSync(someoneElses)).toBe(true);
  });

  it('refuses a chosen path while another export is writing it (desktop dialog, CLI --out)', () => {
    const path = join(exportDir, 'chosen.csv');
    const first = reservePath(path);
    expect(() => reservePath(path)).toThrow(PathBusyError);
    expect(() => reservePath(path)).toThrow(/Another export is still writing chosen\.csv/);
    rmSync(first.partial);
    expect(reservePath(path).partial).toBe(first.partial);
  });
});
