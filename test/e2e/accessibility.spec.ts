/** axe-core over every screen and the states the journey visits (details, menus, errors, dialogs), in both themes. */
import type { Page } from '@playwright/test';
import { NO_FAULTS } from '../../src/main/sandbox';
import { exportAs } from './export-steps';
import { expect, test } from './fixtures';
import { crossLiveThresholds } from './support/live-steps';
import { expectNoAxeViolations } from './support/axe';
import { recordLiveTexts } from './support/live-regions';
import { grid } from './support/list-truth';

const LIST_SCREENS = [
  { id: 'task-details', title: 'Task details' },
  { id: 'number-records', title: 'Number records' },
  { id: 'seats', title: 'Seats' },
  { id: 'team-leaders', title: 'Team leaders' },
  { id: 'numbers', title: 'Numbers' },
  { id: 'axb-bindings', title: 'AXB bindings' },
] as const;

async function go(app: Page, id: string, title: string): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).locator(`button[data-screen="${id}"]`).click();
  await expect(app.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

// Each test runs axe-core four to six times over full screens: on a loaded 2-vCPU machine that
// alone can pass a minute, so these get three (the states they wait for keep their own limits).
test.describe.configure({ timeout: 180_000 });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ app }) => app.emulateMedia({ colorScheme: scheme }));

    test(`voice records: at rest, details open, the row menu and Columns have no axe-core violations (${scheme})`, async ({
      app,
    }) => {
      await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
      await expectNoAxeViolations(app, 'voice records');
      await grid(app).focus();
      await app.keyboard.press('ArrowDown');
      await app.keyboard.press('Enter');
      await expect(app.getByTestId('detail-panel')).toBeVisible();
      await expectNoAxeViolations(app, 'voice records with details open');
      await app.keyboard.press('Escape');
      await app.keyboard.press('Shift+F10');
      await expect(app.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(app, 'the row menu');
      await app.keyboard.press('Escape');
      await app.getByRole('button', { name: /^Columns/ }).click();
      await expectNoAxeViolations(app, 'the Columns popover');
    });

    test(`voice records: export, jobs and a wrong date have no axe-core violations (${scheme})`, async ({
      app,
    }) => {
      await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
      await app.getByRole('button', { name: 'Export…' }).click();
      await expect(app.getByRole('dialog', { name: 'Export' })).toBeVisible();
      await expectNoAxeViolations(app, 'the Export panel');
      await app.keyboard.press('Escape');
      await app.getByTestId('jobs-opener').click();
      await expect(app.getByRole('dialog', { name: 'Jobs' })).toBeVisible();
      await expectNoAxeViolations(app, 'the jobs panel');
      await app.keyboard.press('Escape');
      const goodFrom = await app.locator('#range-from').inputValue();
      await app.locator('#range-from').fill('not a date');
      await app.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(app.locator('#range-from')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(app, 'a wrong date');
      // The filters a Search used are remembered across tests in this worker: leave good ones.
      await app.locator('#range-from').fill(goodFrom);
      const saved = app.waitForResponse((response) => response.url().includes('/rpc/savePreference'));
      await app.getByRole('button', { name: 'Search', exact: true }).click();
      await saved;
      await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
    });

    test(`the other list screens have no axe-core violations (${scheme})`, async ({ app }) => {
      for (const screen of LIST_SCREENS) {
        await go(app, screen.id, screen.title);
        await expectNoAxeViolations(app, screen.title);
      }
    });

    test(`seat groups: a loaded group, a field in error and the review dialog have no axe-core violations (${scheme})`, async ({
      app,
    }) => {
      await go(app, 'seat-groups', 'Seat groups');
      await expectNoAxeViolations(app, 'seat groups at rest');
      await app.getByLabel('Seat group id').fill('101');
      await app.getByRole('button', { name: 'Load', exact: true }).click();
      await expect(app.getByTestId('seat-group-summary')).toContainText('#101');
      await expectNoAxeViolations(app, 'a loaded seat group');
      const wrapUp = app.getByLabel('Wrap-up time (seconds)', { exact: true });
      await wrapUp.fill('-5');
      await app.getByRole('button', { name: 'Review and save…' }).click();
      await expect(wrapUp).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(app, 'a seat-group field in error');
      await wrapUp.fill('25');
      await app.getByRole('button', { name: 'Review and save…' }).click();
      await expect(app.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      await expectNoAxeViolations(app, 'the seat-group review dialog');
    });

    test(`MMS: compose, its errors, the confirmation and history have no axe-core violations (${scheme})`, async ({
      app,
    }) => {
      await go(app, 'mms', 'MMS');
      await expectNoAxeViolations(app, 'MMS compose');
      await app.getByTestId('mms-review').click();
      await expect(app.locator('#mms-recipients')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(app, 'MMS with errors');
      await app.locator('#mms-recipients').fill('8613800000001\n8613800000002');
      await app.locator('#mms-content').fill('Accessibility check: not to be sent.');
      await app.getByTestId('mms-review').click();
      await expect(app.getByTestId('mms-confirm-count')).toHaveText('2');
      await expectNoAxeViolations(app, 'the MMS confirmation');
      await app.keyboard.press('Escape');
      await app.getByRole('tab', { name: 'History' }).click();
      await expect(app.getByRole('tabpanel', { name: 'History' })).toBeVisible();
      await expectNoAxeViolations(app, 'MMS history');
    });

    test(`Live: the board with amber and red tiles, its thresholds (one in error) and wall mode have no axe-core violations (${scheme})`, async ({
      app,
    }) => {
      test.setTimeout(120_000);
      await go(app, 'live', 'Live');
      await expect(app.getByTestId('live-today-calls')).toBeVisible({ timeout: 60_000 });
      await expectNoAxeViolations(app, 'the Live board');
      await crossLiveThresholds(app);
      await expectNoAxeViolations(app, 'the Live board with amber and red tiles and alerts');
      await app.getByLabel('Connect rate, last 30 min, red:').fill('55');
      await app.getByRole('button', { name: 'Save thresholds' }).click();
      await expect(app.getByLabel('Connect rate, last 30 min, red:')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(app, 'a Live threshold in error');
      await app.getByRole('button', { name: 'Wall mode' }).click();
      await expect(app.getByTestId('screen-live')).toHaveClass(/wall/);
      await expectNoAxeViolations(app, 'the Live board in wall mode');
      await app.getByRole('button', { name: 'Leave wall mode' }).click();
    });

    test(`accounts: the sandbox profile and a new profile in error have no axe-core violations (${scheme})`, async ({
      app,
    }) => {
      await go(app, 'accounts', 'Accounts');
      await expectNoAxeViolations(app, 'accounts');
      await app.getByRole('button', { name: 'Add profile' }).click();
      await app.getByRole('button', { name: 'Create profile' }).click();
      await expect(app.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(app, 'a new profile in error');
    });
  });
}

test('Load all and an export announce that they run and how they ended, not every step of their progress', async ({ app, sandbox }) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  // Slow enough that each reports progress several times.
  sandbox.setFaults({ ...NO_FAULTS, latencyMs: 300 });
  try {
    await app.getByRole('button', { name: 'Last 7 days', exact: true }).click();
    await app.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');

    const loadAll = await recordLiveTexts(app, '[data-testid="load-all"]');
    await app.getByRole('button', { name: 'Load all', exact: true }).click();
    await expect(app.getByTestId('load-all-outcome')).toContainText(/All [\d,]+ rows loaded/, { timeout: 60_000 });
    for (const texts of await loadAll()) expect(texts.length, `told: ${texts.join(' | ')}`).toBeLessThanOrEqual(2);
    await app.getByRole('button', { name: 'Back to pages' }).click();

    const exported = await recordLiveTexts(app, '[data-testid="export-progress"], [data-testid="export-outcome"]');
    await exportAs(app, 'All matching records', /CSV/);
    await expect(app.getByTestId('export-outcome')).toBeVisible({ timeout: 60_000 });
    for (const texts of await exported()) expect(texts.length, `told: ${texts.join(' | ')}`).toBeLessThanOrEqual(2);
  } finally {
    sandbox.setFaults(NO_FAULTS);
  }
});
