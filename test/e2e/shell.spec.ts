import { SCREENS, shortcutDigit } from '../../src/renderer/src/lib/screens';
import { expect, test } from './fixtures';

test('the shell loads with the sidebar, a screen and the status bar', async ({ app }) => {
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await expect(app.getByTestId('active-profile')).toContainText('Sandbox (demo)');
  await expect(app).toHaveTitle('Voice records · Switchboard');
  await app.screenshot({ path: 'test-results/screens/shell.png' });
});

test('every screen is reachable from the sidebar', async ({ app }) => {
  const nav = app.getByRole('navigation', { name: 'Screens' });
  for (const screen of SCREENS) {
    await nav.getByRole('button', { name: screen.title }).click();
    await expect(app.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    await expect(nav.getByRole('button', { name: screen.title })).toHaveAttribute('aria-current', 'page');
  }
});

test('every screen is reachable from the keyboard', async ({ app }) => {
  for (const [index, screen] of SCREENS.entries()) {
    const digit = shortcutDigit(index);
    if (digit === null) continue;
    await app.keyboard.press(`Control+${digit}`);
    await expect(app.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
  }
  // Arrow keys move through the sidebar, with focus following the selection.
  await app.getByRole('button', { name: SCREENS[0].title }).focus();
  await app.keyboard.press('ArrowDown');
  await expect(app.getByRole('heading', { level: 1, name: SCREENS[1].title })).toBeVisible();
  await expect(app.getByRole('button', { name: SCREENS[1].title })).toBeFocused();
  await app.keyboard.press('End');
  await expect(app.getByRole('heading', { level: 1, name: SCREENS[SCREENS.length - 1].title })).toBeVisible();
  await app.keyboard.press('ArrowDown');
  await expect(app.getByRole('heading', { level: 1, name: SCREENS[0].title })).toBeVisible();
});

test('a contract method round-trips from the page to the main services', async ({ app, harness }) => {
  // The call the renderer's own bridge makes when the page starts (not a hand-made request),
  // and what the page shows from its answer.
  const [response] = await Promise.all([
    app.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/rpc/getAppInfo'),
    app.reload(),
  ]);
  expect(response.request().headers()['x-switchboard-token']).toBeTruthy();
  const answer: unknown = await response.json();
  const direct = await harness.services.dispatch('getAppInfo', undefined);
  expect(answer).toEqual(direct);
  await expect(app.getByTestId('app-version')).toHaveText(`Switchboard ${(direct as { value: { version: string } }).value.version}`);
});

test('the page refuses inline script (CSP)', async ({ page, harness }) => {
  const violations: string[] = [];
  page.on('console', (message) => violations.push(message.text()));
  await page.goto(harness.url);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(violations.join('\n')).toContain('Content Security Policy');
});

test('the theme follows the operating system', async ({ app }) => {
  const background = () => app.evaluate(() => getComputedStyle(document.body.parentElement ?? document.body).backgroundColor);
  await app.emulateMedia({ colorScheme: 'light' });
  const light = await background();
  await app.emulateMedia({ colorScheme: 'dark' });
  const dark = await background();
  expect(light).not.toBe(dark);
  await app.screenshot({ path: 'test-results/screens/shell-dark.png' });
});
