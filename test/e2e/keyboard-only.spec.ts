/**
 * A supervisor without a mouse: from launch, every step by keys alone, and after each one
 * the keyboard is on a control the step leaves it at (never the page body).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid } from './support/list-truth';

/** Presses Tab (or Shift+Tab) until `target` has the keyboard; focus is never on the body on the way. */
async function tabTo(app: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let press = 0; press < 80; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await app.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

async function expectFocusOn(app: Page, target: Locator, step: string): Promise<void> {
  await expect(target, `after ${step}`).toBeFocused();
  expect(
    await app.evaluate(() => document.activeElement === document.body),
    `after ${step} focus is on the body`,
  ).toBe(false);
}

test('from launch, by keyboard alone: page, sort, details, export, a seat-group edit and an MMS up to its confirmation', async ({
  app,
  sandbox,
}) => {
  const table = grid(app);
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');

  await tabTo(app, table);
  await app.keyboard.press('Alt+PageDown');
  await expect(app.getByTestId('pager-position')).toContainText('Page 2 of');
  await expectFocusOn(app, table, 'paging');

  const sortButton = table.getByRole('columnheader').nth(1).getByRole('button');
  await tabTo(app, sortButton);
  await app.keyboard.press('Enter');
  await expect(table.getByRole('columnheader').nth(1)).toHaveAttribute('aria-sort', 'ascending');
  await expectFocusOn(app, sortButton, 'sorting');

  await tabTo(app, table, 'Shift+Tab');
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('detail-panel')).toBeVisible();
  await expectFocusOn(app, table, 'opening the details');
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('detail-panel')).toHaveCount(0);
  await expectFocusOn(app, table, 'closing the details');

  const exportButton = app.getByRole('button', { name: 'Export…' });
  await tabTo(app, exportButton, 'Shift+Tab');
  await app.keyboard.press('Enter');
  const panel = app.getByRole('dialog', { name: 'Export' });
  await expectFocusOn(app, panel.getByLabel('All matching records'), 'opening Export');
  await app.keyboard.press('ArrowUp');
  await expect(panel.getByLabel('This page')).toBeChecked();
  const startExport = panel.getByRole('button', { name: 'Export', exact: true });
  await tabTo(app, startExport);
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('export-progress').or(app.getByTestId('export-outcome'))).toBeVisible();
  await expectFocusOn(app, exportButton, 'starting the export');

  await app.keyboard.press('Control+6');
  await expect(app.getByRole('heading', { level: 1, name: 'Seat groups' })).toBeVisible();
  const groups = app.getByLabel('Groups in your seat list');
  await expect(groups.locator('option').nth(1)).toBeAttached();
  await tabTo(app, groups);
  await app.keyboard.press('ArrowDown');
  await expect(app.getByTestId('seat-group-summary')).toBeVisible();
  await expectFocusOn(app, groups, 'picking a group');
  const wrapUp = app.getByLabel('Wrap-up time (seconds)', { exact: true });
  await tabTo(app, wrapUp);
  await app.keyboard.press('ControlOrMeta+a');
  await app.keyboard.type('33');
  await app.keyboard.press('Control+s');
  const save = app.getByRole('button', { name: 'Save', exact: true });
  await expectFocusOn(app, save, 'reviewing the change');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('save-notice')).toContainText('holds what was sent');
  await expectFocusOn(app, wrapUp, 'saving');

  const sentBefore = sandbox.mmsSent.length;
  await app.keyboard.press('Control+9');
  await expect(app.getByRole('heading', { level: 1, name: 'MMS' })).toBeVisible();
  await tabTo(app, app.locator('#mms-recipients'));
  await app.keyboard.type('8613800000001, 8613800000002');
  await tabTo(app, app.locator('#mms-content'));
  await app.keyboard.type('Keyboard check: not to be sent.');
  const review = app.getByTestId('mms-review');
  await tabTo(app, review);
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('mms-confirm-count')).toHaveText('2');
  await expectFocusOn(
    app,
    app.getByTestId('mms-confirm').getByRole('button', { name: 'Cancel' }),
    'opening the confirmation',
  );
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('mms-confirm')).toHaveCount(0);
  await expectFocusOn(app, review, 'cancelling the confirmation');
  expect(sandbox.mmsSent.length, 'nothing was sent').toBe(sentBefore);
});
