import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { compareSortValues } from '../../src/shared/cell-text';
import { exportedCsvRows } from '../support/csv';
import { exportAs } from './export-steps';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './fixtures';

/** Texts in the order the table sorts a text column, in English (digit runs as numbers, case aside). */
const inScreenOrder = (texts: readonly string[]): string[] => [...texts].sort((a, b) => compareSortValues(a, b));

const grid = (app: Page) => app.getByTestId('data-table');
const firstCell = (app: Page) => grid(app).locator('.body [role="row"]').first().locator('[role="gridcell"]').first();

async function instantOf(app: Page, selector: string): Promise<number> {
  // The sandbox profile reads and shows times at the platform's +08:00.
  return Date.parse(`${await app.locator(selector).inputValue()}+08:00`);
}

test.describe.configure({ mode: 'serial' });

test('synced voice records still show, sort and export when the platform cannot be reached', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;
  await expect(app.getByTestId('pager-total')).toHaveText(`${count.toLocaleString('en')} records`);

  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  if ((await app.getByRole('dialog', { name: 'Jobs' }).count()) === 0) await app.getByTestId('jobs-opener').click();
  await expect(app.getByTestId('job-completed').filter({ hasText: 'Synced' })).toBeVisible({ timeout: 150_000 });
  await app.getByRole('button', { name: 'Close jobs' }).click();

  // The platform goes away: the sandbox stops listening.
  await sandbox.offline();
  try {
    await app.getByRole('button', { name: 'Search' }).click();
    const offer = app.getByTestId('offer-archive');
    await expect(offer).toContainText('The platform cannot be reached', { timeout: 60_000 });
    await expect(offer).toContainText('last synced');
    await offer.getByRole('button', { name: 'Show the archive' }).click();

    await expect(app.getByTestId('pager-total')).toHaveText(`${count.toLocaleString('en')} records`);
    await expect(app.getByTestId('archive-synced')).toContainText('Last synced');

    // Sorted over every archived row of the window, not just the page on show.
    await grid(app).getByRole('button', { name: 'Voice id', exact: true }).click();
    const ids = inScreenOrder(Array.from({ length: count }, (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId));
    await expect(firstCell(app)).toHaveText(ids[0]);
    await app.screenshot({ path: 'test-results/screens/archive-offline.png' });

    await exportAs(app, 'All matching records', /\.csv/);
    const outcome = app.getByTestId('export-outcome');
    await expect(outcome).toContainText(`Saved ${count.toLocaleString('en')} rows`, { timeout: 60_000 });
    const path = await outcome.locator('.path').getAttribute('title');
    if (!path) throw new Error('no path shown');
    const exported = exportedCsvRows(readFileSync(path, 'utf8')).slice(1).map((row) => row[0]);
    expect(exported).toEqual(ids);
    await app.getByRole('button', { name: 'Dismiss' }).click();
  } finally {
    await sandbox.online();
  }
});

test('the archive filters any column over every archived row, keeps the filters while paging and sorting, and clears them', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const records = Array.from({ length: range.end - range.first }, (_, i) => sandbox.data.voiceRecordAt(range.first + i));
  await expect(app.getByTestId('pager-total')).toHaveText(`${records.length.toLocaleString('en')} records`);
  // This test's own sync (what an earlier test kept is not relied on): one more sync completed than before it.
  if ((await app.getByRole('dialog', { name: 'Jobs' }).count()) === 0) await app.getByTestId('jobs-opener').click();
  const completedSyncs = app.getByTestId('job-completed').filter({ hasText: 'Synced' });
  const before = await completedSyncs.count();
  await app.getByRole('button', { name: 'Close jobs' }).click();
  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  if ((await app.getByRole('dialog', { name: 'Jobs' }).count()) === 0) await app.getByTestId('jobs-opener').click();
  await expect(completedSyncs).toHaveCount(before + 1, { timeout: 150_000 });
  await app.getByRole('button', { name: 'Close jobs' }).click();
  await app.getByRole('button', { name: 'From the archive' }).click();

  // Newest first, as the platform lists them, and the sort indicator says so.
  const submitted = grid(app).getByRole('columnheader').filter({ hasText: 'Submitted' });
  await expect(submitted).toHaveAttribute('aria-sort', 'descending');

  const text = 'a1';
  const matching = records.filter((record) => record.voiceId.toLowerCase().includes(text));
  expect(matching.length).toBeGreaterThan(25);
  const filter = grid(app).getByRole('searchbox', { name: 'Filter Voice id' });
  await filter.focus();
  await app.keyboard.type(text);
  await expect(app.getByTestId('pager-total')).toHaveText(`${matching.length.toLocaleString('en')} records`);
  await expect(firstCell(app)).toHaveText(matching[0].voiceId);

  // The next page and a sort keep the filter.
  await app.keyboard.press('Alt+PageDown');
  await expect(app.getByTestId('pager-position')).toContainText('Page 2');
  await expect(firstCell(app)).toHaveText(matching[25].voiceId);
  await grid(app).getByRole('button', { name: 'Voice id', exact: true }).click();
  await expect(app.getByTestId('pager-total')).toHaveText(`${matching.length.toLocaleString('en')} records`);
  await expect(firstCell(app)).toHaveText(inScreenOrder(matching.map((record) => record.voiceId))[0]);
  await grid(app).getByRole('button', { name: 'Voice id', exact: true }).click();
  await expect(firstCell(app)).toHaveText(inScreenOrder(matching.map((record) => record.voiceId)).at(-1) ?? '');
  await expect(filter).toHaveValue(text);

  // A filter the archive refuses (a number beyond what it binds) is told at once, and the count of the rows
  // matched before is not left beside it as if it were this filter's.
  await expect(app.getByTestId('match-count')).toBeVisible();
  const duration = grid(app).getByRole('searchbox', { name: 'Filter Duration' });
  await duration.fill('>= 99999999999999999999999');
  await expect(app.getByRole('alert').filter({ hasText: 'Duration holds numbers from' })).toBeVisible();
  await expect(app.getByTestId('match-count')).toHaveCount(0);
  await duration.fill('');
  await expect(app.getByTestId('match-count')).toBeVisible();

  await app.getByRole('button', { name: 'Clear column filters (1)' }).click();
  await expect(filter).toHaveValue('');
  await expect(app.getByTestId('pager-total')).toHaveText(`${records.length.toLocaleString('en')} records`);
  await expect(app.getByRole('button', { name: /Clear column filters/ })).toHaveCount(0);
  await app.getByRole('button', { name: 'From the platform' }).click();
});

test("Task details syncs the task in its filters, whose rows then show from the archive in the task's order", async ({ app, sandbox }) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="task-details"]').click();
  await expect(app.getByRole('heading', { level: 1, name: 'Task details' })).toBeVisible();
  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(app.getByRole('alert').filter({ hasText: 'Enter the task id in the filters above, then Sync.' })).toBeVisible();

  const taskId = sandbox.data.taskIds[2];
  const served = sandbox.data.taskRows(taskId);
  await app.getByLabel('Task id (required)').fill(String(taskId));
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect
    .poll(() => sandbox.requestLog.filter((entry) => entry.params?.taskId === taskId).length, { timeout: 30_000 })
    .toBe(Math.ceil(served.length / 100));
  await app.getByRole('button', { name: 'From the archive' }).click();
  await expect(app.getByTestId('pager-total')).toHaveText(`${served.length.toLocaleString('en')} records`);
  const called = grid(app).locator('.body [role="row"]').first().locator('[role="gridcell"]').nth(1);
  await expect(called).toHaveText(served[0].record.called);
  await expect(app.getByTestId('archive-synced')).toContainText('Last synced');

  // var01 is kept inside the row's variables, not as a column of its own: the archive filters and sorts it all the same.
  const needle = (served.find((row) => row.record.var01)?.record.var01 ?? '').slice(0, 3).toLowerCase();
  const matching = served.filter((row) => (row.record.var01 ?? '').toLowerCase().includes(needle));
  expect(needle).not.toBe('');
  expect(matching.length).toBeLessThan(served.length);
  await grid(app).getByRole('searchbox', { name: 'Filter var01' }).fill(needle);
  await expect(app.getByTestId('pager-total')).toHaveText(`${matching.length.toLocaleString('en')} records`);
  await expect(app.getByRole('alert')).toHaveCount(0);
  await grid(app).getByRole('button', { name: 'var01', exact: true }).click();
  const lowest = inScreenOrder(matching.map((row) => row.record.var01 ?? ''))[0];
  await expect(grid(app).locator('.body [role="row"]').first()).toContainText(lowest);
  await app.getByRole('button', { name: 'Clear column filters (1)' }).click();
  await expect(app.getByTestId('pager-total')).toHaveText(`${served.length.toLocaleString('en')} records`);
});

test('Accounts shows the archive, says it holds phone numbers, and deletes it after a confirmation', async ({ app }) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByTestId('profile-Sandbox (demo)').click();
  const panel = app.getByTestId('archive-panel');
  await expect(panel.getByLabel('Keep every record fetched on this computer')).toBeChecked();
  await expect(panel).toContainText('holds phone numbers');
  await expect(panel).toContainText(/Voice records\s*[\d,]+ records/);
  await expect(panel.getByLabel('Retention in days')).toHaveValue('180');
  await expect(panel.getByLabel('Refresh window in hours')).toHaveValue('24');
  const history = panel.getByLabel('Sync history in days');
  await expect(history).toHaveValue('60');
  await history.fill('70');
  await expect(panel).toContainText('the platform keeps two months of voice records');
  await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeEnabled();
  await panel.getByRole('button', { name: 'Save archive settings' }).click();
  await expect(history).toBeFocused();
  await history.fill('30');
  await panel.getByRole('button', { name: 'Save archive settings' }).click();
  await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeDisabled();
  await app.reload();
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByTestId('profile-Sandbox (demo)').click();
  await expect(panel.getByLabel('Sync history in days')).toHaveValue('30');
  // Back to the default, so no other test sees this one's setting.
  await panel.getByLabel('Sync history in days').fill('60');
  await panel.getByRole('button', { name: 'Save archive settings' }).click();
  await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeDisabled();
  await app.screenshot({ path: 'test-results/screens/accounts-archive.png' });

  // By keyboard: the question takes the keyboard to its safe answer, and each answer leaves it in the panel.
  const ask = panel.getByRole('button', { name: 'Delete archive…' });
  // The save above has ended (its button is disabled while it runs, and so is this one): a slow machine may still be saving.
  await expect(ask).toBeEnabled();
  await ask.focus();
  await app.keyboard.press('Enter');
  await expect(panel).toContainText('Delete every archived record of this profile from this computer?');
  const keep = panel.getByRole('button', { name: 'Keep it' });
  await expect(keep).toBeFocused();
  await expect(keep).toHaveAccessibleDescription('Delete every archived record of this profile from this computer?');
  await app.keyboard.press('Enter');
  await expect(ask).toBeFocused();
  await app.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Delete archive', exact: true }).focus();
  await app.keyboard.press('Enter');
  await expect(panel.getByTestId('archive-size')).toHaveText('0 KB');
  await expect(panel).not.toContainText('Voice records');
  await expect.poll(() => app.evaluate(() => document.activeElement?.closest('[data-testid="archive-panel"]') !== null)).toBe(true);
});

test('an archive file that could not be read is told in Accounts, after a reload too, until it is dismissed', async ({ app, harness }) => {
  await harness.services.dispatch('deleteArchive', { profileId: 'sandbox' });
  writeFileSync(harness.services.archives.pathOf('sandbox'), 'this is not a database');
  const openPanel = async () => {
    await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
    await app.getByTestId('profile-Sandbox (demo)').click();
    return app.getByTestId('archive-panel');
  };
  const notice = (await openPanel()).getByTestId('archive-set-aside');
  await expect(notice).toContainText(/could not be read, so it was moved to \S+sandbox\.duckdb\.unreadable-\d+ and a new one started/);
  await app.reload();
  await expect((await openPanel()).getByTestId('archive-set-aside')).toContainText('.unreadable-');
  await expectNoAxeViolations(app, 'accounts with a set-aside archive');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await app.reload();
  await expect((await openPanel()).getByLabel('Keep every record fetched on this computer')).toBeChecked();
  await expect(app.getByTestId('archive-set-aside')).toHaveCount(0);
});

test('a sync whose retention would remove more than half of a list asks first: Keep them until the next sync, then Remove them', async ({ app }) => {
  test.setTimeout(300_000);
  const screens = app.getByRole('navigation', { name: 'Screens' });
  const panel = app.getByTestId('archive-panel');
  const saveRetention = async (days: number) => {
    await screens.locator('button[data-screen="accounts"]').click();
    await app.getByTestId('profile-Sandbox (demo)').click();
    await panel.getByLabel('Retention in days').fill(String(days));
    await panel.getByRole('button', { name: 'Save archive settings' }).click();
    await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeDisabled();
  };
  const syncVoice = async () => {
    await screens.locator('button[data-screen="voice-records"]').click();
    await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
    if ((await app.getByRole('dialog', { name: 'Jobs' }).count()) === 0) await app.getByTestId('jobs-opener').click();
    const completed = app.getByTestId('job-completed').filter({ hasText: 'Synced' });
    const before = await completed.count();
    await app.getByRole('button', { name: 'Close jobs' }).click();
    await app.getByRole('button', { name: 'Sync', exact: true }).click();
    if ((await app.getByRole('dialog', { name: 'Jobs' }).count()) === 0) await app.getByTestId('jobs-opener').click();
    await expect(completed).toHaveCount(before + 1, { timeout: 150_000 });
    await app.getByRole('button', { name: 'Close jobs' }).click();
  };
  const asked = /Retention would remove ([\d,]+) of ([\d,]+) voice records \(older than \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)/;
  const number = (text: string | undefined): number => Number((text ?? '').replaceAll(',', ''));

  // 60 days of voice records kept for 20 days: about two thirds would go, so the sync asks.
  await saveRetention(20);
  await syncVoice();
  const notice = app.getByTestId('status-notice');
  await expect(notice).toContainText(asked);
  await expect(notice).toContainText('in the archive of Sandbox (demo)');
  await notice.getByRole('button', { name: 'Keep them' }).click();
  await expect(notice).toHaveCount(0);

  // Kept, until the next sync finds it again.
  await syncVoice();
  await expect(notice).toContainText(asked);
  await app.screenshot({ path: 'test-results/screens/retention-asks.png' });
  await expectNoAxeViolations(app, 'the status bar asking before a retention prune');

  await screens.locator('button[data-screen="accounts"]').click();
  await app.getByTestId('profile-Sandbox (demo)').click();
  const held = panel.getByTestId('held-prune');
  await expect(held).toContainText(asked);
  await expectNoAxeViolations(app, 'Accounts asking before a retention prune');
  const [, wouldRemove, rows] = asked.exec((await held.textContent()) ?? '') ?? [];
  await expect(panel).toContainText(new RegExp(`Voice records\\s*${rows} records`));
  await held.getByRole('button', { name: 'Remove them' }).click();
  await expect(panel).toContainText(`Removed ${wouldRemove} voice records older than`);
  await expect(held).toHaveCount(0);
  await expect(panel).toContainText(new RegExp(`Voice records\\s*${(number(rows) - number(wouldRemove)).toLocaleString('en')} records`));

  // Back to the default, so no other test sees this one's setting.
  await panel.getByLabel('Retention in days').fill('180');
  await panel.getByRole('button', { name: 'Save archive settings' }).click();
  await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeDisabled();
});
