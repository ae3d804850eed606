import { expect, test } from './fixtures';

test('pasted numbers with spaces are one recipient each, and after sending the results come into view on a 1024×640 window', async ({ app, sandbox }) => {
  await app.setViewportSize({ width: 1024, height: 640 });
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="mms"]').click();
  await expect(app.getByRole('heading', { level: 1, name: 'MMS' })).toBeVisible();
  await expect(app.locator('#mms-appid')).not.toHaveValue('');
  const sentBefore = sandbox.mmsSent.length;
  await app.locator('#mms-recipients').fill('+86 13800138000\n+44 7700 900123\n13800138000 13900139000');
  await app.locator('#mms-content').fill('Your parcel is on its way.');
  await expect(app.getByTestId('mms-count-valid')).toHaveText('2');
  await expect(app.getByTestId('mms-count-entered')).toHaveText('3');
  // The line that is not exactly one number is shown, with why and what to do.
  await app.getByText(/Entries set apart \(1\)/).click();
  const rejected = app.getByTestId('mms-rejected-list');
  await expect(rejected).toContainText('13800138000 13900139000');
  await expect(rejected).toContainText('several numbers');
  await expect(rejected).toContainText('put each number on its own line');
  await app.getByTestId('mms-review').click();
  await app.getByTestId('mms-confirm-send').click();

  const results = app.getByTestId('mms-results');
  await expect(results.getByTestId('mms-send-status')).toHaveText('All batches sent');
  // Wholly on screen, not a sliver at the bottom edge: the heading, the totals and the batches.
  await expect(app.getByRole('heading', { level: 2, name: /Results/ })).toBeInViewport({ ratio: 1 });
  await expect(results.getByTestId('mms-total-accepted')).toBeInViewport({ ratio: 1 });
  await expect(results.getByTestId('mms-batch-1')).toBeInViewport({ ratio: 1 });
  // The sandbox's own record: one send, to both numbers as one recipient each.
  expect(sandbox.mmsSent.slice(sentBefore).map((sent) => sent.number)).toEqual(['+8613800138000', '+447700900123']);
  await app.screenshot({ path: 'test-results/screens/mms-results-in-view.png' });
});
