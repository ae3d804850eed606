import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('scheduled work: the form refuses what it cannot keep, saves, and shows the next runs and the report just written here and in the jobs area', async ({ app }) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  const panel = app.getByTestId('schedule-panel');
  await expect(panel.getByTestId('schedule-next-sync')).toHaveText('Off');

  await panel.getByLabel("Sync this profile's archive on a schedule while Switchboard runs").check();
  const every = panel.getByLabel('Sync every (minutes)');
  await expect(every).toHaveValue('15');
  await every.fill('2');
  await expect(panel).toContainText('Sync every 5 to 1440 minutes');
  await every.fill('15');

  await panel.getByLabel("Write the previous day's report to a folder every day").check();
  const at = panel.getByLabel('At (+08:00)');
  await at.fill('6am');
  await expect(panel).toContainText('Type the time of the daily report as HH:MM');
  await at.fill('06:00');
  await panel.getByRole('textbox', { name: 'Folder', exact: true }).fill(mkdtempSync(join(tmpdir(), 'e2e-reports-')));
  await panel.getByRole('button', { name: 'Save schedule' }).click();

  await expect(panel.getByTestId('schedule-next-sync')).toContainText('next run at');
  await expect(panel.getByTestId('schedule-next-report')).toContainText('next run at');
  await expect(panel.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
  // Switched on, the report writes the day just over at once; the panel says so without being opened again.
  await expect(panel.getByTestId('schedule-last-report')).toHaveText(/^\d{4}-\d{2}-\d{2}$/, { timeout: 30_000 });

  await app.getByTestId('jobs-opener').click();
  await expect(app.getByTestId('jobs-scheduled')).toContainText('Sync every 15 min: next run at');
  await expect(app.getByTestId('jobs-scheduled')).toContainText('Daily report: next run at');
});
