/** The real renderer behind the browser host, in headless Chromium, for the benchmarks that measure painting. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startHarness } from '../src/main/browser-host/server';
import { createLogger } from '../src/main/log';
import type { SandboxOptions } from '../src/main/sandbox';

export interface BenchBrowser {
  page: Page;
  url: string;
  close(): Promise<void>;
}

export async function openBenchBrowser(name: string, sandboxOptions: SandboxOptions): Promise<BenchBrowser> {
  const harness = await startHarness({
    rendererDir: resolve(process.env.SWITCHBOARD_RENDERER_DIR ?? 'out/renderer'),
    userDataDir: mkdtempSync(join(tmpdir(), `switchboard-bench-${name}-`)),
    log: createLogger({ console: false }),
    sandboxOptions,
  });
  const executablePath = process.env.SWITCHBOARD_CHROMIUM ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  return {
    page,
    url: harness.url,
    close: async () => {
      await browser.close();
      await harness.close();
    },
  };
}

/**
 * A screen's paint as the page marks it: the time from its `switchboard:<mark>-arrived`
 * mark to its `switchboard:<mark>-painted` mark, for the first paint after `since` (the
 * page's clock, from `now`). `screen` names it in the error when it never paints.
 */
export function paintClock(page: Page, mark: string, screen: string): { paintAfter(since: number): Promise<number>; now(): Promise<number> } {
  const paintAfter = async (since: number): Promise<number> => {
    // Polled with evaluate: waitForFunction's string would be an eval, which the page's CSP refuses.
    const deadline = Date.now() + 60_000;
    while (!(await page.evaluate(`performance.getEntriesByName('switchboard:${mark}-painted').some((entry) => entry.startTime > ${since})`))) {
      if (Date.now() > deadline) throw new Error(`${screen} did not paint within 60 s.`);
      await page.waitForTimeout(20);
    }
    const [arrived, painted] = (await page.evaluate(`[
      performance.getEntriesByName('switchboard:${mark}-arrived').filter((entry) => entry.startTime > ${since}).at(-1).startTime,
      performance.getEntriesByName('switchboard:${mark}-painted').filter((entry) => entry.startTime > ${since}).at(-1).startTime,
    ]`)) as [number, number];
    return painted - arrived;
  };
  const now = async (): Promise<number> => (await page.evaluate('performance.now()')) as number;
  return { paintAfter, now };
}
