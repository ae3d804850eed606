/**
 * The Live screen's paint (Playwright in Chromium, the real renderer behind the browser
 * host): from a board's answer arriving in the page (mark switchboard:live-arrived) to the
 * tiles, the seat grid and the hours painted (switchboard:live-painted, two frames after the
 * DOM settled). The answer is a board main computed over the bench's archive, handed to the
 * page as the bridge's reply. First paint (the screen mounts), then refreshes (Refresh now),
 * each answered with a board whose every seat and several figures changed.
 */
import { openBenchBrowser, paintClock } from './bench-browser';
import type { LiveBoard } from '../src/shared/live/board';

const REPAINTS = 5;

export interface LivePaint {
  firstPaintMs: number;
  repaintMedianMs: number;
  repaintsMs: number[];
  seatsDrawn: number;
}

/** The board a refresh later: every seat on the next status, a few more calls. */
function moved(board: LiveBoard): LiveBoard {
  return {
    ...board,
    seats: { ...board.seats, grid: board.seats.grid.map((seat) => ({ ...seat, status: ((seat.status ?? 0) % 5) + 1 })), byStatus: board.seats.byStatus.map((entry, index, all) => ({ ...entry, count: all[(index + 1) % all.length].count })) },
    today: { ...board.today, totals: { ...board.today.totals, calls: board.today.totals.calls + 7, connected: board.today.totals.connected + 3 } },
  };
}

export async function measureLivePaint(board: LiveBoard): Promise<LivePaint> {
  const { page, url, close } = await openBenchBrowser('live', { volume: 'small' });
  try {
    // Each refresh gets the other of two boards, so every repaint changes the grid and the figures.
    const answers = [board, moved(board)].map((value) => JSON.stringify({ ok: true, value }));
    let served = 0;
    await page.route('**/rpc/liveBoard', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: answers[served++ % 2] }));
    await page.goto(url);
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    await page.keyboard.press('Control+Shift+Digit0');

    const { paintAfter, now } = paintClock(page, 'live', 'The Live board');

    const firstPaintMs = await paintAfter(0);
    const seatsDrawn = await page.getByRole('list', { name: 'Seats by status' }).locator('li').count();
    const repaintsMs: number[] = [];
    for (let run = 0; run < REPAINTS; run++) {
      const since = await now();
      await page.getByRole('button', { name: 'Refresh now' }).click();
      repaintsMs.push(await paintAfter(since));
    }
    const sorted = [...repaintsMs].sort((a, b) => a - b);
    return { firstPaintMs: round(firstPaintMs), repaintMedianMs: round(sorted[Math.floor(sorted.length / 2)]), repaintsMs: repaintsMs.map(round), seatsDrawn };
  } finally {
    await close();
  }
}

function round(ms: number): number {
  return Number(ms.toFixed(1));
}
