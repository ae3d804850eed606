import { mkdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import type { Sandbox } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The sandbox profile reads and buckets times at the platform's +08:00. */
const ZONE_OFFSET = 8 * HOUR;

/** Yesterday in +08:00, and what the sandbox holds of it: computed here, not with the app's code. */
function yesterdayFromSandbox(sandbox: Sandbox, nowMs = Date.now()) {
  const todayStart = Math.floor((nowMs + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET;
  const fromMs = todayStart - DAY;
  const range = sandbox.data.voiceRecordRange(fromMs, todayStart);
  let calls = 0;
  let connected = 0;
  const byHour = Array.from({ length: 24 }, () => 0);
  for (let i = range.first; i < range.end; i++) {
    const record = sandbox.data.voiceRecordAt(i);
    const at = Date.parse(record.submitTime);
    if (at < fromMs || at >= todayStart) continue;
    calls += 1;
    if (record.callStatus === 50) connected += 1;
    byHour[Math.floor(((at + ZONE_OFFSET) % DAY) / HOUR)] += 1;
  }
  return { calls, connected, byHour };
}

async function openOverview(app: Page): Promise<void> {
  await app.keyboard.press('Control+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // The first visit syncs yesterday into the archive, then computes.
  await expect(app.getByTestId('figure-calls')).toBeVisible({ timeout: 120_000 });
}

test.beforeAll(() => mkdirSync('test-results/screens', { recursive: true }));

test('the Overview of yesterday shows the sandbox’s own figures, in light and dark, and a bar opens its rows', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  await app.emulateMedia({ colorScheme: 'light' });
  await openOverview(app);
  const expected = yesterdayFromSandbox(sandbox);
  expect(expected.calls).toBeGreaterThan(0);

  await expect(app.getByTestId('figure-calls')).toHaveText(expected.calls.toLocaleString('en'));
  await expect(app.getByTestId('figure-connected')).toHaveText(expected.connected.toLocaleString('en'));
  await expect(app.getByTestId('figure-asr')).toHaveText(`${((expected.connected / expected.calls) * 100).toFixed(1)}%`);
  await expect(app.getByTestId('overview-coverage')).toContainText('the whole window is in the archive');
  for (const id of ['voice-by-hour', 'voice-by-day', 'voice-by-status', 'voice-display-numbers', 'numbers-by-day']) {
    await expect(app.getByTestId(`chart-${id}`).locator('canvas').first()).toBeVisible();
  }
  // A chart's sentence counts its rows in words of their own; a chart with nothing to draw says so once.
  await expect(app.getByTestId('chart-voice-by-hour').locator('.summary')).toHaveText(/^24 hours\. Calls: highest /);
  const mms = app.getByTestId('chart-mms-by-day');
  await expect(mms.getByTestId('chart-empty')).toBeVisible();
  await expect(mms.getByText('No MMS were sent in this window.', { exact: false })).toHaveCount(1);
  // The screen scrolls inside the window: a tall window shows all of it.
  await app.setViewportSize({ width: 1280, height: 3000 });
  await app.screenshot({ path: 'test-results/screens/overview-light.png' });
  await app.emulateMedia({ colorScheme: 'dark' });
  await expect(app.getByTestId('chart-voice-by-hour').locator('canvas').first()).toBeVisible();
  await app.screenshot({ path: 'test-results/screens/overview-dark.png' });
  await expectNoAxeViolations(app, 'the Overview (dark)');
  await app.emulateMedia({ colorScheme: 'light' });
  await app.setViewportSize({ width: 1280, height: 800 });

  // The largest bar of the by-hour chart: categories sit at equal steps across the plot.
  const largest = expected.byHour.indexOf(Math.max(...expected.byHour));
  const plot = app.getByTestId('chart-voice-by-hour').locator('.u-over');
  // A theme change draws the charts anew: the plot found may be replaced before it is measured, so measure until one holds.
  const measured: { box: { width: number; height: number } | null } = { box: null };
  await expect(async () => {
    measured.box = await plot.boundingBox();
    expect(measured.box).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  const box = measured.box;
  if (!box) throw new Error('the by-hour chart has no plot area');
  await plot.click({ position: { x: ((largest + 0.5) / 24) * box.width, y: box.height - 4 } });

  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  const hour = String(largest).padStart(2, '0');
  await expect(app.getByTestId('drill-chips')).toContainText(`Hour of day: ${hour}:00–${hour}:59`);
  await expect(app.getByRole('button', { name: 'From the archive' })).toHaveAttribute('aria-pressed', 'true');
  await expect(app.getByTestId('pager-total')).toHaveText(`${expected.byHour[largest].toLocaleString('en')} records`);

  // Taking the chip off lists the whole window again.
  await app.getByRole('button', { name: `Remove the filter Hour of day: ${hour}:00–${hour}:59` }).click();
  await expect(app.getByTestId('drill-chips')).toHaveCount(0);
  await expect(app.getByTestId('pager-total')).toHaveText(`${expected.calls.toLocaleString('en')} records`);
});

test('from the keyboard: Tab reaches a chart, its Table toggle shows the data, Enter on a row opens its rows', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  await openOverview(app);
  const expected = yesterdayFromSandbox(sandbox);

  // The last control above the figures: the last of the comparisons.
  await app.getByRole('group', { name: 'Compare with' }).getByRole('button', { name: 'Same days last week' }).focus();
  await app.keyboard.press('Tab');
  const toggle = app.getByTestId('chart-voice-by-hour').getByRole('button', { name: 'Table' });
  await expect(toggle).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(app.getByTestId('chart-voice-by-hour').getByRole('button', { name: 'Save as PNG' })).toBeFocused();
  await app.keyboard.press('Tab');
  const chart = app.getByRole('slider', { name: 'Calls and ASR by hour of day' });
  await expect(chart).toBeFocused();
  await app.keyboard.press('Home');
  await expect(chart).toHaveAttribute('aria-valuetext', new RegExp(`Calls ${expected.byHour[0].toLocaleString('en')}\\b`));

  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const table = app.getByTestId('chart-table-voice-by-hour');
  await expect(table.locator('tbody tr')).toHaveCount(24);
  // Voice hours carry no cost of their own (VOICE_FIGURES.costByTime is off): no Cost column, as the workbook has none.
  expect((await table.locator('thead th').allInnerTexts()).filter((header) => header.trim().startsWith('Cost'))).toEqual([]);
  for (const [hour, calls] of expected.byHour.entries()) {
    await expect(table.locator('tbody tr').nth(hour).locator('td').first()).toHaveText(calls.toLocaleString('en'));
  }

  const busiest = expected.byHour.indexOf(Math.max(...expected.byHour));
  await table.locator('tbody tr').nth(busiest).getByRole('button').focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await expect(app.getByTestId('pager-total')).toHaveText(`${expected.byHour[busiest].toLocaleString('en')} records`);
});

test('compared with the day before: every tile has its delta, counted from the sandbox, and a new window never shows the old figures', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  await openOverview(app);
  const now = Date.now();
  const yesterday = yesterdayFromSandbox(sandbox, now);
  const dayBefore = yesterdayFromSandbox(sandbox, now - DAY);
  expect(dayBefore.calls).toBeGreaterThan(0);

  await app.getByRole('group', { name: 'Compare with' }).getByRole('button', { name: 'Previous period' }).click();
  await expect(app.getByTestId('overview-compared')).toContainText('Compared with the previous period');
  const change = ((yesterday.calls - dayBefore.calls) / dayBefore.calls) * 100;
  const sign = yesterday.calls > dayBefore.calls ? '+' : yesterday.calls < dayBefore.calls ? '−' : '±';
  await expect(app.getByTestId('delta-calls')).toContainText(`${sign}${Math.abs(change).toFixed(1)}%`);
  await expect(app.getByTestId('delta-asr')).toContainText(' pt');
  await expect(app.getByTestId('figure-calls')).toHaveText(yesterday.calls.toLocaleString('en'));
  await app.screenshot({ path: 'test-results/screens/overview-compared.png' });
  await expectNoAxeViolations(app, 'the Overview compared');

  // Picking another window clears yesterday's figures at once: they never stand under the new window.
  const tile = app.getByTestId('figure-calls');
  await app.getByRole('group', { name: 'Window' }).getByRole('button', { name: 'Last 7 days' }).click();
  // Read at once, before the new window's sync could end: no tile, or the new window's figure.
  const shownAtOnce = (await tile.count()) === 0 ? null : await tile.textContent();
  expect(shownAtOnce).not.toBe(yesterday.calls.toLocaleString('en'));
  await expect(tile).toBeVisible({ timeout: 120_000 });
});

test('a comparison the archive cannot hold whole says so beside its changes', async ({ app }) => {
  test.setTimeout(240_000);
  await openOverview(app);
  const todayStart = Math.floor((Date.now() + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET;
  const wall = (ms: number): string => new Date(ms + ZONE_OFFSET).toISOString().slice(0, 19).replace('T', ' ');
  await app.getByRole('group', { name: 'Window' }).getByRole('button', { name: 'Custom' }).click();
  await app.locator('#range-from').fill(wall(todayStart - 40 * DAY));
  await app.locator('#range-to').fill(wall(todayStart - 1000));
  await app.getByRole('group', { name: 'Compare with' }).getByRole('button', { name: 'Previous period' }).click();
  await app.getByRole('button', { name: 'Show', exact: true }).click();
  // The 40 days before start 80 days ago: the platform keeps two months, so the archive holds part of them.
  await expect(app.getByTestId('overview-compared')).toContainText('Compared with the previous period', { timeout: 120_000 });
  await expect(app.getByTestId('delta-calls')).toBeVisible();
  await expect(app.getByTestId('overview-compared')).toContainText(
    'Voice records, compared period: part of the window could not be fetched, so these figures count only what the archive holds',
  );
  await expect(app.getByTestId('overview-coverage')).toContainText('Voice records: the whole window is in the archive');
});

test('a 45-day window, past one request’s 31 days: its figures, a breakdown sorted and opened, the window saved as .xlsx and read back, a chart saved as PNG', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  await openOverview(app);
  // The 45 local days (+08:00) up to yesterday's end, counted from the sandbox with plain loops.
  const now = Date.now();
  const todayStart = Math.floor((now + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET;
  const fromMs = todayStart - 45 * DAY;
  const range = sandbox.data.voiceRecordRange(fromMs, todayStart);
  let calls = 0;
  for (let i = range.first; i < range.end; i++) {
    const at = Date.parse(sandbox.data.voiceRecordAt(i).submitTime);
    if (at >= fromMs && at < todayStart) calls += 1;
  }
  expect(calls).toBeGreaterThan(0);
  const wall = (ms: number): string => new Date(ms + ZONE_OFFSET).toISOString().slice(0, 19).replace('T', ' ');

  await app.getByRole('group', { name: 'Window' }).getByRole('button', { name: 'Custom' }).click();
  // Beyond the archive's sync history (60 days): refused at the field, saying what to change.
  await app.locator('#range-from').fill(wall(todayStart - 61 * DAY));
  await app.locator('#range-to').fill(wall(todayStart - 1000));
  await app.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(app.getByText(/at most 60 days, the archive's sync history/)).toBeVisible();

  await app.locator('#range-from').fill(wall(fromMs));
  await app.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(app.getByTestId('figure-calls')).toHaveText(calls.toLocaleString('en'), { timeout: 120_000 });
  await expect(app.getByTestId('overview-coverage')).toContainText('the whole window is in the archive');

  // The workbook of the window shown: every figure, read back from the file saved.
  await app.getByRole('button', { name: 'Export .xlsx' }).click();
  const outcome = app.getByTestId('overview-export-outcome');
  await expect(outcome).toContainText('Saved', { timeout: 60_000 });
  const path = await outcome.locator('.path').getAttribute('title');
  if (!path) throw new Error('no path shown');
  expect(basename(path)).toMatch(/^overview_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}_Sandbox-demo_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [download] = await Promise.all([app.waitForEvent('download'), outcome.getByRole('button', { name: 'Download' }).click()]);
  expect(readFileSync(await download.path()).equals(readFileSync(path))).toBe(true);
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  expect(book.SheetNames).toEqual(['Voice calls', 'Number calls', 'Seats, peaks, MMS', 'About']);
  const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets['Voice calls'], { header: 1, raw: true, defval: null });
  const callsRow = grid.find((row) => row[0] === 'Calls');
  expect(callsRow?.[1]).toBe(calls);
  const days = grid.findIndex((row) => row.includes('By day'));
  expect(days).toBeGreaterThan(0);
  // The totals have the cost per currency; voice days have none of their own (as on the screen): no cost column there.
  expect(grid.some((row) => String(row[0]).startsWith('Cost ('))).toBe(true);
  const dayHeaders: (string | number | null)[] = [];
  for (let column = grid[days].indexOf('By day'); column < grid[days + 1].length && grid[days + 1][column] !== null; column++) dayHeaders.push(grid[days + 1][column]);
  expect(dayHeaders).toContain('Calls');
  expect(dayHeaders.filter((header) => String(header).startsWith('Cost ('))).toEqual([]);

  // A breakdown's table sorted from the keyboard by ASR, counted from the sandbox, and its top row opened.
  const byCaller = new Map<string, { calls: number; connected: number }>();
  for (let i = range.first; i < range.end; i++) {
    const record = sandbox.data.voiceRecordAt(i);
    const at = Date.parse(record.submitTime);
    if (at < fromMs || at >= todayStart) continue;
    const seen = byCaller.get(record.displayNum) ?? { calls: 0, connected: 0 };
    seen.calls += 1;
    if (record.callStatus === 50) seen.connected += 1;
    byCaller.set(record.displayNum, seen);
  }
  const ranked = [...byCaller.entries()].sort(([, a], [, b]) => b.connected / b.calls - a.connected / a.calls);
  await app.getByTestId('chart-voice-display-numbers').getByRole('button', { name: 'Table' }).click();
  const table = app.getByTestId('chart-table-voice-display-numbers');
  const asr = table.getByRole('columnheader', { name: 'ASR', exact: true });
  await expect(asr).toHaveAttribute('aria-sort', 'none');
  await asr.getByRole('button').focus();
  await app.keyboard.press('Enter');
  await expect(asr).toHaveAttribute('aria-sort', 'descending');
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow.locator('th')).toHaveText(ranked[0][0]);
  await expect(table.locator('tbody tr').last().locator('th')).toHaveText(ranked[ranked.length - 1][0]);
  await app.keyboard.press('Enter');
  await expect(asr).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow.locator('th')).toHaveText(ranked[ranked.length - 1][0]);
  await app.screenshot({ path: 'test-results/screens/overview-breakdown-sorted.png' });
  await firstRow.getByRole('button').focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await expect(app.locator('#range-from')).toHaveValue(wall(fromMs));
  await expect(app.getByTestId('drill-chips')).toContainText(ranked[ranked.length - 1][0]);
  await expect(app.getByTestId('pager-total')).toHaveText(`${ranked[ranked.length - 1][1].calls.toLocaleString('en')} records`);
  await app.keyboard.press('Control+0');
  await expect(app.getByTestId('figure-calls')).toHaveText(calls.toLocaleString('en'));

  // A chart as a picture: in the browser, a download of a PNG.
  const chart = app.getByTestId('chart-voice-by-day');
  const [picture] = await Promise.all([app.waitForEvent('download'), chart.getByRole('button', { name: 'Save as PNG' }).click()]);
  expect(picture.suggestedFilename()).toBe('overview-voice-by-day.png');
  expect(readFileSync(await picture.path()).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  // The sorted table, the saved picture's line and the export's outcome are axe-clean in both themes.
  const callerTable = app.getByTestId('chart-voice-display-numbers');
  if ((await callerTable.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')) !== 'true') await callerTable.getByRole('button', { name: 'Table' }).click();
  await callerTable.getByRole('columnheader', { name: 'Calls', exact: true }).getByRole('button').click();
  await expect(chart.getByTestId('chart-saved')).toContainText('overview-voice-by-day.png');
  await expectNoAxeViolations(app, 'the Overview of 45 days, exported (light)');
  await app.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(app, 'the Overview of 45 days, exported (dark)');
  await app.emulateMedia({ colorScheme: 'light' });
});
