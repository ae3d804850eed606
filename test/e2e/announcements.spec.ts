/**
 * What a screen reader is told by the regions that update by themselves: that a job started
 * and how it ended, not each step of its progress; on the Live board, an alert or an error,
 * not each refresh.
 */
import { NO_FAULTS } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { LIVE_REGION, recordLiveTexts } from './support/live-regions';
import { crossLiveThresholds } from './support/live-steps';

test('a Sync announces that it started and how it ended, not every step of its progress', async ({ app, sandbox }) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  // Slow enough that it reports progress several times before it is cancelled.
  sandbox.setFaults({ ...NO_FAULTS, latencyMs: 300 });
  try {
    const told = await recordLiveTexts(app, '[data-testid="started-job"]');
    await app.getByRole('button', { name: 'Sync', exact: true }).click();
    const here = app.getByTestId('started-job');
    // Still shown: the count moves on screen (twice here), only it is not read out.
    const counts = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = (await here.textContent()) ?? '';
          if (/Syncing: [\d,]+ rows/.test(text)) counts.add(/[\d,]+ rows/.exec(text)?.[0] ?? '');
          return counts.size;
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toBeGreaterThanOrEqual(3);
    await here.getByRole('button', { name: 'Cancel' }).click();
    await expect(here).toContainText('Cancelled', { timeout: 30_000 });
    const texts = await told();
    expect(texts.flat().length, `told: ${JSON.stringify(texts)}`).toBeGreaterThan(0);
    for (const region of texts) {
      expect(region.length, `told: ${region.join(' | ')}`).toBeLessThanOrEqual(2);
      for (const text of region) expect(text).not.toMatch(/\d+ rows/);
    }
    expect(texts.flat().at(-1)).toContain('Cancelled');
  } finally {
    sandbox.setFaults(NO_FAULTS);
  }
});

test('the Live board shows when it updated but announces only its alerts and errors, not each refresh', async ({ app }) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="live"]').click();
  await expect(app.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await expect(app.getByTestId('live-today-calls')).toBeVisible({ timeout: 60_000 });
  const updated = app.getByTestId('live-updated');
  await expect(updated).toHaveText(/^updated /);
  expect(await updated.evaluate((line, live) => line.closest(live) === null, LIVE_REGION), 'the updated line is in a live region').toBe(true);

  const told = await recordLiveTexts(app, '[data-testid="screen-live"]');
  for (let i = 0; i < 2; i++) {
    const before = (await updated.textContent()) ?? '';
    // The updated time counts seconds: a refresh a second later shows another.
    await app.waitForTimeout(1_100);
    await app.getByRole('button', { name: 'Refresh now' }).click();
    await expect(updated).not.toHaveText(before, { timeout: 30_000 });
    await expect(app.getByRole('button', { name: 'Refresh now' })).toBeEnabled({ timeout: 30_000 });
  }
  // Nothing is told of a refresh (alerts an earlier test raised, already listed, are not told again).
  const onRefresh = await told();
  for (const region of onRefresh) expect(region.length, `told: ${region.join(' | ')}`).toBeLessThanOrEqual(1);
  expect(onRefresh.flat().filter((text) => /Refreshing|Next refresh|updated/.test(text)), 'told on a refresh').toEqual([]);

  // A threshold crossed is told, once, in words.
  await crossLiveThresholds(app);
  await expect.poll(async () => (await told()).flat().join(' | '), { timeout: 30_000 }).toMatch(/Red: Idle seats/);
  const texts = (await told()).flat();
  expect(texts.filter((text) => /Refreshing|Next refresh|updated/.test(text)), `told: ${texts.join(' | ')}`).toEqual([]);
});
