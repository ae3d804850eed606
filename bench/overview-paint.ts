/**
 * The Overview screen's paint (Playwright in Chromium, the real renderer behind the browser
 * host): from the answer of `overview` arriving in the page (mark switchboard:overview-arrived)
 * to the tiles and every chart painted (switchboard:overview-painted, two frames after the
 * DOM settled). The answer is an Overview main computed over the bench's archive, handed to
 * the page as the bridge's reply, so the archive need not be filled again through the host.
 * First paint (the screen mounts its charts) and repaints (Refresh: every chart drawn anew).
 */
import { openBenchBrowser, paintClock } from './bench-browser';
import type { Overview } from '../src/shared/reports/overview';

const REPAINTS = 5;

export interface OverviewPaint {
  firstPaintMs: number;
  repaintMedianMs: number;
  repaintsMs: number[];
  charts: number;
}

export async function measureOverviewPaint(overview: Overview): Promise<OverviewPaint> {
  const { page, url, close } = await openBenchBrowser('overview', { volume: 'small' });
  try {
    const answer = JSON.stringify({ ok: true, value: overview });
    await page.route('**/rpc/overview', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: answer }));
    await page.goto(url);
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    await page.keyboard.press('Control+0');

    const { paintAfter, now } = paintClock(page, 'overview', 'The Overview');

    const firstPaintMs = await paintAfter(0);
    const charts = await page.locator('[data-testid^="chart-"] canvas').count();
    const repaintsMs: number[] = [];
    for (let run = 0; run < REPAINTS; run++) {
      const since = await now();
      await page.getByRole('button', { name: 'Refresh' }).click();
      repaintsMs.push(await paintAfter(since));
    }
    const sorted = [...repaintsMs].sort((a, b) => a - b);
    return {
      firstPaintMs: round(firstPaintMs),
      repaintMedianMs: round(sorted[Math.floor(sorted.length / 2)]),
      repaintsMs: repaintsMs.map(round),
      charts,
    };
  } finally {
    await close();
  }
}

function round(ms: number): number {
  return Number(ms.toFixed(1));
}
