/** A field in error says so itself (aria-invalid, aria-describedby to its message), and a failed submit takes the keyboard to it. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function expectTiedError(app: Page, field: Locator, message: RegExp): Promise<void> {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('a wrong date in the period: Search marks the field, names the problem in its description and moves the keyboard to it', async ({
  app,
}) => {
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  const goodFrom = await app.locator('#range-from').inputValue();
  await app.locator('#range-from').fill('not a date');
  await app.getByRole('button', { name: 'Search', exact: true }).focus();
  await app.keyboard.press('Enter');
  await expectTiedError(app, app.locator('#range-from'), /\S/);
  // The filters a Search used are remembered across tests in this worker: leave good ones.
  await app.locator('#range-from').fill(goodFrom);
  const saved = app.waitForResponse((response) => response.url().includes('/rpc/savePreference'));
  await app.getByRole('button', { name: 'Search', exact: true }).click();
  await saved;
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
});

test('MMS without recipients: Review marks the recipients field, describes the problem and moves the keyboard to it', async ({
  app,
}) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="mms"]').click();
  await app.locator('#mms-content').fill('Field check.');
  await app.getByTestId('mms-review').focus();
  await app.keyboard.press('Enter');
  await expectTiedError(app, app.locator('#mms-recipients'), /recipient|number/i);
});

test('a new profile saved empty: its name field is marked, described and focused; key and secret are described too', async ({
  app,
}) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByRole('button', { name: 'Add profile' }).click();
  const form = app.getByRole('form', { name: 'New profile' });
  await form.getByRole('button', { name: 'Create profile' }).focus();
  await app.keyboard.press('Enter');
  await expectTiedError(app, form.getByLabel('Name', { exact: true }), /\S/);
  for (const label of ['API key', 'API secret']) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/\S/);
  }
});
