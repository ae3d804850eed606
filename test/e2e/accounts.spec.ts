import { startSandbox, type Sandbox } from '../../src/main/sandbox';
import type { Request, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdAnswers } from './support/held-answer';
import { addProfile } from './support/profiles';

const SECOND_KEY = 'second-desk-key';
const SECOND_SECRET = 'Second-Desk-Secret-93f1c';

let second: Sandbox;
test.beforeAll(async () => {
  second = await startSandbox({ seed: 7, volume: 'small', accounts: [{ apiKey: SECOND_KEY, apiSecret: SECOND_SECRET }] });
});
test.afterAll(() => second.close());

test('a first launch shows the sandbox profile, selected', async ({ app }) => {
  await expect(app.getByTestId('profile-switcher')).toHaveValue('sandbox');
  await expect(app.getByTestId('active-profile')).toContainText('Sandbox (demo)');
});

test('add a profile, test it, switch to it and delete it; its secret never reaches the page', async ({ app }) => {
  const bridgeAnswers: string[] = [];
  const reading: Promise<void>[] = [];
  const onResponse = (response: Response): void => {
    if (response.url().includes('/rpc/')) reading.push(response.text().then((body) => void bridgeAnswers.push(body)));
  };
  app.on('response', onResponse);

  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByRole('button', { name: 'Add profile' }).click();
  const form = app.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill('Second desk');
  await form.getByLabel('Base URL').fill(second.baseUrl);
  await form.getByLabel('API key').fill(SECOND_KEY);

  // A wrong secret: the -1 explanation, and nothing is lost from the form.
  await form.getByLabel('API secret').fill('not-the-secret');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(app.getByTestId('connection-result')).toContainText('The API key or the API secret is wrong (status -1)');
  await expect(form.getByLabel('Name')).toHaveValue('Second desk');

  await form.getByLabel('API secret').fill(SECOND_SECRET);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(app.getByTestId('connection-result')).toContainText(/Connection works\.\s*Connected in \d+ ms/);

  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(app.getByText('Profile “Second desk” created.')).toBeVisible();
  await expect(app.getByTestId('secret-status')).toContainText('Secret stored in the keychain');
  await app.screenshot({ path: 'test-results/screens/accounts.png' });

  // Testing the saved profile uses the stored secret, read in main.
  await app.getByRole('button', { name: 'Test connection' }).click();
  await expect(app.getByTestId('connection-result')).toContainText('Connection works.');

  // Switch to it from the sidebar: instant, and the status bar follows.
  await app.getByTestId('profile-switcher').selectOption({ label: 'Second desk' });
  await expect(app.getByTestId('active-profile')).toContainText('Second desk');

  // The secret is nowhere in the renderer: DOM, storage, or anything the bridge returned.
  const html = await app.evaluate(() => document.documentElement.outerHTML);
  const storage = await app.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(html).not.toContain(SECOND_SECRET);
  expect(storage).not.toContain(SECOND_SECRET);
  // Every answer read before looking, and no reading left to fail once the page closes.
  app.off('response', onResponse);
  await Promise.all(reading);
  expect(bridgeAnswers.length).toBeGreaterThan(3);
  for (const body of bridgeAnswers) expect(body).not.toContain(SECOND_SECRET);

  await app.getByRole('button', { name: 'Delete…' }).click();
  await app.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(app.getByText('Profile deleted.')).toBeVisible();
  await expect(app.getByTestId('profile-switcher')).toHaveValue('sandbox');
  await expect(app.getByTestId('profile-switcher').locator('option', { hasText: 'Second desk' })).toHaveCount(0);
});

test('a bad profile form shows a message at each field and sends nothing', async ({ app }) => {
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByRole('button', { name: 'Add profile' }).click();
  const form = app.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Base URL').fill('http://api.example.com');
  await form.getByLabel('Time zone of times without a zone').fill('Mars/Olympus');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(form.getByText('Give the profile a name.')).toBeVisible();
  await expect(form.getByText(/Use an https:\/\/ address/)).toBeVisible();
  await expect(form.getByText('Enter the API key from the platform console.')).toBeVisible();
  await expect(form.getByText('Enter the API secret from the platform console.')).toBeVisible();
  await expect(form.getByText(/"Mars\/Olympus" is not a time zone name/)).toBeVisible();
  await form.getByLabel('Time zone of times without a zone').fill('+18:59');
  await expect(form.getByText('"+18:59" is beyond +14:00, the largest offset in use.')).toBeVisible();
  await expect(form.getByLabel('Base URL')).toHaveValue('http://api.example.com');
});

test('the sandbox’s own settings save from its form, which sends none of its fixed name, key and address', async ({ app }) => {
  const sent: string[] = [];
  const onRequest = (request: Request): void => {
    if (request.url().includes('/rpc/saveProfile')) sent.push(request.postData() ?? '');
  };
  app.on('request', onRequest);
  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
  await app.getByTestId('profile-Sandbox (demo)').click();
  const form = app.getByRole('form', { name: 'Profile Sandbox (demo)' });
  // The sandbox already reads +08:00: the same zone typed another way, kept in its one form.
  await form.getByLabel('Time zone of times without a zone').fill('UTC+8');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(app.getByText('Changes saved.')).toBeVisible();
  await expect(form.getByLabel('Time zone of times without a zone')).toHaveValue('+08:00');
  app.off('request', onRequest);
  expect(sent).toHaveLength(1);
  const body = JSON.parse(sent[0]) as { input: Record<string, unknown> };
  expect(Object.keys(body.input).sort()).toEqual(['defaultAppId', 'id', 'pageSize', 'timeZone']);
});

test('changing a saved profile’s address asks for the secret again, and says why', async ({ app }) => {
  await addProfile(app, { name: 'Rebind desk', baseUrl: second.baseUrl, apiKey: SECOND_KEY, apiSecret: SECOND_SECRET });
  await expect(app.getByTestId('secret-status')).toContainText('Secret stored in the keychain');

  const saved = app.getByRole('form', { name: 'Profile Rebind desk' });
  await saved.getByLabel('Base URL').fill('https://elsewhere.example.com');
  await expect(saved.getByText(/The base URL or API key changed: type the API secret again/)).toBeVisible();
  await saved.getByRole('button', { name: 'Save' }).click();
  await expect(saved.getByText(/type the API secret again/)).toBeVisible();
  await expect(app.getByText('Changes saved.')).toHaveCount(0);
  // Typed back, the stored secret is usable again and the question goes away.
  await saved.getByLabel('Base URL').fill(second.baseUrl);
  await expect(app.getByTestId('secret-status')).toContainText('Secret stored in the keychain');
});

test('a profile chosen shows no settings of the one before until its own arrive, so nothing typed meanwhile is lost', async ({ app }) => {
  await addProfile(app, { name: 'Slow desk', baseUrl: second.baseUrl, apiKey: SECOND_KEY, apiSecret: SECOND_SECRET });
  const panel = app.getByTestId('archive-panel');
  const history = panel.getByLabel('Sync history in days');
  await app.getByTestId('profile-Sandbox (demo)').click();
  await expect(history).toHaveValue('60');
  const held = await holdAnswers(app, '**/rpc/archiveStatus');
  await app.getByTestId('profile-Slow desk').click();
  // The sandbox's numbers are not left to be typed over while the other profile's are read.
  await expect(history).toHaveCount(0);
  held.release();
  await expect(history).toHaveValue('60');
  await history.fill('45');
  await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeEnabled();
  await app.getByRole('button', { name: 'Delete…' }).click();
  await app.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(app.getByText('Profile deleted.')).toBeVisible();
});

// Typed before the chosen profile's settings arrived, the number was overwritten by them and
// Save stayed off (1 run in 4-5): the panel now shows no settings until they arrive (the test above).
test.describe(() => {
  test('an archive settings answer for a profile no longer chosen is not shown under another, where a save would write it', async ({ app }) => {
    await addProfile(app, { name: 'Night desk', baseUrl: second.baseUrl, apiKey: SECOND_KEY, apiSecret: SECOND_SECRET });

    const panel = app.getByTestId('archive-panel');
    const history = panel.getByLabel('Sync history in days');
    await app.getByTestId('profile-Sandbox (demo)').click();
    await expect(history).toHaveValue('60');
    // The sandbox profile's save is answered only once the other profile is shown.
    const held = await holdAnswers(app, '**/rpc/setArchiveSettings');
    await history.fill('45');
    await panel.getByRole('button', { name: 'Save archive settings' }).click();
    await app.getByTestId('profile-Night desk').click();
    await expect(history).toHaveValue('60');
    held.release();
    await expect.poll(() => held.answered()).toBe(true);
    await app.waitForTimeout(300);
    await expect(history).toHaveValue('60');

    // The save itself was made, for the profile it was asked for; then put back for the other tests.
    await app.getByTestId('profile-Sandbox (demo)').click();
    await expect(history).toHaveValue('45');
    await history.fill('60');
    await panel.getByRole('button', { name: 'Save archive settings' }).click();
    await expect(panel.getByRole('button', { name: 'Save archive settings' })).toBeDisabled();
    await app.getByTestId('profile-Night desk').click();
    await app.getByRole('button', { name: 'Delete…' }).click();
    await app.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(app.getByText('Profile deleted.')).toBeVisible();
  });
});
