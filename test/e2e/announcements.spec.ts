/**
 * What a screen reader is told by the regions that update by themselves: that a job started
 * and how it ended, not each step of its progress; on the Live board, an alert or an error,
 * not each refresh.
 */
import { NO_FAULTS } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { recordLiveTexts } from './support/live-regions';

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
