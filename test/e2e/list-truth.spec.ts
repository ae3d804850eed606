import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectedPage, expectScreenShows, grid, LIST_SCREENS, windowParams, type ListScreenFacts } from './support/list-truth';

async function openScreen(app: Page, facts: Pick<ListScreenFacts, 'shortcut' | 'title'>): Promise<void> {
  await app.keyboard.press(`Control+${facts.shortcut}`);
  await expect(app.getByRole('heading', { level: 1, name: facts.title })).toBeVisible();
}

async function setPageSize(app: Page, size: number): Promise<void> {
  await app.getByLabel('Rows per page').fill(String(size));
  await app.getByLabel('Rows per page').press('Enter');
}

test('every list screen shows the page its pager claims after you leave it and come back', async ({ app, sandbox }) => {
  test.setTimeout(120_000);
  const taskId = sandbox.data.taskIds[0];
  for (const facts of LIST_SCREENS) {
    await openScreen(app, facts);
    if (facts.operation === 'taskDetails') {
      await app.getByLabel('Task id (required)').fill(String(taskId));
      await app.getByRole('button', { name: 'Search' }).click();
    }
    await expect(grid(app)).toBeVisible();
    // Small pages, so even the ten team leaders have a page 3.
    await setPageSize(app, 3);
    await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
    await openScreen(app, { shortcut: '4', title: 'Seats' });
    await openScreen(app, { shortcut: '6', title: 'Seat groups' });
    await openScreen(app, facts);
    await app.getByRole('button', { name: 'Next ›' }).click();
    await app.getByRole('button', { name: 'Next ›' }).click();
    const params: Record<string, unknown> =
      facts.operation === 'voiceRecords' || facts.operation === 'numberRecords'
        ? await windowParams(app)
        : facts.operation === 'taskDetails'
          ? { taskId }
          : {};
    await expectScreenShows(app, facts, await expectedPage(sandbox, facts.operation, params, 3, 3), 3);
    await setPageSize(app, 25);
  }
});

test('quick search shows only the rows that match, as many as it says', async ({ app }) => {
  await openScreen(app, LIST_SCREENS[0]);
  await expect(grid(app)).toBeVisible();
  await app.getByLabel('Quick search').fill('voicemail');
  const said = app.getByText(/^\d+ match$/);
  await expect(said).toBeVisible();
  const count = Number(((await said.textContent()) ?? '').split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(25);
  const shown = grid(app).locator('.body [role="row"]:visible');
  await expect(shown).toHaveCount(count);
  for (const text of await shown.allTextContents()) expect(text.toLowerCase()).toContain('voicemail');
  await app.getByLabel('Quick search').fill('');
  await expect(grid(app)).toHaveAttribute('aria-rowcount', '26');
});

test('sorting pages says it sorts this page and offers to load all to sort everything', async ({ app, sandbox }) => {
  await openScreen(app, { shortcut: '4', title: 'Seats' });
  await expect(grid(app)).toBeVisible();
  const header = grid(app).getByRole('button', { name: 'Name', exact: true });
  await expect(header).toHaveAttribute('title', /sorts this page/i);
  await header.click();
  const offer = app.getByRole('button', { name: 'Load all to sort everything' });
  await expect(offer).toBeVisible();
  await offer.click();
  const seats = sandbox.data.seats().length;
  await expect(app.getByTestId('load-all-outcome')).toContainText(`All ${seats} rows loaded`);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', String(seats + 1));
  await expect(header).not.toHaveAttribute('title', /this page/i);
  await expect(offer).toHaveCount(0);
  await app.getByRole('button', { name: 'Back to pages' }).click();
  await expect(app.getByTestId('pager-position')).toBeVisible();
});
