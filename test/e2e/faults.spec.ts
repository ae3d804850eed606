// Every screen under the sandbox's faults: a persistent fault shows a clear message
// (no stack trace, no raw JSON, no "undefined") and Retry recovers once it is off;
// "Load all" under moderate faults gets exactly the sandbox's rows, and fails clearly
// when a fault persists mid-way.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { NO_FAULTS, type Sandbox } from '../../src/main/sandbox';
import { expect, test, workerDataDir } from './fixtures';
import { exportedCsvRows } from '../support/csv';

const SCREENS = 'test-results/screens';

test.describe.configure({ mode: 'serial' });

test.afterEach(({ sandbox }) => sandbox.setFaults(NO_FAULTS));

async function openScreen(app: Page, id: string, title: string): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).locator(`button[data-screen="${id}"]`).click();
  await expect(app.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Reads a datetime-local input as an instant; the sandbox profile reads times in the sandbox's zone, +08:00. */
async function instantOf(app: Page, selector: string): Promise<number> {
  return Date.parse(`${await app.locator(selector).inputValue()}+08:00`);
}

/** A message a person can act on: no stack trace, no raw JSON, no "undefined". Returns its text. */
async function expectClearMessage(message: Locator, pattern: RegExp): Promise<string> {
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message).toContainText(pattern);
  const text = await message.innerText();
  expect(text, 'no placeholder values').not.toMatch(/undefined|\bnull\b|NaN|\[object /);
  expect(text, 'no stack trace').not.toMatch(/\n\s*at |\bat \S+ \(|\.(ts|js|mjs):\d+|\b\w*Error\b:/);
  expect(text, 'no raw JSON').not.toMatch(/[{[]\s*"|"\s*:\s*["{[\d-]|\\"/);
  return text;
}

const listError = (app: Page) => app.getByTestId('list-error');
const retry = (app: Page) => listError(app).getByRole('button', { name: 'Retry' });
const total = (app: Page) => app.getByTestId('pager-total');
const bodyRows = (app: Page) => app.getByTestId('data-table').locator('.body [role="row"]');

/** Switches the fault off, clicks Retry, and expects the screen to show `records` rows in all. */
async function recover(app: Page, sandbox: Sandbox, records: number): Promise<void> {
  // Nothing still under way that the fault switched off could let through.
  await expect(app.getByRole('button', { name: 'Search' })).toBeEnabled();
  await expect(listError(app)).toBeVisible();
  sandbox.setFaults(NO_FAULTS);
  await retry(app).click();
  await expect(total(app)).toHaveText(`${records.toLocaleString('en')} records`);
  await expect(listError(app)).toBeHidden();
  await expect(bodyRows(app).first()).toBeVisible();
}

const faultsLogged = (sandbox: Sandbox, fault: string): number => sandbox.requestLog.filter((entry) => entry.fault === fault).length;

test('voice records: a slow platform shows loading, then the data; a persistent -18 shows the reason, and Retry recovers', async ({ app, sandbox }) => {
  await openScreen(app, 'voice-records', 'Voice records');
  await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;

  sandbox.setFaults({ latencyMs: 1200, jitterMs: 300 });
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Loading…' }).first()).toBeVisible();
  await expect(app.getByRole('button', { name: 'Search' })).toBeDisabled();
  await expect(total(app)).toHaveText(`${count.toLocaleString('en')} records`, { timeout: 15_000 });
  await expect(app.getByRole('button', { name: 'Search' })).toBeEnabled();

  sandbox.setFaults({ ...NO_FAULTS, errorRate: 1 });
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Search' }).click();
  const text = await expectClearMessage(listError(app), /The platform had an internal error/);
  expect(text).toContain('Server said: “system error”');
  // A read is retried before the error shows: five attempts in all.
  expect(sandbox.requestLog.filter((entry) => entry.path === '/v3/voice/recordGroupQuery' && entry.fault === 'systemError')).toHaveLength(5);
  await app.screenshot({ path: `${SCREENS}/faults-voice-records-18.png` });
  // Shown before a language switch, the message follows it (the server's words stay as they came).
  await app.getByTestId('language-picker').selectOption('zh-CN');
  await expect(listError(app)).toContainText('平台发生内部错误');
  await expect(listError(app)).toContainText('system error');
  await app.getByTestId('language-picker').selectOption('en');
  await expect(listError(app)).toContainText('The platform had an internal error');
  await recover(app, sandbox, count);
});

test('task details: a truncated answer says it was cut off; Retry recovers', async ({ app, sandbox }) => {
  await openScreen(app, 'task-details', 'Task details');
  const taskId = sandbox.data.taskIds[0];
  await app.getByLabel('Task id (required)').fill(String(taskId));
  sandbox.setFaults({ truncateRate: 1 });
  await app.getByRole('button', { name: 'Search' }).click();
  await expectClearMessage(listError(app), /cut off/);
  await app.screenshot({ path: `${SCREENS}/faults-task-details-truncated.png` });
  await recover(app, sandbox, sandbox.data.taskRows(taskId).length);
});

test('number records: a dropped connection says the platform could not be reached; Retry recovers', async ({ app, sandbox }) => {
  await openScreen(app, 'number-records', 'Number records');
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(app.getByRole('button', { name: 'Search' })).toBeEnabled();
  sandbox.clearRequestLog();
  sandbox.setFaults({ dropRate: 1 });
  await app.getByRole('button', { name: 'Search' }).click();
  await expectClearMessage(listError(app), /could not be reached/);
  expect(faultsLogged(sandbox, 'drop')).toBeGreaterThanOrEqual(5);
  await app.screenshot({ path: `${SCREENS}/faults-number-records-drop.png` });
  const range = sandbox.data.numberRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  await recover(app, sandbox, range.end - range.first);
});

test('seats: an HTML 502 page is named as such, not shown; Retry recovers', async ({ app, sandbox }) => {
  sandbox.setFaults({ html502Rate: 1 });
  await openScreen(app, 'seats', 'Seats');
  const text = await expectClearMessage(listError(app), /HTML page \(HTTP 502/);
  expect(text).not.toContain('<');
  expect(text).toContain('502 Bad Gateway');
  await app.screenshot({ path: `${SCREENS}/faults-seats-502.png` });
  await recover(app, sandbox, sandbox.data.seats().length);
  // The group picker, whose seat list also met the fault, asks again rather than saying there are none.
  await openScreen(app, 'seat-groups', 'Seat groups');
  await expect(app.getByLabel('Groups in your seat list').locator('option[value="103"]')).toHaveCount(1);
});

test('team leaders and AXB bindings: -18 and a dropped connection show a message; Retry recovers', async ({ app, sandbox }) => {
  sandbox.setFaults({ errorRate: 1 });
  await openScreen(app, 'team-leaders', 'Team leaders');
  await expectClearMessage(listError(app), /internal error/);
  await recover(app, sandbox, sandbox.data.teamLeaders().length);

  sandbox.setFaults({ dropRate: 1 });
  await openScreen(app, 'axb-bindings', 'AXB bindings');
  await expectClearMessage(listError(app), /could not be reached/);
  await recover(app, sandbox, sandbox.data.axbBindings().length);
});

test('numbers: a server clock two hours ahead is corrected and told in the status bar; a truncated answer recovers', async ({ app, sandbox }) => {
  sandbox.setFaults({ clockOffsetSeconds: 2 * 3600 });
  sandbox.clearRequestLog();
  await openScreen(app, 'numbers', 'Numbers');
  await expect(total(app)).toHaveText(`${sandbox.data.numbers().length} records`);
  // The first attempt was refused -16 and the repaired one went through.
  expect(sandbox.requestLog.some((entry) => entry.status === '-16')).toBe(true);
  const notice = app.getByTestId('status-notice');
  await expectClearMessage(notice, /clock is off by 2 hours \(behind the server\)/);
  await app.screenshot({ path: `${SCREENS}/faults-clock-notice.png` });
  await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
  await expect(notice).toBeHidden();

  // The clock back to normal: corrected again quietly, and a truncated page still recovers.
  sandbox.setFaults({ clockOffsetSeconds: 0, truncateRate: 1 });
  await app.getByRole('button', { name: 'Search' }).click();
  await expectClearMessage(listError(app), /cut off/);
  await recover(app, sandbox, sandbox.data.numbers().length);
  await expect(notice).toBeHidden();
});

test('load all under moderate faults gets exactly the sandbox\'s rows', async ({ app, sandbox }) => {
  await openScreen(app, 'voice-records', 'Voice records');
  // 30 days: about 150 pages, so each kind of fault has its chances.
  const local = (ms: number): string => new Date(ms).toISOString().slice(0, 19);
  await app.locator('#range-from').fill(local(Date.now() - 30 * 86_400_000));
  await app.locator('#range-to').fill(local(Date.now() - 60_000));
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;
  expect(count).toBeGreaterThan(10_000);
  sandbox.clearRequestLog();
  // -15 both ways: beyond 30 requests a second, and now and then whatever the pace (a loaded machine may never reach 30).
  sandbox.setFaults({ errorRate: 0.05, rateLimitPerSecond: 30, rateLimitRate: 0.03, dropRate: 0.02, truncateRate: 0.02, html502Rate: 0.02 });
  await app.getByRole('button', { name: 'Load all' }).click();
  await expect(app.getByTestId('load-all-outcome')).toHaveText(
    `All ${count.toLocaleString('en')} rows loaded. Sort by any column or search them.`,
    { timeout: 45_000 },
  );
  await expect(app.getByTestId('data-table')).toHaveAttribute('aria-rowcount', String(count + 1));
  expect(faultsLogged(sandbox, 'systemError'), '-18 happened during the load').toBeGreaterThan(0);
  expect(faultsLogged(sandbox, 'rateLimit'), '-15 happened during the load').toBeGreaterThan(0);
  const broken = ['drop', 'truncate', 'html502'].map((fault) => faultsLogged(sandbox, fault));
  expect(broken.reduce((sum, n) => sum + n, 0), 'drops, cut-off answers and 502 pages happened').toBeGreaterThan(2);
  await app.screenshot({ path: `${SCREENS}/faults-load-all.png` });
  sandbox.setFaults(NO_FAULTS);
  // The first and the last record are those of the sandbox (newest first).
  for (const index of [range.first, range.end - 1]) {
    const voiceId = sandbox.data.voiceRecordAt(index).voiceId;
    await app.getByLabel('Quick search').fill(voiceId);
    await expect(app.getByTestId('data-table')).toHaveAttribute('aria-rowcount', '2');
    await expect(bodyRows(app).first().locator('[role="gridcell"]').first()).toHaveText(voiceId);
  }
});

test('load all with a fault that persists mid-way fails clearly, and loads again once it clears', async ({ app, sandbox }) => {
  await openScreen(app, 'voice-records', 'Voice records');
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;
  sandbox.setFaults({ latencyMs: 400 });
  await app.getByRole('button', { name: 'Load all' }).click();
  const bar = app.getByTestId('load-all');
  await expect(bar).toContainText(/[1-9][\d,]* of [\d,]+ rows/);
  sandbox.setFaults({ latencyMs: 0, errorRate: 1 });
  const outcome = app.getByTestId('load-all-outcome');
  await expectClearMessage(outcome, /Loading failed: The platform had an internal error/);
  // The rows that came before it stay, and the bar says they are only part of the matching rows.
  const partial = new RegExp(`Only the ([\\d,]+) of ${count.toLocaleString('en')} matching rows loaded before it are shown\\.`);
  await expect(outcome).toContainText(partial);
  const loaded = Number(((await outcome.textContent()) ?? '').match(partial)?.[1]?.replace(/,/g, ''));
  expect(loaded).toBeGreaterThan(0);
  expect(loaded).toBeLessThan(count);
  await expect(app.getByTestId('data-table')).toHaveAttribute('aria-rowcount', String(loaded + 1));
  await app.screenshot({ path: `${SCREENS}/faults-load-all-failed.png` });

  sandbox.setFaults(NO_FAULTS);
  await app.getByRole('button', { name: 'Load all' }).click();
  await expect(outcome).toHaveText(`All ${count.toLocaleString('en')} rows loaded. Sort by any column or search them.`, { timeout: 30_000 });
});

test('seat groups: a failed read shows why, and Load again recovers', async ({ app, sandbox }) => {
  await openScreen(app, 'seat-groups', 'Seat groups');
  sandbox.setFaults({ errorRate: 1 });
  await app.getByLabel('Seat group id').fill('103');
  await app.getByRole('button', { name: 'Load', exact: true }).click();
  await expectClearMessage(app.getByTestId('form-error'), /internal error/);
  await app.screenshot({ path: `${SCREENS}/faults-seat-groups-18.png` });
  sandbox.setFaults(NO_FAULTS);
  await app.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(app.getByTestId('seat-group-summary')).toContainText('#103');
  await expect(app.getByTestId('form-error')).toBeHidden();

  // Loading again while the form is open: a 502 page is named, and the settings stay.
  sandbox.setFaults({ html502Rate: 1 });
  await app.getByRole('button', { name: 'Load', exact: true }).click();
  await expectClearMessage(app.getByTestId('form-error'), /HTML page \(HTTP 502/);
  await expect(app.getByTestId('seat-group-summary')).toContainText('#103');
  sandbox.setFaults(NO_FAULTS);
  await app.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(app.getByTestId('form-error')).toBeHidden();
  await expect(app.getByTestId('seat-group-summary')).toContainText('#103');
});

const mmsCalls = (sandbox: Sandbox): number => sandbox.requestLog.filter((entry) => entry.path === '/v3/mmsSend').length;

async function sendMms(app: Page, recipients: string[]): Promise<void> {
  await app.locator('#mms-recipients').fill(recipients.join('\n'));
  await app.locator('#mms-content').fill('Fault drill: please ignore.');
  await app.getByTestId('mms-review').click();
  await app.getByTestId('mms-confirm-send').click();
}

test('MMS: -18, a 502 page and a dropped connection leave the batch "outcome unknown", -15 refuses the next batch; nothing is retried, and sending again recovers', async ({ app, sandbox }) => {
  await openScreen(app, 'mms', 'MMS');
  await expect(app.locator('#mms-appid')).not.toHaveValue('');
  const numbers = (start: number, count: number): string[] => Array.from({ length: count }, (_, i) => String(start + i));
  const batch = (n: number) => app.getByTestId(`mms-batch-${n}`);

  // -18: not a proof of refusal (the platform may have sent some), shown with the server's reason; resending takes the user's word.
  sandbox.setFaults({ errorRate: 1 });
  let calls = mmsCalls(sandbox);
  await sendMms(app, numbers(8613911000000, 3));
  await expect(batch(1)).toHaveAttribute('data-status', 'outcome-unknown', { timeout: 15_000 });
  await expectClearMessage(batch(1), /internal error/);
  await expect(app.getByTestId('mms-send-batch-1')).toHaveCount(0);
  expect(mmsCalls(sandbox) - calls).toBe(1);
  await app.screenshot({ path: `${SCREENS}/faults-mms-18.png` });
  sandbox.setFaults(NO_FAULTS);
  await app.getByTestId('mms-ack-batch-1').check();
  await app.getByTestId('mms-resend-batch-1').click();
  await expect(batch(1)).toHaveAttribute('data-status', 'sent');
  await expect(app.getByTestId('mms-send-status')).toHaveText('All batches sent');

  // A 502 page and a dropped connection: the message may have gone out, so nothing is resent without the user's word.
  for (const [start, fault, pattern] of [
    [8613912000000, { html502Rate: 1 }, /HTML page \(HTTP 502/],
    [8613912100000, { dropRate: 1 }, /connection failed after the request was sent/],
  ] as const) {
    sandbox.setFaults(fault);
    calls = mmsCalls(sandbox);
    // Other numbers each time: the same message to the same numbers would be a repeat send.
    await sendMms(app, numbers(start, 2));
    await expect(batch(1)).toHaveAttribute('data-status', 'outcome-unknown', { timeout: 15_000 });
    await expectClearMessage(batch(1), pattern);
    await expect(batch(1)).toContainText('may or may not have been applied');
    await app.waitForTimeout(500);
    expect(mmsCalls(sandbox) - calls).toBe(1);
    sandbox.setFaults(NO_FAULTS);
    await app.getByTestId('mms-ack-batch-1').check();
    await app.getByTestId('mms-resend-batch-1').click();
    await expect(batch(1)).toHaveAttribute('data-status', 'sent');
  }
  await app.screenshot({ path: `${SCREENS}/faults-mms-resent.png` });

  // -15: one send a second admitted, so batch 2 is refused at once and batch 3 waits.
  sandbox.setFaults({ rateLimitPerSecond: 1 });
  calls = mmsCalls(sandbox);
  await sendMms(app, numbers(8613913000000, 2100));
  await expect(batch(2)).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
  await expectClearMessage(batch(2), /too many requests/);
  await expect(batch(1)).toHaveAttribute('data-status', 'sent');
  await expect(batch(3)).toHaveAttribute('data-status', 'not-sent');
  expect(mmsCalls(sandbox) - calls).toBe(2);
  sandbox.setFaults(NO_FAULTS);
  await app.getByTestId('mms-send-batch-2').click();
  await expect(batch(2)).toHaveAttribute('data-status', 'sent');
  await app.getByTestId('mms-send-batch-3').click();
  await expect(batch(3)).toHaveAttribute('data-status', 'sent');
  await expect(app.getByTestId('mms-send-status')).toHaveText('All batches sent');
});

test('accounts: Test connection explains a 502 page, a dropped connection and a clock offset, and works again after', async ({ app, sandbox }) => {
  await openScreen(app, 'accounts', 'Accounts');
  const result = app.getByTestId('connection-result');
  const test = app.getByRole('button', { name: 'Test connection' });

  sandbox.setFaults({ html502Rate: 1 });
  await test.click();
  await expectClearMessage(result, /Connection failed\.[\s\S]*answered, but not as the platform API does \(Page title: 502 Bad Gateway\)/);
  await app.screenshot({ path: `${SCREENS}/faults-accounts-502.png` });

  sandbox.setFaults({ ...NO_FAULTS, dropRate: 1 });
  await test.click();
  await expectClearMessage(result, /Connection failed\.[\s\S]*Could not reach 127\.0\.0\.1:\d+/);

  sandbox.setFaults({ ...NO_FAULTS, clockOffsetSeconds: -3 * 3600 });
  await test.click();
  await expectClearMessage(result, /Connection works\.[\s\S]*clock is off by 180 minutes/);

  sandbox.setFaults(NO_FAULTS);
  await test.click();
  await expect(result).toContainText(/Connection works\.\s*Connected in \d+ ms\.\s*$/);
  await expect(result).not.toContainText('clock');
});


async function exportAllAsCsv(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Export…' }).click();
  const panel = app.getByRole('dialog', { name: 'Export' });
  await panel.getByLabel('All matching records').check();
  await panel.getByLabel(/\.csv/).check();
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
}

test('export under moderate faults writes exactly the sandbox\'s rows; a fault that persists mid-way fails clearly and leaves no file', async ({ app, sandbox }) => {
  await openScreen(app, 'voice-records', 'Voice records');
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;
  await expect(total(app)).toHaveText(`${count.toLocaleString('en')} records`);

  sandbox.clearRequestLog();
  sandbox.setFaults({ errorRate: 0.05, rateLimitPerSecond: 30, dropRate: 0.02, truncateRate: 0.02, html502Rate: 0.02 });
  await exportAllAsCsv(app);
  const outcome = app.getByTestId('export-outcome');
  await expect(outcome).toContainText(`Saved ${count.toLocaleString('en')} rows`, { timeout: 45_000 });
  expect(sandbox.requestLog.some((entry) => entry.fault !== null)).toBe(true);
  const path = await outcome.locator('.path').getAttribute('title');
  if (!path) throw new Error('no path shown');
  const rows = exportedCsvRows(readFileSync(path, 'utf8'));
  expect(rows).toHaveLength(count + 1);
  const ids = rows.slice(1).map((row) => row[0]);
  const served = Array.from({ length: count }, (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId);
  expect(ids).toEqual(served);
  await app.getByRole('button', { name: 'Dismiss' }).click();

  sandbox.setFaults({ ...NO_FAULTS, latencyMs: 400 });
  await exportAllAsCsv(app);
  const progress = app.getByTestId('export-progress');
  await expect(progress).toContainText(/[1-9][\d,]* of [\d,]+ rows/);
  const target = await progress.locator('.path').getAttribute('title');
  if (!target) throw new Error('no path shown');
  sandbox.setFaults({ latencyMs: 0, errorRate: 1 });
  await expectClearMessage(outcome, /Export failed: The platform had an internal error/);
  await app.screenshot({ path: `${SCREENS}/faults-export-failed.png` });
  expect(existsSync(target)).toBe(false);
  expect(readdirSync(dirname(target)).filter((name) => name.includes('.partial-'))).toEqual([]);
});

test("a screen's settings the disk will not take are said in the status bar, kept for the session, and not said again once dismissed until a save goes through", async ({ app }) => {
  // A folder where the preferences file goes: nothing can be written over it (as a full or locked disk).
  const preferences = join(workerDataDir(), 'preferences.json');
  rmSync(preferences, { force: true });
  mkdirSync(join(preferences, 'held'), { recursive: true });
  try {
    await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
    await app.getByRole('button', { name: 'Search' }).click();
    const notice = app.getByTestId('status-notice');
    await expect(notice).toContainText("This screen's settings (columns, filters, sizes) were not saved, so they are kept only until Switchboard closes:");
    await expect(notice).toContainText(`Switchboard could not use ${preferences}.`);
    // Kept for the session: the screen still shows the window it searched.
    await expect(app.getByTestId('pager-total')).toContainText('records');
    await app.getByRole('button', { name: /Dismiss/ }).click();
    await expect(notice).toHaveCount(0);

    // Dismissed: the next refused saves (another window searched) do not bring it back.
    await app.getByRole('button', { name: 'Today', exact: true }).click();
    await app.getByRole('button', { name: 'Search' }).click();
    await expect(app.getByTestId('pager-total')).toContainText('records');
    await app.waitForTimeout(1_000);
    await expect(notice).toHaveCount(0);

    // The disk takes the file again: the next save writes it, with the window searched meanwhile.
    rmSync(preferences, { recursive: true, force: true });
    await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
    await app.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => existsSync(preferences) && readFileSync(preferences, 'utf8')).toContain('"range":"yesterday"');
    await expect(notice).toHaveCount(0);
  } finally {
    rmSync(preferences, { recursive: true, force: true });
  }
});
