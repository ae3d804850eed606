import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { exportedCsvRows } from '../support/csv';
import { exportAs } from './export-steps';
import { expect, test } from './fixtures';

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

  // The platform goes away: every connection is dropped.
  sandbox.setFaults({ dropRate: 1 });
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
    const ids = Array.from({ length: count }, (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId).sort();
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
    sandbox.setFaults({ dropRate: 0 });
  }
});

test('Accounts shows the archive, says it holds phone numbers, and deletes it after a confirmation', async ({ app }) => {
  await app.keyboard.press('Control+0');
  await app.getByTestId('profile-Sandbox (demo)').click();
  const panel = app.getByTestId('archive-panel');
  await expect(panel.getByLabel('Keep every record fetched on this computer')).toBeChecked();
  await expect(panel).toContainText('holds phone numbers');
  await expect(panel).toContainText(/Voice records\s*[\d,]+ records/);
  await expect(panel.getByLabel('Retention in days')).toHaveValue('180');
  await app.screenshot({ path: 'test-results/screens/accounts-archive.png' });

  await panel.getByRole('button', { name: 'Delete archive…' }).click();
  await expect(panel).toContainText('Delete every archived record of this profile from this computer?');
  await panel.getByRole('button', { name: 'Delete archive', exact: true }).click();
  await expect(panel.getByTestId('archive-size')).toHaveText('0 KB');
  await expect(panel).not.toContainText('Voice records');
});
