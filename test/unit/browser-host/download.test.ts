/** Browser mode: a finished export is offered as a one-time download behind the per-run token. */
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../src/main/browser-host/server';
import { createLogger } from '../../../src/main/log';
import type { Result } from '../../../src/shared/result';

function get(harness: Harness, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: harness.port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('downloading an export in browser mode', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({
      rendererDir: mkdtempSync(join(tmpdir(), 'renderer-')),
      userDataDir: mkdtempSync(join(tmpdir(), 'download-')),
      log: createLogger({ console: false }),
      sandboxOptions: { volume: 'small' },
    });
  });
  afterAll(() => harness.close());

  async function exported(): Promise<string> {
    const started = (await harness.services.dispatch('startExport', {
      operation: 'numbers',
      params: {},
      format: 'csv',
      scope: 'page',
      current: 1,
      size: 5,
    })) as Result<{ job: { path: string | null } | null }>;
    if (!started.ok) throw new Error(started.error.message);
    const path = started.value.job?.path;
    if (!path) throw new Error('no export started');
    return path;
  }

  /** Offered once the export has finished (until then: not-found). */
  async function offer(path: string): Promise<Result<{ url: string }>> {
    let offered = (await harness.services.dispatch('downloadExport', { path })) as Result<{ url: string }>;
    for (let i = 0; i < 400 && !offered.ok; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      offered = (await harness.services.dispatch('downloadExport', { path })) as Result<{ url: string }>;
    }
    return offered;
  }

  it('serves the finished file once, with the token, as an attachment with its name', async () => {
    const path = await exported();
    const offered = await offer(path);
    if (!offered.ok) throw new Error(offered.error.message);
    expect(existsSync(path)).toBe(true);
    const url = new URL(offered.value.url, 'http://127.0.0.1');

    const withoutToken = `${url.pathname}`;
    expect((await get(harness, withoutToken)).status).toBe(403);

    const answer = await get(harness, `${url.pathname}${url.search}`);
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename="numbers_[^"]+\.csv"; filename\*=UTF-8''numbers_/);
    expect(answer.body.equals(readFileSync(path))).toBe(true);

    expect((await get(harness, `${url.pathname}${url.search}`)).status).toBe(404);
  });

  it('removes this app’s partial files older than a day from the exports folder on start', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'stale-'));
    const exportDir = join(userDataDir, 'exports');
    mkdirSync(exportDir);
    const stale = join(exportDir, 'crashed.xlsx.partial-switchboard');
    const notOurs = join(exportDir, 'film.mp4.partial-other');
    for (const file of [stale, notOurs]) {
      writeFileSync(file, 'x');
      const twoDaysAgo = (Date.now() - 2 * 86_400_000) / 1000;
      utimesSync(file, twoDaysAgo, twoDaysAgo);
    }
    const other = await startHarness({
      rendererDir: mkdtempSync(join(tmpdir(), 'renderer-')),
      userDataDir,
      log: createLogger({ console: false }),
    });
    await other.close();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(notOurs)).toBe(true);
  });

  it('offers only files this session exported', async () => {
    const offered = (await harness.services.dispatch('downloadExport', { path: '/etc/passwd' })) as Result<unknown>;
    expect(offered).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
