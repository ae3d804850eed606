import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdAnswers } from './support/held-answer';
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
  const said = app.getByTestId('match-count');
  await expect(said).toHaveText(/^\d+ of 25 on this page match$/);
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

test('a Load all whose rows and end arrive before the answer that it started still ends with every row', async ({ app, sandbox }) => {
  await openScreen(app, { shortcut: '4', title: 'Seats' });
  await expect(grid(app)).toBeVisible();
  const seats = sandbox.data.seats().length;
  // The job's events travel apart from the answer to "start": the answer is held back
  // until the screen has shown the end, so the rows and the end surely come first.
  const held = await holdAnswers(app, '**/rpc/startLoadAll');
  await grid(app).getByRole('button', { name: 'Name', exact: true }).click();
  await app.getByRole('button', { name: 'Load all to sort everything' }).click();
  await expect(app.getByTestId('load-all-outcome')).toContainText(`All ${seats} rows loaded`);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', String(seats + 1));
  expect(held.answered()).toBe(false);
  held.release();
  await expect.poll(() => held.answered()).toBe(true);
  await app.waitForTimeout(200);
  await expect(app.getByTestId('load-all-outcome')).toContainText(`All ${seats} rows loaded`);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', String(seats + 1));
  await app.unrouteAll({ behavior: 'ignoreErrors' });
});

test('date-time columns are wide enough for their timestamps', async ({ app }) => {
  await openScreen(app, LIST_SCREENS[0]);
  await expect(grid(app)).toBeVisible();
  const cells = grid(app).locator('.body [role="row"][data-index="0"] .kind-time');
  await expect(cells.first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  const cut = await cells.evaluateAll((elements) =>
    elements.filter((element) => element.textContent !== '' && element.scrollWidth > element.clientWidth).map((element) => element.textContent),
  );
  expect(cut).toEqual([]);
});

test('"Go to" past the last page goes to the last page and says so', async ({ app }) => {
  await openScreen(app, { shortcut: '4', title: 'Seats' });
  await expect(grid(app)).toBeVisible();
  await app.getByRole('button', { name: 'Reset filters' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  await setPageSize(app, 25);
  const position = app.getByTestId('pager-position');
  await expect(position).toHaveText(/Page 1 of \d+/);
  const last = Number(/of ([\d,]+)/.exec((await position.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
  await app.locator('#pager-jump').fill('9999');
  await app.locator('#pager-jump').press('Enter');
  await expect(position).toHaveText(`Page ${last.toLocaleString('en')} of ${last.toLocaleString('en')}`);
  await expect(app.getByTestId('pager-note')).toHaveText(`There are only ${last} pages: showing the last.`);
  await app.locator('#pager-jump').fill('0');
  await app.locator('#pager-jump').press('Enter');
  await expect(app.getByTestId('pager-note')).toHaveText(`Enter a page from 1 to ${last}.`);
  await expect(app.locator('#pager-jump')).toHaveValue('0');
  await expect(position).toHaveText(`Page ${last.toLocaleString('en')} of ${last.toLocaleString('en')}`);
  // A page reached another way (here the shortcut) leaves the note behind: it spoke of the page before.
  await app.keyboard.press('Alt+PageUp');
  await expect(position).toHaveText(`Page ${(last - 1).toLocaleString('en')} of ${last.toLocaleString('en')}`);
  await expect(app.getByTestId('pager-note')).toHaveText('');
  // And coming back does not bring it back.
  await app.keyboard.press('Alt+PageDown');
  await expect(position).toHaveText(`Page ${last.toLocaleString('en')} of ${last.toLocaleString('en')}`);
  await expect(app.getByTestId('pager-note')).toHaveText('');
});

test('a seat-group entry that matches nothing is shown as an error and the search does not run', async ({ app, sandbox }) => {
  await openScreen(app, { shortcut: '5', title: 'Team leaders' });
  await expect(grid(app)).toBeVisible();
  await app.locator('#leader-groups').fill('No such group');
  await app.locator('#leader-groups').press('Enter');
  await expect(app.getByText('Pick a group from the list or type its numeric id.')).toBeVisible();
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByText('Pick a group from the list or type its numeric id.')).toBeVisible();
  await app.waitForTimeout(300);
  expect(sandbox.requestLog.filter((entry) => entry.path.includes('teamleader'))).toEqual([]);
  await expect(app.locator('#leader-groups')).toHaveValue('No such group');
  // Emptied, the entry no longer stands in the way.
  await app.locator('#leader-groups').fill('');
  await app.getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => sandbox.requestLog.filter((entry) => entry.path.includes('teamleader')).length).toBe(1);
  await expect(app.getByText('Pick a group from the list or type its numeric id.')).toHaveCount(0);

  await openScreen(app, { shortcut: '2', title: 'Task details' });
  await app.getByLabel('Task id (required)').fill(String(sandbox.data.taskIds[0]));
  await app.locator('#task-seats').fill('Nobody at all');
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByText('Pick a seat from the list or type its numeric id.')).toBeVisible();
  await app.getByRole('button', { name: 'Search' }).click();
  await app.waitForTimeout(300);
  expect(sandbox.requestLog.filter((entry) => entry.path.includes('queryTaskDetail'))).toEqual([]);
});

test('Escape closes the details pane and the column chooser, and focus goes back to what opened them', async ({ app }) => {
  await openScreen(app, LIST_SCREENS[0]);
  await expect(grid(app)).toBeVisible();
  await grid(app).locator('.body [role="row"][data-index="1"]').dblclick();
  await expect(app.getByTestId('detail-panel')).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('detail-panel')).toHaveCount(0);
  await expect(grid(app)).toBeFocused();

  const chooser = app.getByRole('button', { name: /^Columns/ });
  await chooser.click();
  const popover = app.getByRole('group', { name: 'Columns to show' });
  await popover.getByRole('checkbox').first().focus();
  await app.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(chooser).toBeFocused();
});

test('each date field is one or two Tab stops', async ({ app }) => {
  await openScreen(app, LIST_SCREENS[0]);
  await app.locator('#range-from').focus();
  let stops = 0;
  for (; stops < 10; stops++) {
    await app.keyboard.press('Tab');
    if (await app.locator('#range-to').evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) break;
  }
  expect(stops + 1, 'Tab presses from the start field to the end field').toBeLessThanOrEqual(2);
});

test('at 1024×640 the Seats pager stays above the fold', async ({ app }) => {
  await app.setViewportSize({ width: 1024, height: 640 });
  await openScreen(app, { shortcut: '4', title: 'Seats' });
  await expect(grid(app)).toBeVisible();
  const pager = app.getByRole('navigation', { name: 'Pages' });
  const box = await pager.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(640);
  await app.screenshot({ path: 'test-results/screens/seats-1024x640.png' });
});
