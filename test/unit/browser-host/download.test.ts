/** Browser mode: a finished export is offered as a one-time download: a random ticket, used once by a GET from the page's own origin. */
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../src/main/browser-host/server';
import { createLogger } from '../../../src/main/log';
import type { Result } from '../../../src/shared/result';

function get(
  harness: Harness,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: harness.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
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

  /** The path of a fresh one-time link to a finished export. */
  async function offeredLink(): Promise<string> {
    const offered = await offer(await exported());
    if (!offered.ok) throw new Error(offered.error.message);
    return offered.value.url;
  }

  it('serves the finished file once, as an attachment with its name', async () => {
    const path = await exported();
    const offered = await offer(path);
    if (!offered.ok) throw new Error(offered.error.message);
    expect(existsSync(path)).toBe(true);

    const answer = await get(harness, offered.value.url);
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename="numbers_[^"]+\.csv"; filename\*=UTF-8''numbers_/);
    expect(answer.body.equals(readFileSync(path))).toBe(true);

    expect((await get(harness, offered.value.url)).status).toBe(404);
    expect((await get(harness, '/download/not-a-ticket')).status).toBe(404);
  });

  it('keeps the run\'s token out of the link: the one-time ticket is enough, so no browser history holds the token', async () => {
    const link = await offeredLink();
    expect(link).toMatch(/^\/download\/[\w-]{24}$/);
    expect(link).not.toContain(encodeURIComponent(harness.token));
  });

  it('answers a HEAD without using the ticket up, so the GET that follows still gets the file', async () => {
    const link = await offeredLink();
    const head = await get(harness, link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(String(head.headers['content-disposition'])).toMatch(/^attachment; filename="numbers_/);
    expect(head.body.length).toBe(0);
    const answer = await get(harness, link);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(Number(head.headers['content-length']));
  });

  it('refuses a download asked by a page of another origin, as calls are, and leaves the ticket to the page\'s own', async () => {
    const link = await offeredLink();
    expect((await get(harness, link, { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await get(harness, link, { headers: { Origin: 'null' } })).status).toBe(403);
    expect((await get(harness, link, { headers: { Origin: new URL(harness.url).origin } })).status).toBe(200);
    // A plain navigation or download carries no Origin.
    expect((await get(harness, await offeredLink())).status).toBe(200);
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
