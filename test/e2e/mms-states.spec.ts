/**
 * The MMS screen tells each batch's state as it is: after a -18, a dropped answer, a
 * confirmed resend that failed, a crash mid-batch, a batch another process is sending;
 * and the review warns before the same message goes to the same numbers again.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { startHarness } from '../../src/main/browser-host/server';
import { createLogger } from '../../src/main/log';
import { JOURNAL_FILE } from '../../src/main/mms';
import { NO_FAULTS, type Sandbox } from '../../src/main/sandbox';
import { expect, test } from './fixtures';

const SCREENS = 'test-results/screens';

async function openMms(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="mms"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'MMS' })).toBeVisible();
}

async function send(page: Page, recipients: string, content: string): Promise<void> {
  await page.getByRole('tab', { name: 'Compose' }).click();
  await page.locator('#mms-recipients').fill(recipients);
  await page.locator('#mms-content').fill(content);
  await page.getByTestId('mms-review').click();
  await page.getByTestId('mms-confirm-send').click();
  await expect(page.getByTestId('mms-results')).toBeVisible({ timeout: 20_000 });
}

const accepted = (sandbox: Sandbox, number: string): number => sandbox.mmsSent.filter((m) => m.number === number).length;

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

test('-18, then a confirmed resend the platform refuses: the batch stays "outcome unknown" at heart and needs the acknowledgement again', async ({ app, sandbox }) => {
  await openMms(app);
  sandbox.setFaults({ ...NO_FAULTS, errorRate: 1 });
  try {
    await send(app, '4470100000001, 4470100000002', 'State check: -18');
  } finally {
    sandbox.setFaults(NO_FAULTS);
  }
  const batch = app.getByTestId('mms-batch-1');
  await expect(batch).toHaveAttribute('data-status', 'outcome-unknown');
  await expect(batch).toContainText('Outcome unknown, check before resending');
  // Not sent for sure: the form keeps what was typed, and says nothing of clearing it.
  await expect(app.locator('#mms-recipients')).toHaveValue('4470100000001, 4470100000002');
  await expect(app.locator('#mms-content')).toHaveValue('State check: -18');
  await expect(app.getByTestId('mms-sent-cleared')).toHaveCount(0);
  await expect(batch).toContainText('may have sent some or all of these messages');
  await expect(app.getByTestId('mms-send-batch-1')).toHaveCount(0);
  await expect(app.getByTestId('mms-resend-batch-1')).toBeDisabled();
  await app.getByTestId('mms-batches').scrollIntoViewIfNeeded();
  await app.screenshot({ path: `${SCREENS}/mms-state-18.png` });

  // The user confirms; the platform refuses (key disabled): still not a plain failure.
  await app.getByTestId('mms-ack-batch-1').check();
  sandbox.setAccount(sandbox.credentials.apiKey, { enabled: false });
  try {
    await app.getByTestId('mms-resend-batch-1').click();
    await expect(batch).toHaveAttribute('data-status', 'failed');
  } finally {
    sandbox.setAccount(sandbox.credentials.apiKey, { enabled: true });
  }
  await expect(batch).toContainText('Failed; an earlier attempt’s outcome is unknown');
  await expect(app.getByTestId('mms-send-batch-1')).toHaveCount(0);
  await expect(app.getByTestId('mms-resend-batch-1')).toBeDisabled();
  await expect(app.getByTestId('mms-number-table')).toContainText('Outcome unknown');
  await app.getByTestId('mms-batches').scrollIntoViewIfNeeded();
  await app.screenshot({ path: `${SCREENS}/mms-state-failed-resend.png` });
  expect(accepted(sandbox, '4470100000001')).toBe(0);
});

test('a dropped answer is "outcome unknown" although the platform accepted the batch', async ({ app, sandbox }) => {
  await openMms(app);
  sandbox.setFaults({ ...NO_FAULTS, dropRate: 1 });
  try {
    await send(app, '4470200000001, 4470200000002', 'State check: dropped answer');
  } finally {
    sandbox.setFaults(NO_FAULTS);
  }
  await expect(app.getByTestId('mms-batch-1')).toHaveAttribute('data-status', 'outcome-unknown');
  await expect(app.getByTestId('mms-send-status')).toHaveText('Needs attention');
  await expect(app.getByTestId('mms-number-table')).toContainText('Outcome unknown');
  expect(accepted(sandbox, '4470200000001')).toBe(1);
  await app.getByTestId('mms-batches').scrollIntoViewIfNeeded();
  await app.screenshot({ path: `${SCREENS}/mms-state-dropped.png` });
});

test('a reload answered after a new send has begun is dropped: no error, and the new send is what shows', async ({ app }) => {
  await openMms(app);
  await send(app, '4470100000011', 'Race check: first send');
  // Hold the first send's reloads and the second send's answer, so a reload lands while the second is under way.
  const holder = (): { held: number; route: (route: Route) => Promise<void>; release: () => void } => {
    const waiting: Array<() => void> = [];
    let released = false;
    const holding = {
      held: 0,
      route: async (route: Route): Promise<void> => {
        const answer = await route.fetch();
        holding.held += 1;
        if (!released) await new Promise<void>((resolve) => waiting.push(resolve));
        await route.fulfill({ response: answer });
      },
      release: (): void => {
        released = true;
        for (const resolve of waiting.splice(0)) resolve();
      },
    };
    return holding;
  };
  const reloads = holder();
  const sends = holder();
  await app.route('**/rpc/getMmsSend', reloads.route);
  await app.getByTestId('mms-results-refresh').click();
  await expect.poll(() => reloads.held).toBeGreaterThan(0);
  await app.route('**/rpc/sendMms', sends.route);
  await app.getByRole('tab', { name: 'Compose' }).click();
  await app.locator('#mms-recipients').fill('4470100000012');
  await app.locator('#mms-content').fill('Race check: second send');
  await app.getByTestId('mms-review').click();
  await app.getByTestId('mms-confirm-send').click();
  await expect.poll(() => sends.held).toBe(1);
  await expect(app.getByTestId('mms-results')).toHaveCount(0);
  reloads.release();
  await app.waitForTimeout(300);
  await expect(app.getByTestId('mms-results')).toHaveCount(0);
  sends.release();
  await expect(app.getByTestId('mms-results')).toBeVisible({ timeout: 20_000 });
  await expect(app.getByTestId('mms-number-table')).toContainText('4470100000012');
  await expect(app.getByTestId('mms-number-table')).not.toContainText('4470100000011');
  await app.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the review warns of a repeat send and skips the repeated numbers unless told otherwise (light and dark)', async ({ app, sandbox }) => {
  await openMms(app);
  const first = Array.from({ length: 1000 }, (_, i) => String(4470300000000 + i));
  await send(app, first.join(', '), 'State check: a repeat');
  await expect(app.getByTestId('mms-send-status')).toHaveText('All batches sent');
  const before = sandbox.mmsSent.length;
  // Every number accepted: the form is emptied, so the same send is not one confirmation away, and says so.
  await expect(app.getByTestId('mms-sent-cleared')).toHaveText(
    'Sent “State check: a repeat” to 1,000 recipients; the platform accepted every one. The form is cleared for the next message; the results are below.',
  );
  await expect(app.locator('#mms-recipients')).toHaveValue('');
  await expect(app.locator('#mms-content')).toHaveValue('');
  await expect(app.locator('#mms-appid')).not.toHaveValue('');
  await expect(app.getByTestId('mms-count-valid')).toHaveText('0');

  // The same message typed again, plus five new numbers, reviewed again.
  await app.getByRole('tab', { name: 'Compose' }).click();
  await app.locator('#mms-content').fill('State check: a repeat');
  await app.locator('#mms-recipients').fill([...first, '4470399999991', '4470399999992', '4470399999993', '4470399999994', '4470399999995'].join(', '));
  await app.getByTestId('mms-review').click();
  const warning = app.getByTestId('mms-repeat-warning');
  await expect(warning).toContainText(/1,000 of these numbers got this message at \d{4}-\d\d-\d\d \d\d:\d\d\./);
  await expect(app.getByTestId('mms-repeat-skip')).toBeChecked();
  await expect(app.getByTestId('mms-confirm-count')).toHaveText('5');
  await app.emulateMedia({ colorScheme: 'light' });
  await app.screenshot({ path: `${SCREENS}/mms-repeat-warning-light.png` });
  await app.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot({ path: `${SCREENS}/mms-repeat-warning-dark.png` });
  await app.emulateMedia({ colorScheme: 'light' });

  await app.getByTestId('mms-repeat-send-again').check();
  await expect(app.getByTestId('mms-confirm-count')).toHaveText('1,005');
  await app.getByTestId('mms-repeat-skip').check();
  await app.getByTestId('mms-confirm-send').click();
  await expect(app.getByTestId('mms-send-status')).toHaveText('All batches sent');
  expect(sandbox.mmsSent.slice(before).map((m) => m.number)).toEqual(['4470399999991', '4470399999992', '4470399999993', '4470399999994', '4470399999995']);
});

test('after a crash mid-batch the batch is "outcome unknown"; a batch another live process claimed is "being sent elsewhere"', async ({ page }) => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'switchboard-mms-crash-'));
  const dead = spawnSync(process.execPath, ['-e', '0']).pid ?? 0;
  const at = Date.now() - 60_000;
  const plan = (sendId: string, content: string) => ({
    v: 1, kind: 'send', sendId, at, profileId: 'sandbox', profileName: 'Sandbox (demo)', appId: 'app-demo-01',
    mmsType: '1', mmsTitle: null, mmsFiles: null, content, batches: [['4470400000001'], ['4470400000002']],
  });
  const claim = (sendId: string, owner: { pid: number; host: string; process: string }) => ({
    v: 1, kind: 'batch', sendId, batch: 1, attempt: 1, at: Date.now() - 1000, phase: 'about-to-send', owner,
    appId: 'app-demo-01', mmsType: '1', numbers: ['4470400000001'], contentPreview: 'x',
  });
  const lines = [
    plan('crashed-send-0001', 'Cut off by a crash'),
    claim('crashed-send-0001', { pid: dead, host: hostname(), process: 'crashed' }),
    plan('elsewhere-send-0001', 'Being sent by another process'),
    // This test runner is alive: it stands for the other process.
    claim('elsewhere-send-0001', { pid: process.pid, host: hostname(), process: 'another-app' }),
  ];
  writeFileSync(join(userDataDir, JOURNAL_FILE), lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  const harness = await startHarness({
    rendererDir: resolve(process.env.SWITCHBOARD_RENDERER_DIR ?? resolve(__dirname, '../../out/renderer')),
    userDataDir,
    log: createLogger({ console: false }),
  });
  try {
    await page.goto(harness.url);
    await openMms(page);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('mms-history-row').filter({ hasText: 'Cut off by a crash' }).getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('mms-batch-1')).toHaveAttribute('data-status', 'outcome-unknown');
    await expect(page.getByTestId('mms-batch-1')).toContainText('stopped while this batch was being sent');
    await expect(page.getByTestId('mms-resend-batch-1')).toBeDisabled();
    await expect(page.getByTestId('mms-batch-2')).toHaveAttribute('data-status', 'not-sent');
    await page.screenshot({ path: `${SCREENS}/mms-state-crash.png` });

    await page.getByRole('button', { name: '← All sends' }).click();
    const elsewhere = page.getByTestId('mms-history-row').filter({ hasText: 'Being sent by another process' });
    await expect(elsewhere).toContainText('Being sent elsewhere');
    await expect(page.getByTestId('mms-history-row').filter({ hasText: 'Cut off by a crash' })).toContainText('Needs attention');
    await elsewhere.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('mms-batch-1')).toContainText('Being sent elsewhere (another window or app)');
    await expect(page.getByTestId('mms-elsewhere-batch-1')).toBeVisible();
    await expect(page.getByTestId('mms-send-batch-2')).toBeDisabled();
    await page.screenshot({ path: `${SCREENS}/mms-state-elsewhere.png` });
  } finally {
    await harness.close();
  }
});
