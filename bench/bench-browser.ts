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
