import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startHarness, type Harness } from '../../src/main/browser-host/server';
import { createLogger } from '../../src/main/log';
import type { Sandbox } from '../../src/main/sandbox';

export interface AppFixtures {
  /** The app, loaded and showing its shell; console errors fail the test. */
  app: Page;
}

export interface WorkerFixtures {
  /** The real main-process services behind the HTTP bridge, serving the built renderer. */
  harness: Harness;
  /** The built-in sandbox the services started for the "Sandbox (demo)" profile. */
  sandbox: Sandbox;
}

/** The worker's data folder (one harness per worker process). */
const userDataDirs = new Map<number, string>();

/** The data folder of this worker's harness (its preferences, profiles and archive). */
export function workerDataDir(): string {
  const folder = userDataDirs.get(process.pid);
  if (folder === undefined) throw new Error('no harness in this worker yet');
  return folder;
}

export const test = base.extend<AppFixtures, WorkerFixtures>({
  harness: [
    // Playwright requires the object pattern even when a fixture uses no other fixture.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // A keychain service of the suite's own: a developer's real entries are never touched.
      process.env.SWITCHBOARD_KEYCHAIN_SERVICE = `Switchboard-e2e-${randomUUID()}`;
      const userDataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
      userDataDirs.set(process.pid, userDataDir);
      const harness = await startHarness({
        // SWITCHBOARD_RENDERER_DIR lets parallel work build into a folder of its own.
        rendererDir: resolve(process.env.SWITCHBOARD_RENDERER_DIR ?? resolve(__dirname, '../../out/renderer')),
        userDataDir,
        log: createLogger(process.env.SWITCHBOARD_E2E_LOG ? { file: `${process.env.SWITCHBOARD_E2E_LOG}-${process.pid}.log` } : { console: false }),
      });
      await use(harness);
      await harness.close();
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    },
    { scope: 'worker' },
  ],
  sandbox: [async ({ harness }, use) => use(await harness.services.sandbox.instance()), { scope: 'worker' }],
  app: async ({ page, harness }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Each test starts from no saved filters, whatever an earlier test of this worker left.
    const userDataDir = userDataDirs.get(process.pid);
    if (userDataDir) writeFileSync(join(userDataDir, 'preferences.json'), '{}');
    // And from no finished jobs: an earlier test's are worded in the language it ran in.
    await harness.services.dispatch('clearFinishedJobs', {});
    await page.goto(harness.url);
    // By its place, not its name: the language tests start the app in Chinese.
    await expect(page.locator('nav.sidebar')).toBeVisible();
    await use(page);
    // A held answer's route may still be fetching when a test ends: Playwright's own way to let it go.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(problems, 'the page logged errors or CSP violations').toEqual([]);
  },
});

export { expect };
