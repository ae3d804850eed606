import { startSandbox, type Sandbox } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { addProfile } from './support/profiles';
import { expectedPage, expectScreenShows, factsOf, grid, windowParams } from './support/list-truth';

const KEY = 'list-profile-key';
const SECRET = 'List-Profile-Secret-4d2a';

let other: Sandbox;
test.beforeAll(async () => {
  other = await startSandbox({ seed: 11, volume: 'small', accounts: [{ apiKey: KEY, apiSecret: SECRET }] });
});
test.afterAll(() => other.close());

test('a list follows a profile switched while another screen was shown', async ({ app, sandbox }) => {
  const voice = factsOf('voiceRecords');
  await expect(grid(app)).toBeVisible();
  await expectScreenShows(app, voice, await expectedPage(sandbox, 'voiceRecords', await windowParams(app), 1, 25), 1);

  await addProfile(app, { name: 'Other desk', baseUrl: other.baseUrl, apiKey: KEY, apiSecret: SECRET });
  await app.getByTestId('profile-switcher').selectOption({ label: 'Other desk' });
  await expect(app.getByTestId('active-profile')).toContainText('Other desk');
  try {
    await app.keyboard.press('Control+1');
    await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
    const target = { baseUrl: other.baseUrl, credentials: { apiKey: KEY, apiSecret: SECRET } };
    await expectScreenShows(app, voice, await expectedPage(target, 'voiceRecords', await windowParams(app), 1, 25), 1);
  } finally {
    await app.getByTestId('profile-switcher').selectOption({ value: 'sandbox' });
  }
});
