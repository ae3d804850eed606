import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { exportedCsvRows } from '../support/csv';
import { exportAs } from './export-steps';
import { expect, test } from './fixtures';

const SCREENS = 'test-results/screens';

interface ShownNotification {
  title: string;
  body: string;
}

/** Replaces the page's Notification with a recorder that is always allowed; survives reloads. */
async function recordNotifications(app: Page): Promise<void> {
  await app.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = (): Promise<string> => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
      }
      close(): void {}
    }
    Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown });
  });
  await app.reload();
  await expect(app.getByRole('navigation', { name: 'Screens' })).toBeVisible();
}

const notifications = (app: Page): Promise<ShownNotification[]> =>
  app.evaluate(() => (window as unknown as { shownNotifications: ShownNotification[] }).shownNotifications);

/** Wall time in +08:00, the zone the sandbox profile reads its time fields in. */
const local = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19);

/** Voice records of the last 30 days: enough pages that an export runs for a while under latency. */
async function searchMonth(app: Page): Promise<{ from: number; to: number }> {
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  const to = Math.floor((Date.now() - 60_000) / 1000) * 1000;
  const from = to - 30 * 86_400_000;
  await app.locator('#range-from').fill(local(from));
  await app.locator('#range-to').fill(local(to));
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByTestId('pager-total')).toBeVisible();
  return { from, to };
}

async function goTo(app: Page, shortcut: string, heading: string): Promise<void> {
  await app.keyboard.press(shortcut);
  await expect(app.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a running export belongs to the app: seen from every screen, back on its screen, after a reload, and told when it ends', async ({ app, sandbox, harness }) => {
  await recordNotifications(app);
  const window = await searchMonth(app);
  sandbox.setFaults({ latencyMs: 400 });
  try {
    await exportAs(app, 'All matching records', /\.csv/);
    await expect(app.getByTestId('export-progress')).toContainText('Exporting to voice-records_');
    const path = await app.getByTestId('export-progress').locator('.path').getAttribute('title');
    if (!path) throw new Error('no path shown');
    // This worker's app ran other exports before: this test follows its own job, by its file.
    const ownJob = (panel: Locator): Locator => panel.getByRole('listitem').filter({ hasText: basename(path) });

    await goTo(app, 'Control+4', 'Seats');
    const opener = app.getByRole('button', { name: /^Jobs/ });
    await expect(opener).toContainText('1 running');
    // Keyboard reachable: the status-bar entry is a button that opens the panel and Escape closes it.
    await opener.focus();
    await app.keyboard.press('Enter');
    const panel = app.getByRole('dialog', { name: 'Jobs' });
    await expect(panel).toBeVisible();
    const job = ownJob(panel);
    await expect(job).toContainText(/[\d,]+ of [\d,]+ rows/);
    await expect(job).toContainText(/rows\/s/);
    await expect(job.getByRole('progressbar')).toBeVisible();
    await expect(job.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await app.emulateMedia({ colorScheme: 'light' });
    await app.screenshot({ path: `${SCREENS}/jobs-running-export.png` });
    await app.emulateMedia({ colorScheme: 'dark' });
    await app.screenshot({ path: `${SCREENS}/jobs-running-export-dark.png` });
    await app.emulateMedia({ colorScheme: 'light' });
    await app.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();

    // Back on its screen: the same export's progress and Cancel, and no second Export….
    await goTo(app, 'Control+1', 'Voice records');
    await expect(app.getByTestId('export-progress')).toContainText('Exporting to voice-records_');
    await expect(app.getByRole('button', { name: 'Cancel export' })).toBeVisible();
    await expect(app.getByRole('button', { name: 'Export…' })).toBeDisabled();

    // A reload asks main for the running jobs.
    await app.reload();
    await expect(app.getByTestId('export-progress')).toContainText('Exporting to voice-records_');
    await expect(app.getByRole('button', { name: 'Export…' })).toBeDisabled();
    await expect(app.getByRole('button', { name: /^Jobs/ })).toContainText('1 running');
    await expect(app.getByTestId('export-progress').locator('.path')).toHaveAttribute('title', path);
    // A second window sees the same job.
    const second = await app.context().newPage();
    await second.goto(harness.url);
    await expect(second.getByRole('button', { name: /^Jobs/ })).toContainText('1 running');
    await second.close();

    await goTo(app, 'Control+4', 'Seats');
    sandbox.setFaults({ latencyMs: 0 });
    await expect(app.getByRole('button', { name: /^Jobs/ })).not.toContainText('running', { timeout: 30_000 });
    await expect.poll(() => notifications(app)).toEqual([{ title: 'Export finished', body: expect.stringMatching(/^Voice records: Saved [\d,]+ rows to voice-records_.*\.csv$/) as unknown as string }]);

    await app.getByRole('button', { name: /^Jobs/ }).click();
    const done = ownJob(app.getByRole('dialog', { name: 'Jobs' }));
    const range = sandbox.data.voiceRecordRange(window.from, window.to);
    const count = range.end - range.first;
    expect(exportedCsvRows(readFileSync(path, 'utf8'))).toHaveLength(count + 1);
    await expect(done).toContainText(`Saved ${count.toLocaleString('en')} rows`);
    // Browser mode: the shell cannot open files, so neither Open nor Show in folder is offered.
    await expect(done.getByRole('button', { name: 'Open' })).toHaveCount(0);
    await expect(done.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    // It comes as a download instead, the very file.
    const [download] = await Promise.all([app.waitForEvent('download'), done.getByRole('button', { name: 'Download' }).click()]);
    expect(readFileSync(await download.path()).equals(readFileSync(path))).toBe(true);
    await app.keyboard.press('Escape');

    await goTo(app, 'Control+1', 'Voice records');
    await expect(app.getByTestId('export-outcome')).toContainText(`Saved ${count.toLocaleString('en')} rows`);
    await expect(app.getByRole('button', { name: 'Export…' })).toBeEnabled();
  } finally {
    sandbox.setFaults({ latencyMs: 0 });
  }
});

test('an export cancelled from the jobs area on another screen leaves no file; a failed one says so', async ({ app, sandbox }) => {
  await searchMonth(app);
  sandbox.setFaults({ latencyMs: 400 });
  try {
    await exportAs(app, 'All matching records', /\.xlsx/);
    const path = await app.getByTestId('export-progress').locator('.path').getAttribute('title');
    if (!path) throw new Error('no path shown');
    await goTo(app, 'Control+5', 'Team leaders');
    await app.getByRole('button', { name: /^Jobs/ }).click();
    const job = app.getByRole('dialog', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: basename(path) });
    await job.getByRole('button', { name: 'Cancel' }).click();
    await expect(job).toContainText('Cancelled; no file was written.');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dirname(path)).filter((name) => name.includes('.partial-'))).toEqual([]);
    await app.keyboard.press('Escape');
    await expect(app.getByRole('dialog', { name: 'Jobs' })).toBeHidden();

    // A fresh start on Voice records (a reload; the list asks main again and still shows the cancelled job).
    await app.reload();
    await app.getByRole('button', { name: /^Jobs/ }).click();
    await expect(app.getByRole('dialog', { name: 'Jobs' }).getByRole('listitem').first()).toContainText('Cancelled; no file was written.');
    await app.keyboard.press('Escape');
    await searchMonth(app);
    sandbox.setFaults({ latencyMs: 0, errorRate: 1 });
    await exportAs(app, 'All matching records', /\.csv/);
    await goTo(app, 'Control+4', 'Seats');
    await app.getByRole('button', { name: /^Jobs/ }).click();
    const failed = app.getByRole('dialog', { name: 'Jobs' }).getByRole('listitem').first();
    await expect(failed).toContainText('No file was written.', { timeout: 30_000 });
    await expect(failed).toContainText('Failed');
    // Told again in the language switched to, as every other text is; the server's reason as it came.
    const english = 'The platform had an internal error. Try again in a moment; if it keeps happening, contact platform support.';
    await expect(failed).toContainText(english);
    const failedJob = app.getByTestId('job-failed').first();
    await app.getByTestId('language-picker').selectOption('zh-CN');
    await expect(failedJob).toContainText('平台发生内部错误。请稍后再试；如果问题持续，请联系平台技术支持。');
    await expect(failedJob).not.toContainText(english);
    await expect(failedJob).toContainText('system error');
    await expect(failedJob).toContainText('语音记录');
    await app.getByTestId('language-picker').selectOption('en');
    await expect(failedJob).toContainText(english);
  } finally {
    sandbox.setFaults({ latencyMs: 0, errorRate: 0 });
  }
});

test('an MMS send is a job too: followed from another screen, told when it ends, never offered to cancel half-way', async ({ app, sandbox }) => {
  await recordNotifications(app);
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="mms"]').click();
  await expect(app.locator('#mms-appid')).not.toHaveValue('');
  const sentBefore = sandbox.mmsSent.length;
  await app.locator('#mms-recipients').fill('+86 13800138001\n+86 13800138002');
  await app.locator('#mms-content').fill('Your parcel is on its way.');
  sandbox.setFaults({ latencyMs: 2500 });
  try {
    await app.getByTestId('mms-review').click();
    await app.getByTestId('mms-confirm-send').click();
    await goTo(app, 'Control+4', 'Seats');
    await app.getByRole('button', { name: /^Jobs · 1 running/ }).click();
    // The newest job comes first; this worker's app has sent other MMS before.
    const job = app.getByRole('dialog', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: 'MMS to 2 recipients' }).first();
    await expect(job).toContainText('0 of 2 recipients');
    await expect(job.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(job).toContainText('Sent: 2 accepted', { timeout: 20_000 });
  } finally {
    sandbox.setFaults({ latencyMs: 0 });
  }
  await expect.poll(() => notifications(app)).toEqual([{ title: 'MMS sent', body: 'MMS to 2 recipients: Sent: 2 accepted' }]);
  expect(sandbox.mmsSent.slice(sentBefore).map((sent) => sent.number)).toEqual(['+8613800138001', '+8613800138002']);
});

/** True when two boxes share any area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a Sync shows its progress where it was pressed, the jobs area calls it a sync, and at 1024×700 the open jobs area leaves the pager free', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  await app.setViewportSize({ width: 1024, height: 700 });
  await searchMonth(app);
  sandbox.setFaults({ latencyMs: 400 });
  try {
    await app.getByRole('button', { name: 'Sync', exact: true }).click();
    // Where it was pressed, without opening Jobs.
    const here = app.getByTestId('started-job');
    await expect(here).toContainText(/Syncing: [\d,]+ rows/);
    await expect(here.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(app.getByRole('dialog', { name: 'Jobs' })).toHaveCount(0);

    await app.getByTestId('jobs-opener').click();
    const panel = app.getByRole('dialog', { name: 'Jobs' });
    const sync = panel.getByRole('region', { name: 'Syncs' }).getByRole('listitem').first();
    await expect(sync).toContainText('Voice records');
    await expect(sync).toContainText('sync · started');
    await expect(sync).not.toContainText('export');
    await expect(panel.getByRole('region', { name: 'Exports' }).getByTestId('job-running')).toHaveCount(0);

    // The panel stands beside the screen, never over it: the pager is uncovered and usable.
    const pager = app.getByRole('navigation', { name: 'Pages' });
    await pager.scrollIntoViewIfNeeded();
    const [panelBox, pagerBox, screenBox] = await Promise.all([panel.boundingBox(), pager.boundingBox(), app.getByRole('main').boundingBox()]);
    if (!panelBox || !pagerBox || !screenBox) throw new Error('the jobs area, the pager or the screen has no box');
    expect(overlap(panelBox, pagerBox), `jobs area ${JSON.stringify(panelBox)} over pager ${JSON.stringify(pagerBox)}`).toBe(false);
    expect(overlap(panelBox, screenBox), `jobs area ${JSON.stringify(panelBox)} over screen ${JSON.stringify(screenBox)}`).toBe(false);
    await pager.getByRole('button', { name: 'Next ›' }).click({ trial: true });
    await app.screenshot({ path: `${SCREENS}/jobs-sync-1024x700.png` });

    sandbox.setFaults({ latencyMs: 0 });
    await expect(here).toContainText('Synced:', { timeout: 150_000 });
    await expect(sync).toHaveAttribute('data-testid', 'job-completed');
  } finally {
    sandbox.setFaults({ latencyMs: 0 });
  }
});

test('a later sync of several lists at once, as the schedule runs, replaces a list’s earlier sync outcome', async ({ app, sandbox, harness }) => {
  await goTo(app, 'Control+4', 'Seats');
  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  const here = app.getByTestId('started-job');
  await expect(here).toContainText('Synced:', { timeout: 60_000 });
  // A scheduled sync names no list; this one is refused by the platform (the key is switched off).
  sandbox.setAccount(sandbox.credentials.apiKey, { enabled: false });
  try {
    const started = await harness.services.dispatch('startSync', { operations: ['seats', 'teamLeaders'] });
    expect(started.ok).toBe(true);
    await expect(here).toContainText('Failed:', { timeout: 60_000 });
  } finally {
    sandbox.setAccount(sandbox.credentials.apiKey, { enabled: true });
  }
  await expect(here).not.toContainText('Synced:');
  await expect(here).toHaveCount(1);
});

test('the jobs area keeps the last 10 finished Load alls, and Clear finished empties it, also for a reload', async ({ app }) => {
  await goTo(app, 'Control+4', 'Seats');
  await expect(app.getByTestId('pager-total')).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await app.getByRole('button', { name: 'Load all', exact: true }).click();
    await expect(app.getByTestId('load-all-outcome')).toContainText(/All [\d,]+ rows loaded/);
  }
  await app.getByTestId('jobs-opener').click();
  const panel = app.getByRole('dialog', { name: 'Jobs' });
  const loads = panel.getByRole('region', { name: 'Load all' }).getByRole('listitem');
  await expect(loads).toHaveCount(10);
  await expect(loads.first()).toContainText('Seats');
  await expect(loads.first()).toContainText('Load all · started');

  await panel.getByRole('button', { name: 'Clear finished' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Clear finished' })).toBeDisabled();
  await app.reload();
  await app.getByTestId('jobs-opener').click();
  await expect(app.getByRole('dialog', { name: 'Jobs' }).getByRole('listitem')).toHaveCount(0);
});
