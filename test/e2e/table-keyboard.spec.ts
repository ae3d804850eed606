import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid } from './support/list-truth';

/** The voice records of the sandbox, on show and with the keyboard in the table. */
async function focusedTable(app: Page): Promise<void> {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await grid(app).focus();
}

/** The element a screen reader is on inside the grid: the one its aria-activedescendant names. */
async function activeRow(app: Page): Promise<string> {
  await expect(grid(app)).toHaveAttribute('aria-activedescendant', /\S/);
  return (await grid(app).getAttribute('aria-activedescendant')) ?? '';
}

test('arrowing through the rows announces each row, with its cells and its position among all rows', async ({
  app,
}) => {
  await focusedTable(app);
  const table = grid(app);
  const rowCount = Number(await table.getAttribute('aria-rowcount'));
  expect(rowCount).toBeGreaterThan(5);
  await expect(table).toHaveAttribute('aria-colcount', /\d+/);
  for (let index = 0; index < 5; index++) {
    await app.keyboard.press('ArrowDown');
    const id = await activeRow(app);
    const row = app.locator(`[id="${id}"]`);
    await expect(row).toHaveAttribute('aria-rowindex', String(index + 2));
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const firstCell = (await row.locator('[role="gridcell"]').first().textContent()) ?? '';
    const snapshot = await row.ariaSnapshot();
    expect(snapshot, `row ${index + 1} as the accessibility tree shows it`).toMatch(/^- row "/);
    expect(snapshot).toContain(firstCell);
    await expect(app.locator(':focus')).toHaveAttribute('aria-activedescendant', id);
  }
  await app.keyboard.press('End');
  const last = app.locator(`[id="${await activeRow(app)}"]`);
  await expect(last).toHaveAttribute('aria-rowindex', String(rowCount));
});

test('Enter and Space on a column header sort by that column and leave the details closed', async ({
  app,
}) => {
  await focusedTable(app);
  await app.keyboard.press('ArrowDown');
  const header = grid(app).getByRole('columnheader').nth(1);
  await header.getByRole('button').focus();
  await app.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(app.getByTestId('detail-panel')).toHaveCount(0);
  await app.keyboard.press('Space');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(header.getByRole('button')).toBeFocused();
});

test('a column resize handle has a name and a value, and the arrow keys widen and narrow the column', async ({
  app,
}) => {
  await focusedTable(app);
  const header = grid(app).getByRole('columnheader').first();
  const handle = header.getByRole('separator');
  await expect(handle).toHaveAccessibleName(/^Resize /);
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await app.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 10));
  expect((await header.boundingBox())?.width).toBeCloseTo(before + 10, 0);
  await app.keyboard.press('ArrowLeft');
  await app.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 10));
  await expect(handle).toBeFocused();
});

for (const key of ['Shift+F10', 'ContextMenu'] as const) {
  test(`${key} opens the row menu on the selected row; Escape closes it and gives the keyboard back to the table`, async ({
    app,
  }) => {
    await focusedTable(app);
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press(key);
    const menu = app.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Copy cell/ })).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /Copy row/ })).toBeFocused();
    await app.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(grid(app)).toBeFocused();
    await expect(app.getByTestId('detail-panel')).toHaveCount(0);
  });
}

test('after a click on a row the keyboard stays with the table: the arrow keys move from that row', async ({
  app,
}) => {
  await focusedTable(app);
  await grid(app).locator('.body [role="row"][data-index="2"] [role="gridcell"]').first().click();
  await expect(grid(app)).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await expect(grid(app).locator('.body [role="row"][data-index="3"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
