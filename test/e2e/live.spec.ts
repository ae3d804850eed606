/**
 * The Live board against the live sandbox, its clock frozen so the truth is known: the
 * board's counts are the sandbox's, the board follows a change by itself within two
 * refresh periods, a threshold crossing notifies once and its recovery once more, and a
 * hidden window sends no requests.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Harness } from '../../src/main/browser-host/server';
import type { Sandbox } from '../../src/main/sandbox';
import { DEFAULT_THRESHOLDS } from '../../src/shared/live/alerts';
import { SANDBOX_PROFILE_ID } from '../../src/shared/profiles';
import { SEAT_STATUS_LABELS } from '../../src/shared/platform';
import { expect, test } from './fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The sandbox profile reads its day at +08:00. */
const ZONE_OFFSET = 8 * HOUR;
const PERIOD_S = 10;
/** Two refresh periods, and the time a refresh takes on a loaded machine. */
const TWO_PERIODS_MS = 2 * PERIOD_S * 1000 + 8_000;

/** The sandbox's own truth at an instant, counted here rather than with the app's code. */
function truthAt(sandbox: Sandbox, atMs: number) {
  const byStatus = new Map<string, number>();
  for (const seat of sandbox.data.seats(atMs)) byStatus.set(seat.status, (byStatus.get(seat.status) ?? 0) + 1);
  const todayStart = Math.floor((atMs + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET;
  const range = sandbox.data.voiceRecordRange(todayStart, atMs, atMs);
  let connected = 0;
  for (let i = range.first; i < range.end; i++) if (sandbox.data.voiceRecordAt(i, atMs).callStatus === 50) connected += 1;
  return { byStatus, calls: range.end - range.first, connected };
}

async function expectBoardShows(app: Page, truth: ReturnType<typeof truthAt>, timeout: number): Promise<void> {
  for (const code of Object.keys(SEAT_STATUS_LABELS)) {
    await expect(app.getByTestId(`live-seats-${code}`)).toHaveText(String(truth.byStatus.get(code) ?? 0), { timeout });
  }
  await expect(app.getByTestId('live-today-calls')).toHaveText(truth.calls.toLocaleString('en'), { timeout });
  await expect(app.getByTestId('live-today-connected')).toHaveText(truth.connected.toLocaleString('en'), { timeout });
}

/** Desktop notifications the page raised, recorded by a stand-in for the web Notification. */
async function stubNotifications(app: Page): Promise<void> {
  await app.evaluate(() => {
    const shown: { title: string; body: string }[] = [];
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = (): Promise<string> => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
      }
    }
    Object.assign(window, { Notification: RecordingNotification, shownNotifications: shown });
  });
}

const shownNotifications = (app: Page): Promise<string[]> =>
  app.evaluate(() => ((window as unknown as { shownNotifications: { title: string }[] }).shownNotifications ?? []).map((notice) => notice.title));

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => mkdirSync('test-results/screens', { recursive: true }));

test('the Live board counts the live sandbox, follows it by itself, alerts once per crossing and stops while hidden', async ({ app, sandbox, harness }) => {
  test.setTimeout(240_000);
  // A refresh an earlier page of this worker started may still be running in main: wait for it
  // (a board asked for while one runs gets that one's answer), so it writes nothing after the
  // archive is removed below.
  await harness.services.dispatch('liveBoard', { profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: false });
  // The truth is counted at the frozen instant and the board's day is its own now's: the whole test
  // runs in one day of the zone (a test that would cross its midnight starts just after it).
  const dayOf = (ms: number): number => Math.floor((ms + ZONE_OFFSET) / DAY);
  const wait = dayOf(Date.now() + 5 * 60_000) === dayOf(Date.now() - 60_000) ? 0 : (dayOf(Date.now() - 60_000) + 1) * DAY - ZONE_OFFSET + 61_000 - Date.now();
  if (wait > 0) {
    test.setTimeout(240_000 + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const frozen = Date.now() - 60_000;
  sandbox.data.live.start({ callEveryMs: 10_000, seatPeriodMs: 20_000 });
  sandbox.data.live.setClock(frozen);
  // A fresh archive: records the fixed data's syncs saw earlier in this worker are not today's live ones.
  await harness.services.archives.remove(SANDBOX_PROFILE_ID);
  try {
    await stubNotifications(app);
    await app.keyboard.press('Control+Shift+0');
    await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
    await app.getByLabel('Refresh every').selectOption(String(PERIOD_S));

    // 1. The board's counts are the sandbox's.
    const first = truthAt(sandbox, frozen);
    expect(first.calls).toBeGreaterThan(0);
    await expectBoardShows(app, first, 60_000);
    await expect(app.getByTestId('live-updated')).toHaveText(/^updated \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const groups = app.getByTestId('live-by-group').locator('tbody tr');
    await expect(groups).toHaveCount(new Set(sandbox.data.seats(frozen).map((seat) => seat.groupName)).size);

    // 2. The floor changes (new calls, seats on other statuses): the board follows with no user action.
    const busyAt = (atMs: number) => truthAt(sandbox, atMs).byStatus.get('3') ?? 0;
    let moved = frozen + 20_000;
    while (busyAt(moved) === busyAt(frozen) && moved < frozen + 40_000) moved += 1_000;
    const second = truthAt(sandbox, moved);
    expect(second.calls).toBeGreaterThan(first.calls);
    expect(second.byStatus).not.toEqual(first.byStatus);
    sandbox.data.live.setClock(moved);
    await expectBoardShows(app, second, TWO_PERIODS_MS);

    // 3. A threshold crossed: one notification however many refreshes it lasts; its recovery one more.
    const busy = second.byStatus.get('3') ?? 0;
    const setBusyLimit = async (amber: number): Promise<void> => {
      if (!(await app.getByTestId('live-thresholds').isVisible())) await app.getByRole('button', { name: 'Thresholds…' }).click();
      await app.getByLabel('Connect rate, last 30 min, amber:').fill('');
      await app.getByLabel('Connect rate, last 30 min, red:').fill('');
      await app.getByLabel('Busy seats, amber:').fill(String(amber));
      await app.getByRole('button', { name: 'Save thresholds' }).click();
      await expect(app.getByText('Saved for this profile.')).toBeVisible();
    };
    // The list holds the session's alerts (main keeps them per profile): this crossing adds one.
    const busyAlerts = app.getByTestId('live-alert').filter({ hasText: 'Amber: Busy seats' });
    const listedBefore = await busyAlerts.count();
    await setBusyLimit(busy - 1);
    const busyTile = app.getByTestId('live-watch-busySeats');
    await expect(busyTile).toHaveAttribute('data-level', 'amber', { timeout: TWO_PERIODS_MS });
    await expect(busyTile).toContainText(`Amber: above ${busy - 1} seats`);
    const busyNotices = async (): Promise<string[]> => (await shownNotifications(app)).filter((title) => title.includes('Busy seats'));
    await expect.poll(busyNotices).toEqual(['Amber: Busy seats']);
    // Two more refreshes with the threshold still crossed.
    const updated = app.getByTestId('live-updated');
    for (let i = 0; i < 2; i++) {
      const before = await updated.textContent();
      await expect(updated).not.toHaveText(before ?? '', { timeout: TWO_PERIODS_MS });
    }
    expect(await busyNotices()).toEqual(['Amber: Busy seats']);
    await expect(busyAlerts).toHaveCount(listedBefore + 1);
    await app.screenshot({ path: 'test-results/screens/live.png' });

    await setBusyLimit(busy + 5);
    await expect(busyTile).toHaveAttribute('data-level', 'ok', { timeout: TWO_PERIODS_MS });
    await expect.poll(busyNotices).toEqual(['Amber: Busy seats', 'Recovered: Busy seats']);
    await expect(app.getByTestId('live-alert').first()).toContainText('Recovered: Busy seats');

    await app.getByRole('button', { name: 'Wall mode' }).click();
    await expect(app.getByTestId('screen-live')).toHaveClass(/wall/);
    await app.screenshot({ path: 'test-results/screens/live-wall.png' });
    await app.getByRole('button', { name: 'Leave wall mode' }).click();
    await expect(app.getByTestId('screen-live')).not.toHaveClass(/wall/);

    // 4. Hidden: no refresh, so no request, for more than two periods; shown again, it refreshes at once.
    await app.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(app.getByTestId('live-state')).toHaveText('Paused while the window is hidden.', { timeout: 30_000 });
    sandbox.clearRequestLog();
    await app.waitForTimeout(2.5 * PERIOD_S * 1000);
    expect(sandbox.requestLog).toHaveLength(0);
    await app.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => sandbox.requestLog.length, { timeout: TWO_PERIODS_MS }).toBeGreaterThan(0);
  } finally {
    await leaveLiveDay(app, sandbox, harness);
  }
});

/**
 * Leaves nothing of the live day to later tests of this worker: the board stopped (its watch
 * in the background switched off), its last refresh ended, the live calls it archived removed
 * with the archive.
 */
async function leaveLiveDay(app: Page, sandbox: Sandbox, harness: Harness): Promise<void> {
  await app.keyboard.press('Control+Shift+0');
  const watch = app.getByRole('switch', { name: 'Watch in the background' });
  if (await watch.isVisible()) await watch.uncheck();
  await app.keyboard.press('Control+1');
  await harness.services.dispatch('liveBoard', { profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: false });
  sandbox.data.live.stop();
  sandbox.data.live.setClock(null);
  await harness.services.archives.remove(SANDBOX_PROFILE_ID);
}

/** Money as the board writes it ("12.3456 USD · 0.50 EUR"), per currency; none for "–". */
function amounts(text: string): Map<string, number> {
  const found = new Map<string, number>();
  if (text.trim() === '–') return found;
  for (const part of text.split(' · ')) {
    const match = /^(-?[\d,]+(?:\.\d+)?) (\S+)$/.exec(part.trim());
    if (!match) throw new Error(`not an amount: "${part}"`);
    found.set(match[2], Number(match[1].replaceAll(',', '')));
  }
  return found;
}

test('the hours show their cost, and the board watches in the background after the screen is left unless switched off', async ({ app, sandbox, harness }) => {
  test.setTimeout(300_000);
  await harness.services.dispatch('liveBoard', { profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: false });
  // The truth is counted at the frozen instant and the board's day is its own now's: the whole test
  // runs in one day of the zone (a test that would cross its midnight starts just after it).
  const dayOf = (ms: number): number => Math.floor((ms + ZONE_OFFSET) / DAY);
  const wait = dayOf(Date.now() + 5 * 60_000) === dayOf(Date.now() - 60_000) ? 0 : (dayOf(Date.now() - 60_000) + 1) * DAY - ZONE_OFFSET + 61_000 - Date.now();
  if (wait > 0) {
    test.setTimeout(240_000 + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const frozen = Date.now() - 60_000;
  sandbox.data.live.start({ callEveryMs: 10_000, seatPeriodMs: 20_000 });
  sandbox.data.live.setClock(frozen);
  await harness.services.archives.remove(SANDBOX_PROFILE_ID);
  try {
    await stubNotifications(app);
    const indicator = app.getByTestId('live-watching');
    await expect(indicator, 'nothing watches before the board is opened').toHaveCount(0);
    await app.keyboard.press('Control+Shift+0');
    await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
    await app.getByLabel('Refresh every').selectOption(String(PERIOD_S));
    await expectBoardShows(app, truthAt(sandbox, frozen), 60_000);

    // 1. Each hour's cost, today's hours adding up to the day's cost so far, per currency.
    const hourCells = app.getByTestId('live-hour-cost');
    await expect(hourCells.first()).toBeVisible();
    const day = amounts((await app.getByTestId('live-today-cost').textContent()) ?? '');
    expect(day.size).toBeGreaterThan(0);
    const added = new Map<string, number>();
    const hourTexts = await hourCells.allTextContents();
    for (const text of hourTexts) for (const [currency, amount] of amounts(text)) added.set(currency, (added.get(currency) ?? 0) + amount);
    expect([...added.keys()].sort()).toEqual([...day.keys()].sort());
    // Each amount is shown to at most 4 decimals: the sum may be off by half a unit of the last per hour.
    for (const [currency, amount] of day) expect(Math.abs((added.get(currency) ?? 0) - amount)).toBeLessThanOrEqual(0.00005 * (hourTexts.length + 1));
    await expect(app.locator('[data-testid="live-hours"] thead')).toContainText('Cost');

    // 2. A limit at today's busy seats, not crossed yet; then the user goes to a list.
    const busyAt = (atMs: number): number => truthAt(sandbox, atMs).byStatus.get('3') ?? 0;
    const limit = busyAt(frozen);
    let crossed = frozen + 1_000;
    while (busyAt(crossed) <= limit) crossed += 1_000;
    let recovered = crossed + 1_000;
    while (busyAt(recovered) >= limit) recovered += 1_000;
    await app.getByRole('button', { name: 'Thresholds…' }).click();
    await app.getByLabel('Connect rate, last 30 min, amber:').fill('');
    await app.getByLabel('Connect rate, last 30 min, red:').fill('');
    await app.getByLabel('Busy seats, amber:').fill(String(limit));
    await app.getByRole('button', { name: 'Save thresholds' }).click();
    await expect(app.getByText('Saved for this profile.')).toBeVisible();
    await app.getByRole('button', { name: 'Refresh now' }).click();
    await expect(app.getByTestId('live-watch-busySeats')).toHaveAttribute('data-level', 'ok');
    await expect(app.getByTestId('live-watch-connectRate')).toHaveAttribute('data-level', 'ok');
    await expect(app.getByRole('switch', { name: 'Watch in the background' })).toBeChecked();
    const alertsBefore = await app.getByTestId('live-alert').count();

    await app.keyboard.press('Control+1');
    await expect(app.getByTestId('screen-live')).toHaveCount(0);
    await expect(indicator).toBeVisible();
    await expect(app.getByRole('img', { name: 'Watching in the background, no alerts' })).toBeVisible();

    // 3. The floor crosses the limit while the list is open: one notification, the sidebar counts it.
    const busyNotices = async (): Promise<string[]> => (await shownNotifications(app)).filter((title) => title.includes('Busy seats'));
    sandbox.data.live.setClock(crossed);
    await expect.poll(busyNotices, { timeout: TWO_PERIODS_MS }).toEqual(['Amber: Busy seats']);
    await expect(indicator).toHaveText('1');
    await expect(app.getByRole('img', { name: 'Watching in the background, active alerts: 1' })).toBeVisible();
    // Two more refreshes (each reads the seat list) with the limit still crossed: no second notification.
    const seatReads = (): number => sandbox.requestLog.filter((entry) => entry.path === '/v3/cc/seat/query').length;
    const readsBefore = seatReads();
    await expect.poll(seatReads, { timeout: 2 * TWO_PERIODS_MS }).toBeGreaterThanOrEqual(readsBefore + 2);
    expect(await busyNotices()).toEqual(['Amber: Busy seats']);

    // 4. It recovers while the list is still open: one notification more.
    sandbox.data.live.setClock(recovered);
    await expect.poll(busyNotices, { timeout: TWO_PERIODS_MS }).toEqual(['Amber: Busy seats', 'Recovered: Busy seats']);
    await expect(app.getByRole('img', { name: 'Watching in the background, no alerts' })).toBeVisible();

    // 5. Back on the board: the alerts raised meanwhile are listed.
    await app.keyboard.press('Control+Shift+0');
    await expect(app.getByTestId('live-alert')).toHaveCount(alertsBefore + 2);
    await expect(app.getByTestId('live-alert').nth(0)).toContainText('Recovered: Busy seats');
    await expect(app.getByTestId('live-alert').nth(1)).toContainText('Amber: Busy seats');
    await expect(indicator, 'on its own screen the board shows itself').toHaveCount(0);

    // 6. Switched off: leaving the screen stops the refreshes, and nothing says it watches.
    await app.getByRole('switch', { name: 'Watch in the background' }).uncheck();
    await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
    await expect(app.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(indicator).toHaveCount(0);
    // A refresh the board started just before may still be answering: let it end.
    await harness.services.dispatch('liveBoard', { profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: false });
    sandbox.clearRequestLog();
    await app.waitForTimeout(2.5 * PERIOD_S * 1000);
    expect(sandbox.requestLog).toHaveLength(0);
  } finally {
    await leaveLiveDay(app, sandbox, harness);
  }
});

test('limits typed but not saved stay as typed while another setting of the board changes', async ({ app }) => {
  await app.keyboard.press('Control+Shift+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await app.getByRole('button', { name: 'Thresholds…' }).click();
  const busyAmber = app.getByLabel('Busy seats, amber:');
  const idleRed = app.getByLabel('Idle seats, red:');
  await busyAmber.fill('12');
  await idleRed.fill('abc');
  await app.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(app.getByText('Idle seats: type a number, or leave it empty to switch this level off.')).toBeVisible();
  // The wall's colours, the period and the background watch are saved at once; the limits being typed are not touched.
  await app.getByLabel('Wall colours').selectOption('light');
  await app.getByLabel('Refresh every').selectOption('60');
  await app.getByRole('switch', { name: 'Watch in the background' }).click();
  await expect(busyAmber).toHaveValue('12');
  await expect(idleRed).toHaveValue('abc');
  await expect(app.getByText('Idle seats: type a number, or leave it empty to switch this level off.')).toBeVisible();
});

test('limits typed badly get a field error each, worded again after a language switch, and nothing typed is lost', async ({ app }) => {
  await app.keyboard.press('Control+Shift+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await app.getByRole('button', { name: 'Thresholds…' }).click();
  // By id: their labels change with the language.
  const busyAmber = app.locator('#threshold-busySeats-amber');
  const idleAmber = app.locator('#threshold-idleSeats-amber');
  // Hex is a number only to JavaScript; a Chinese input method's full-width digits are a number to anyone.
  await busyAmber.fill('0x10');
  await idleAmber.fill('３');
  await app.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(app.getByText('Busy seats: type a number, or leave it empty to switch this level off.')).toBeVisible();
  await expect(idleAmber).toHaveAttribute('aria-invalid', 'false');
  await expect(busyAmber).toBeFocused();
  const chosen = app.waitForResponse((response) => response.url().includes('/rpc/useLanguage'));
  await app.getByTestId('language-picker').selectOption('zh-CN');
  await chosen;
  try {
    await expect(app.getByText('忙碌坐席：请输入数字，或留空以关闭此级别。')).toBeVisible();
    await expect(app.getByText('Busy seats: type a number, or leave it empty to switch this level off.')).toHaveCount(0);
    await expect(busyAmber).toHaveValue('0x10');
    await expect(idleAmber).toHaveValue('３');
  } finally {
    await app.getByTestId('language-picker').selectOption('en');
  }
});

test('slowed down after -15, the board keeps its longer wait when the window is hidden and shown again', async ({ app, sandbox, harness }) => {
  const setVisibility = (state: 'hidden' | 'visible'): Promise<void> =>
    app.evaluate((shown) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => shown });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await app.keyboard.press('Control+Shift+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await app.getByLabel('Refresh every').selectOption('10');
  sandbox.setFaults({ rateLimitRate: 1 });
  try {
    await app.getByRole('button', { name: 'Refresh now' }).click();
    await expect(app.getByTestId('live-state')).toContainText('(slowed down after -15)', { timeout: 30_000 });
    const boards: number[] = [];
    const onRequest = (request: { url(): string }): void => {
      if (request.url().includes('/rpc/liveBoard')) boards.push(Date.now());
    };
    app.on('request', onRequest);
    // A glance at another window and back, twice: the platform asked for fewer requests, and gets none sooner.
    for (let i = 0; i < 2; i++) {
      await setVisibility('hidden');
      await expect(app.getByTestId('live-state')).toHaveText('Paused while the window is hidden.');
      await setVisibility('visible');
      await expect(app.getByTestId('live-state')).toContainText('(slowed down after -15)');
    }
    await app.waitForTimeout(3_000);
    app.off('request', onRequest);
    expect(boards).toHaveLength(0);
  } finally {
    sandbox.setFaults({ rateLimitRate: 0 });
    await leaveLiveDay(app, sandbox, harness);
  }
});

test("the board is read again once main speaks a newly chosen language, not a refresh period later", async ({ app }) => {
  await app.keyboard.press('Control+Shift+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await expect(app.getByTestId('live-seats-1')).toBeVisible({ timeout: 30_000 });
  // Main's words on the board (group labels, why a refresh stopped) come in the language it answered in.
  const reread = app.waitForRequest((request) => request.url().includes('/rpc/liveBoard'), { timeout: 5_000 });
  await app.getByTestId('language-picker').selectOption('zh-CN');
  try {
    await reread;
  } finally {
    await app.getByTestId('language-picker').selectOption('en');
  }
});

test('a tile held at its level only by the recovery band says where the level ends, not a limit the figure is not past', async ({ app, sandbox, harness }) => {
  test.setTimeout(120_000);
  await harness.services.dispatch('liveBoard', { profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: false });
  const frozen = Date.now() - 60_000;
  sandbox.data.live.start({ callEveryMs: 10_000, seatPeriodMs: 20_000 });
  sandbox.data.live.setClock(frozen);
  try {
    await app.keyboard.press('Control+Shift+0');
    await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
    // Busy seats above one fewer than are busy: amber past its limit; then at the limit itself, held only by the band.
    const busy = sandbox.data.seats(frozen).filter((seat) => seat.status === '3').length;
    expect(busy).toBeGreaterThan(2);
    const busyTile = app.getByTestId('live-watch-busySeats');
    await app.getByRole('button', { name: 'Thresholds…' }).click();
    for (const [amber, cue] of [
      [busy - 1, `Amber: above ${busy - 1} seats`],
      [busy, `Amber until back to ${busy - 1} seats`],
    ] as const) {
      await app.getByLabel('Busy seats, amber:').fill(String(amber));
      await app.getByRole('button', { name: 'Save thresholds' }).click();
      await expect(app.getByText('Saved for this profile.')).toBeVisible();
      await app.getByRole('button', { name: 'Refresh now' }).click();
      await expect(busyTile).toHaveAttribute('data-level', 'amber', { timeout: 30_000 });
      await expect(busyTile).toContainText(cue, { timeout: 30_000 });
    }
  } finally {
    await leaveLiveDay(app, sandbox, harness);
  }
});

test("with the platform's clock an hour ahead, the bar reads on its clock and says so", async ({ app, sandbox, harness }) => {
  test.setTimeout(120_000);
  await harness.services.dispatch('liveBoard', { profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: false });
  const frozen = Date.now() - 60_000;
  sandbox.data.live.start({ callEveryMs: 10_000, seatPeriodMs: 20_000 });
  sandbox.data.live.setClock(frozen);
  await harness.services.archives.remove(SANDBOX_PROFILE_ID);
  sandbox.setFaults({ clockOffsetSeconds: 3600 });
  try {
    await app.keyboard.press('Control+Shift+0');
    await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
    await app.getByLabel('Refresh every').selectOption(String(PERIOD_S));
    await expect(app.getByTestId('live-clock')).toHaveText(
      "! This computer's clock is 1 hour behind the platform's: the board's times are the platform's. Set the system clock right.",
      { timeout: 60_000 },
    );
    // Both times on the platform's clock: the next refresh comes after the last update, within a period of it.
    await expect(app.getByTestId('live-state')).toHaveText(/^Next refresh at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.$/, { timeout: 30_000 });
    // Both read at one moment, so no refresh comes between them.
    const [updatedText, stateText] = await app.evaluate(() =>
      ['live-updated', 'live-state'].map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? ''),
    );
    const updated = /^updated (.+)$/.exec(updatedText)?.[1] ?? '';
    const next = /^Next refresh at (.+)\.$/.exec(stateText)?.[1] ?? '';
    const asZoned = (text: string): number => Date.parse(`${text.replace(' ', 'T')}+08:00`);
    expect(asZoned(next) - asZoned(updated)).toBeGreaterThanOrEqual(0);
    expect(asZoned(next) - asZoned(updated)).toBeLessThanOrEqual(PERIOD_S * 1000 + 8_000);
  } finally {
    sandbox.setFaults({ clockOffsetSeconds: 0 });
    await leaveLiveDay(app, sandbox, harness);
  }
});

test('Thresholds… opened from the keyboard takes it to the form\'s first field; closed, the keyboard stays on the button', async ({ app }) => {
  await app.keyboard.press('Control+Shift+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  const button = app.getByRole('button', { name: 'Thresholds…' });
  await button.focus();
  await app.keyboard.press('Enter');
  await expect(app.getByLabel('Connect rate, last 30 min, amber:')).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(app.getByLabel('Connect rate, last 30 min, red:')).toBeFocused();
  await button.focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('live-thresholds')).toHaveCount(0);
  await expect(button).toBeFocused();
});
