import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Reads a datetime-local input as an instant; the sandbox profile reads times in the sandbox's zone, +08:00. */
async function instantOf(app: Page, selector: string): Promise<number> {
  const value = await app.locator(selector).inputValue();
  const zoned = await app.evaluate(() => document.querySelector('legend .muted')?.textContent ?? '');
  expect(zoned).toContain('+08:00');
  return Date.parse(`${value}+08:00`);
}

async function openScreen(app: Page, shortcut: string, title: string): Promise<void> {
  await app.keyboard.press(`Control+${shortcut}`);
  await expect(app.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const grid = (app: Page) => app.getByTestId('data-table');
const firstCell = (app: Page) => grid(app).locator('.body [role="row"]').first().locator('[role="gridcell"]').first();

test('voice records: filter, page, page size and details match the sandbox', async ({ app, sandbox }) => {
  await expect(grid(app)).toBeVisible();
  await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const from = await instantOf(app, '#range-from');
  const to = await instantOf(app, '#range-to');
  const range = sandbox.data.voiceRecordRange(from, to);
  const count = range.end - range.first;
  expect(count).toBeGreaterThan(50);
  await expect(app.getByTestId('pager-total')).toHaveText(`${count.toLocaleString('en')} records`);
  await expect(firstCell(app)).toHaveText(sandbox.data.voiceRecordAt(range.first).voiceId);

  await app.getByRole('button', { name: 'Next ›' }).click();
  await expect(app.getByTestId('pager-position')).toHaveText(`Page 2 of ${Math.ceil(count / 25).toLocaleString('en')}`);
  await expect(firstCell(app)).toHaveText(sandbox.data.voiceRecordAt(range.first + 25).voiceId);

  await app.getByLabel('Rows per page').fill('50');
  await app.getByLabel('Rows per page').press('Enter');
  await expect(app.getByTestId('pager-position')).toHaveText(`Page 1 of ${Math.ceil(count / 50).toLocaleString('en')}`);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', '51');

  await app.keyboard.press('Alt+End');
  await expect(app.getByTestId('pager-position')).toHaveText(`Page ${Math.ceil(count / 50).toLocaleString('en')} of ${Math.ceil(count / 50).toLocaleString('en')}`);
  await app.keyboard.press('Alt+Home');
  await expect(app.getByTestId('pager-position')).toHaveText(`Page 1 of ${Math.ceil(count / 50).toLocaleString('en')}`);

  const record = sandbox.data.voiceRecordAt(range.first + 2);
  await grid(app).locator('.body [role="row"]').nth(2).dblclick();
  const details = app.getByTestId('detail-panel');
  await expect(details).toContainText(record.voiceId);
  await expect(details).toContainText(record.calledInfo.split('\n')[0]);
  await expect(details).toContainText('Quote currency');
  await app.screenshot({ path: 'test-results/screens/voice-records.png' });
});

test('a 40-day window is refused at the field and nothing reaches the sandbox', async ({ app, sandbox }) => {
  await expect(grid(app)).toBeVisible();
  const now = Date.now();
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  await app.locator('#range-from').fill(local(now - 40 * 86_400_000));
  await app.locator('#range-to').fill(local(now - 60_000));
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByText(/31 days/).first()).toBeVisible();
  await expect(app.locator('#range-to[aria-invalid="true"], #range-from[aria-invalid="true"]').first()).toBeVisible();
  await app.getByRole('button', { name: 'Load all' }).click();
  await app.waitForTimeout(300);
  expect(sandbox.requestLog.filter((entry) => entry.path.includes('recordGroupQuery'))).toEqual([]);
  await app.screenshot({ path: 'test-results/screens/voice-records-invalid-window.png' });
  await app.getByRole('button', { name: 'Reset filters' }).click();
});

test('seats: the idle filter shows exactly the sandbox\'s idle seats, and no password', async ({ app, sandbox }) => {
  await openScreen(app, '4', 'Seats');
  // This worker's app keeps filters across tests (as it does across restarts): start from none.
  await app.getByRole('button', { name: 'Reset filters' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(grid(app)).toBeVisible();
  await expect(app.getByTestId('pager-total')).toHaveText(`${sandbox.data.seats().length} records`);
  await app.getByLabel('Status', { exact: true }).selectOption({ label: 'idle' });
  await app.getByRole('button', { name: 'Search' }).click();
  const idle = sandbox.data.seats().filter((seat) => seat.status === '2');
  await expect(app.getByTestId('pager-total')).toHaveText(`${idle.length} records`);
  await expect(grid(app).locator('.body [role="row"]').first()).toContainText('idle (2)');
  await grid(app).locator('.body [role="row"]').first().dblclick();
  await expect(app.getByTestId('detail-panel')).toContainText(String(idle[0].keyId));
  const html = await app.evaluate(() => document.documentElement.outerHTML);
  for (const seat of sandbox.data.seats()) expect(html).not.toContain(seat.password);
  await expect(app.getByTestId('detail-panel')).not.toContainText('assword');
  await app.screenshot({ path: 'test-results/screens/seats.png' });
  await app.getByRole('button', { name: 'Reset filters' }).click();
});

test('task details: asks for a task id, then filters by status', async ({ app, sandbox }) => {
  await openScreen(app, '2', 'Task details');
  // This worker's app may have shown a task before: from no filters, Search asks for the id and sends nothing.
  await app.getByRole('button', { name: 'Reset filters' }).click();
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByLabel('Task id (required)')).toHaveAttribute('aria-invalid', 'true');
  expect(sandbox.requestLog.filter((entry) => entry.path.includes('queryTaskDetail'))).toEqual([]);
  const taskId = sandbox.data.taskIds[0];
  await app.getByLabel('Task id (required)').fill(String(taskId));
  await app.getByLabel('called', { exact: true }).check();
  await app.getByRole('button', { name: 'Search' }).click();
  const called = sandbox.data.taskRows(taskId).filter((row) => row.record.status === 9);
  await expect(app.getByTestId('pager-total')).toHaveText(`${called.length.toLocaleString('en')} records`);
  await app.getByLabel('Rows per page').fill('100');
  await app.getByLabel('Rows per page').press('Enter');
  await expect(app.getByTestId('pager-position')).toHaveText(`Page 1 of ${Math.ceil(called.length / 100).toLocaleString('en')}`);
  await grid(app).locator('.body [role="row"]').first().dblclick();
  await expect(app.getByTestId('detail-panel')).toContainText('called (9)');
  await expect(app.getByTestId('detail-panel')).toContainText('var20');
  await app.screenshot({ path: 'test-results/screens/task-details.png' });
});

test('number records: a quick range matches the sandbox', async ({ app, sandbox }) => {
  await openScreen(app, '3', 'Number records');
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const range = sandbox.data.numberRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  await expect(app.getByTestId('pager-total')).toHaveText(`${(range.end - range.first).toLocaleString('en')} records`);
  await app.getByRole('button', { name: 'Next ›' }).click();
  await expect(app.getByTestId('pager-position')).toContainText('Page 2 of');
  await expect(firstCell(app)).toHaveText(sandbox.data.numberRecordAt(range.first + 25).callid);
  await grid(app).locator('.body [role="row"]').first().dblclick();
  await expect(app.getByTestId('detail-panel')).toContainText(sandbox.data.numberRecordAt(range.first + 25).callid);
  await app.screenshot({ path: 'test-results/screens/number-records.png' });
});

test('team leaders, numbers and AXB bindings page and filter as the sandbox holds', async ({ app, sandbox }) => {
  await openScreen(app, '5', 'Team leaders');
  await expect(app.getByTestId('pager-total')).toHaveText(`${sandbox.data.teamLeaders().length} records`);
  await app.getByLabel('Enabled', { exact: true }).selectOption({ label: 'disabled' });
  await app.getByRole('button', { name: 'Search' }).click();
  const disabled = sandbox.data.teamLeaders().filter((leader) => leader.enable === 1).length;
  await expect(app.getByTestId('pager-total')).toHaveText(`${disabled} records`);
  await app.screenshot({ path: 'test-results/screens/team-leaders.png' });

  await openScreen(app, '7', 'Numbers');
  await expect(app.getByTestId('pager-total')).toHaveText(`${sandbox.data.numbers().length} records`);
  const appId = sandbox.data.appIds[0];
  await app.getByLabel('App id', { exact: true }).fill(appId);
  await app.getByRole('button', { name: 'Search' }).click();
  const ofApp = sandbox.data.numbers().filter((number) => number.appId === appId);
  await expect(app.getByTestId('pager-total')).toHaveText(`${ofApp.length} records`);
  await grid(app).locator('.body [role="row"]').first().dblclick();
  await expect(app.getByTestId('detail-panel')).toContainText(ofApp[0].number);
  await app.screenshot({ path: 'test-results/screens/numbers.png' });

  await openScreen(app, '8', 'AXB bindings');
  const bindings = sandbox.data.axbBindings().length;
  await expect(app.getByTestId('pager-total')).toHaveText(`${bindings} records`);
  await app.getByLabel('Rows per page').fill('100');
  await app.getByLabel('Rows per page').press('Enter');
  await expect(app.getByTestId('pager-position')).toHaveText(`Page 1 of ${Math.ceil(bindings / 100).toLocaleString('en')}`);
  await app.keyboard.press('Alt+PageDown');
  await expect(app.getByTestId('pager-position')).toHaveText(`Page 2 of ${Math.ceil(bindings / 100).toLocaleString('en')}`);
  await expect(firstCell(app)).toHaveText(String(sandbox.data.axbBindings()[100].record.bindId));
  await app.screenshot({ path: 'test-results/screens/axb-bindings.png' });
});

test('load all, then sort and search the loaded rows', async ({ app, sandbox }) => {
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Load all' }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;
  await expect(app.getByTestId('load-all-outcome')).toHaveText(`All ${count.toLocaleString('en')} rows loaded. Sort by any column or search them.`);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', String(count + 1));

  await grid(app).getByRole('button', { name: 'Duration', exact: true }).click();
  await grid(app).getByRole('button', { name: 'Duration', exact: true }).click();
  let longest = 0;
  for (let i = range.first; i < range.end; i++) longest = Math.max(longest, sandbox.data.voiceRecordAt(i).callDuration);
  const expected = `${Math.floor(longest / 60)}:${String(longest % 60).padStart(2, '0')}`;
  await expect(grid(app).locator('.body [role="row"]').first().locator('[role="gridcell"]').nth(6)).toHaveText(expected);

  const target = sandbox.data.voiceRecordAt(range.first + 7);
  await app.getByLabel('Quick search').fill(target.voiceId);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', '2');
  await expect(firstCell(app)).toHaveText(target.voiceId);
  await app.screenshot({ path: 'test-results/screens/voice-records-loaded.png' });
  await app.getByRole('button', { name: 'Back to pages' }).click();
  await expect(app.getByTestId('pager-position')).toBeVisible();
});

test('each screen remembers its filters, page size and columns', async ({ app }) => {
  await openScreen(app, '4', 'Seats');
  await app.getByRole('button', { name: 'Reset filters' }).click();
  await app.getByLabel('Name contains').fill('Priya');
  await app.getByRole('button', { name: 'Search' }).click();
  await app.getByLabel('Rows per page').fill('10');
  await app.getByLabel('Rows per page').press('Enter');
  await app.getByRole('button', { name: /Columns/ }).click();
  await app.getByRole('group', { name: 'Columns to show' }).getByLabel('Nickname').uncheck();
  await app.getByRole('button', { name: 'Done' }).click();
  await expect(grid(app).getByRole('button', { name: 'Nickname', exact: true })).toHaveCount(0);
  await app.waitForTimeout(500); // preferences are saved shortly after the last change

  await app.reload();
  await openScreen(app, '4', 'Seats');
  await expect(app.getByLabel('Name contains')).toHaveValue('Priya');
  await expect(app.getByLabel('Rows per page')).toHaveValue('10');
  await expect(grid(app).getByRole('button', { name: 'Nickname', exact: true })).toHaveCount(0);
  await expect(grid(app).locator('.body [role="row"]').first()).toContainText('Priya');
  await app.getByRole('button', { name: 'Reset filters' }).click();
});

test('a period set by a quick range comes back as that range from now; one typed by hand comes back as typed', async ({ app, harness }) => {
  const DAY = 86_400_000;
  const key = 'view:voiceRecords';
  const wall = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const saved = async (): Promise<Record<string, unknown>> => {
    const all = (await harness.services.dispatch('loadPreferences', undefined)) as { ok: boolean; value?: Record<string, unknown> };
    const view = all.value?.[key];
    return typeof view === 'object' && view !== null ? (view as Record<string, unknown>) : {};
  };
  await expect(grid(app)).toBeVisible();
  await app.waitForTimeout(500); // the first visit's own save is done

  // Last 7 days pressed yesterday: today it ends now, not at yesterday's time.
  const yesterday = { from: wall(Date.now() - 7 * DAY), to: wall(Date.now() - DAY) };
  await harness.services.dispatch('savePreference', { key, value: { draft: yesterday, range: 'last7' } });
  await app.reload();
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  expect(Math.abs((await instantOf(app, '#range-to')) - Date.now())).toBeLessThan(60_000);
  const toDay = Date.parse(`${(await app.locator('#range-to').inputValue()).slice(0, 10)}T00:00:00Z`);
  await expect(app.locator('#range-from')).toHaveValue(`${new Date(toDay - 6 * DAY).toISOString().slice(0, 10)} 00:00:00`);

  // Typed by hand: as typed.
  await app.waitForTimeout(500);
  const typed = { from: wall(Date.now() - 3 * DAY), to: wall(Date.now() - 2 * DAY) };
  await harness.services.dispatch('savePreference', { key, value: { draft: typed } });
  await app.reload();
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await expect(app.locator('#range-from')).toHaveValue(typed.from);
  await expect(app.locator('#range-to')).toHaveValue(typed.to);

  // Saved as the range while the fields hold what it set; as typed once edited.
  await app.getByRole('button', { name: 'Today', exact: true }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect.poll(async () => (await saved()).range).toBe('today');
  await app.locator('#range-from').fill(typed.from);
  await app.getByRole('button', { name: 'Search' }).click();
  await expect.poll(async () => (await saved()).draft).toMatchObject({ from: typed.from });
  expect((await saved()).range).toBeUndefined();
  await app.getByRole('button', { name: 'Reset filters' }).click();
});
