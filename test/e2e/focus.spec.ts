/** Where the keyboard goes when a popover, pane or dialog closes, and what the keys do inside them. */
import type { Page } from '@playwright/test';
import { NO_FAULTS } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { grid } from './support/list-truth';

async function go(app: Page, id: string, title: string): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).locator(`button[data-screen="${id}"]`).click();
  await expect(app.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function reviewMms(app: Page): Promise<void> {
  await go(app, 'mms', 'MMS');
  await app.locator('#mms-recipients').fill('8613800000001\n8613800000002');
  await app.locator('#mms-content').fill('Focus check: not to be sent.');
  await app.getByTestId('mms-review').focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('mms-confirm-count')).toHaveText('2');
}

test('Escape in the Export panel closes it and gives the keyboard back to the Export button', async ({
  app,
}) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  const opener = app.getByRole('button', { name: 'Export…' });
  await opener.focus();
  await app.keyboard.press('Enter');
  const panel = app.getByRole('dialog', { name: 'Export' });
  await expect(panel.getByLabel('All matching records')).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('Tab never walks out of the Export panel while it stays open', async ({ app }) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await app.getByRole('button', { name: 'Export…' }).focus();
  await app.keyboard.press('Enter');
  const panel = app.getByRole('dialog', { name: 'Export' });
  for (let step = 0; step < 8; step++) {
    await app.keyboard.press('Tab');
    const inside = await app.evaluate(
      () => document.activeElement?.closest('[role="dialog"][aria-label="Export"]') !== null,
    );
    if (!inside) {
      await expect(panel, `after Tab ${step + 1} focus left the panel, so it must be closed`).toHaveCount(0);
      return;
    }
  }
});

test('Done and Escape in Columns close it and give the keyboard back to the Columns button', async ({
  app,
}) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  const opener = app.getByRole('button', { name: /^Columns/ });
  const popover = app.getByRole('group', { name: 'Columns to show' });
  await opener.focus();
  await app.keyboard.press('Enter');
  await popover.getByRole('button', { name: 'Done' }).focus();
  await app.keyboard.press('Enter');
  await expect(popover).toHaveCount(0);
  await expect(opener).toBeFocused();
  await app.keyboard.press('Enter');
  await popover.getByRole('checkbox').first().focus();
  await app.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('closing the details, by Escape or by their close button, gives the keyboard back to the table', async ({
  app,
}) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await grid(app).focus();
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Enter');
  const panel = app.getByTestId('detail-panel');
  await expect(panel).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(grid(app)).toBeFocused();
  await app.getByRole('button', { name: 'Show details' }).focus();
  await app.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Close details' }).focus();
  await app.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(grid(app)).toBeFocused();
});

test('the MMS confirmation opens on Cancel, and Escape closes it back to the review button', async ({
  app,
}) => {
  await reviewMms(app);
  const dialog = app.getByTestId('mms-confirm');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(app.getByTestId('mms-review')).toBeFocused();
});

test('picking a seat group with the arrow keys loads it and leaves the keyboard on the list of groups', async ({
  app,
}) => {
  await go(app, 'seat-groups', 'Seat groups');
  const select = app.getByLabel('Groups in your seat list');
  await expect(select.locator('option').nth(1)).toBeAttached();
  await select.focus();
  await app.keyboard.press('ArrowDown');
  await expect(app.getByTestId('seat-group-summary')).toBeVisible();
  await expect(select).toBeFocused();
});

test('the MMS tabs follow the tabs pattern: each controls its panel, arrows, Home and End move between them', async ({
  app,
}) => {
  await go(app, 'mms', 'MMS');
  const tabs = app.getByRole('tablist', { name: 'MMS views' });
  const compose = tabs.getByRole('tab', { name: 'Compose' });
  const history = tabs.getByRole('tab', { name: 'History' });
  await expect(app.getByRole('tabpanel', { name: 'Compose' })).toBeVisible();
  await expect(compose).toHaveAttribute(
    'aria-controls',
    (await app.getByRole('tabpanel').getAttribute('id')) ?? 'missing',
  );
  await expect(history).toHaveAttribute('tabindex', '-1');
  await compose.focus();
  await app.keyboard.press('ArrowRight');
  await expect(history).toBeFocused();
  await expect(history).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('tabpanel', { name: 'History' })).toBeVisible();
  await app.keyboard.press('Home');
  await expect(compose).toBeFocused();
  await expect(compose).toHaveAttribute('aria-selected', 'true');
  await app.keyboard.press('End');
  await expect(history).toBeFocused();
  await app.keyboard.press('ArrowRight');
  await expect(compose).toBeFocused();
});

test('a button that goes away once pressed leaves the keyboard on the table, never on the page body', async ({ app }) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  const table = grid(app);

  // "Clear filters" under a quick search that matches nothing.
  await app.locator('.quick-search').fill('no such text anywhere 0x7f');
  const clear = app.getByTestId('no-match').getByRole('button', { name: 'Clear filters' });
  await clear.focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('no-match')).toHaveCount(0);
  await expect(table).toBeFocused();

  // "Clear column filters" beside the source buttons.
  await app.getByLabel('Filter Callee', { exact: true }).fill('no such callee');
  const clearColumns = app.getByRole('button', { name: /^Clear column filters/ });
  await clearColumns.focus();
  await app.keyboard.press('Enter');
  await expect(clearColumns).toHaveCount(0);
  await expect(table).toBeFocused();

  // "Load all to sort" under a page sorted alone, then "Back to pages" once all are loaded.
  await table.getByRole('button', { name: 'Callee', exact: true }).click();
  const loadAllToSort = app.getByRole('button', { name: 'Load all to sort everything' });
  await loadAllToSort.focus();
  await app.keyboard.press('Enter');
  const back = app.getByRole('button', { name: 'Back to pages' });
  await expect(back).toBeVisible({ timeout: 60_000 });
  await expect(table).toBeFocused();
  await back.focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await expect(table).toBeFocused();
});

test('First and Last in the pager keep the keyboard in the pager once they are disabled', async ({ app }) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  const pager = app.getByRole('navigation', { name: 'Pages' });
  const last = pager.getByRole('button', { name: /Last/ });
  await last.focus();
  await app.keyboard.press('Enter');
  await expect(last).toBeDisabled();
  await expect(pager.getByRole('button', { name: /Previous/ })).toBeFocused();
  await pager.getByRole('button', { name: /First/ }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await expect(pager.getByRole('button', { name: /Next/ })).toBeFocused();
  await expect(pager).toBeVisible();
});

test('Search, Load all and Sync keep the keyboard while they work, and are marked unavailable meanwhile', async ({ app, sandbox }) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  // Slow enough to see each at work.
  sandbox.setFaults({ ...NO_FAULTS, latencyMs: 700 });
  try {
    const filters = app.getByRole('form', { name: 'Voice records filters' });
    for (const name of ['Search', 'Load all']) {
      const button = filters.getByRole('button', { name, exact: true });
      await button.focus();
      await app.keyboard.press('Enter');
      await expect(button).toBeDisabled();
      await expect(button).toBeFocused();
      await expect(button).toBeEnabled({ timeout: 60_000 });
      await expect(button).toBeFocused();
    }
    await app.getByRole('button', { name: 'Back to pages' }).click();
    const sync = app.getByRole('button', { name: 'Sync', exact: true });
    await sync.focus();
    await app.keyboard.press('Enter');
    await expect(sync).toBeDisabled();
    await expect(sync).toBeFocused();
    sandbox.setFaults(NO_FAULTS);
    await expect(sync).toBeEnabled({ timeout: 120_000 });
    await expect(sync).toBeFocused();
  } finally {
    sandbox.setFaults(NO_FAULTS);
  }
});

test('Dismiss and Clear finished in the jobs area leave the keyboard in the jobs area, and Escape still closes it', async ({ app }) => {
  await app.keyboard.press('Control+4');
  await expect(app.getByRole('heading', { level: 1, name: 'Seats' })).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await app.getByRole('button', { name: 'Load all', exact: true }).click();
    await expect(app.getByTestId('load-all-outcome')).toContainText(/All [\d,]+ rows loaded/);
  }
  const opener = app.getByTestId('jobs-opener');
  await opener.focus();
  await app.keyboard.press('Enter');
  const panel = app.getByRole('dialog', { name: 'Jobs' });
  await expect(panel).toBeFocused();
  const inPanel = (): Promise<boolean> =>
    app.evaluate(() => document.activeElement?.closest('[data-testid="jobs-panel"]') !== null);

  const dismiss = panel.getByRole('button', { name: 'Dismiss' });
  await expect(dismiss).toHaveCount(2);
  await dismiss.first().focus();
  await app.keyboard.press('Enter');
  await expect(dismiss).toHaveCount(1);
  await expect.poll(inPanel, { message: 'the keyboard stays in the jobs area after Dismiss' }).toBe(true);

  const clear = panel.getByRole('button', { name: 'Clear finished' });
  await clear.focus();
  await app.keyboard.press('Enter');
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect.poll(inPanel, { message: 'the keyboard stays in the jobs area after Clear finished' }).toBe(true);

  await app.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a shortcut or a drill-down to another screen puts the keyboard on its heading; taking a drill-down chip off keeps it on the screen', async ({
  app,
}) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await app.locator('.quick-search').focus();
  await app.keyboard.press('Control+4');
  await expect(app.getByRole('heading', { level: 1, name: 'Seats' })).toBeFocused();
  await app.keyboard.press('Control+0');
  await expect(app.getByRole('heading', { level: 1, name: 'Overview' })).toBeFocused();

  // A bar of the by-hour chart, by keyboard: its records open in Voice records, from the archive.
  const chart = app.getByTestId('chart-voice-by-hour').locator('[tabindex="0"]').first();
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await chart.focus();
  await app.keyboard.press('ArrowRight');
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeFocused();
  const chips = app.getByTestId('drill-chips');
  await expect(chips).toContainText('Hour of day');
  await chips.getByRole('button').first().focus();
  await app.keyboard.press('Enter');
  await expect(chips).toHaveCount(0);
  await expect(grid(app)).toBeFocused();
});
