import { expect, type Page } from '@playwright/test';

export interface NewProfile {
  name: string;
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** Adds a profile from the Accounts screen's form, as a user does, and waits for it to be created. */
export async function addProfile(app: Page, profile: NewProfile): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByRole('button', { name: 'Add profile' }).click();
  const form = app.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill(profile.name);
  await form.getByLabel('Base URL').fill(profile.baseUrl);
  await form.getByLabel('API key').fill(profile.apiKey);
  await form.getByLabel('API secret').fill(profile.apiSecret);
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(app.getByText(`Profile “${profile.name}” created.`)).toBeVisible();
}

/** Deletes a profile from the Accounts screen, as a user does; the sandbox profile is then the active one (the other tests start from it). */
export async function deleteProfile(app: Page, name: string): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByTestId(`profile-${name}`).click();
  await app.getByRole('button', { name: 'Delete…' }).click();
  await app.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(app.getByTestId('profile-switcher')).toHaveValue('sandbox');
}
