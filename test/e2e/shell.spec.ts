import { SCREENS } from '../../src/renderer/src/lib/screens';
import { shortcutLabel, type Shortcut } from '../../src/shared/operations';
import { expect, test } from './fixtures';

/** The keys Playwright presses for a shortcut: the digit by its place, as Shift changes its character. */
const keysOf = (shortcut: Shortcut): string => `Control+${shortcut.replace(/([0-9])$/, 'Digit$1')}`;

/** Relative luminance (0 black, 1 white) of a computed `rgb(r, g, b)` colour, near enough to tell light from dark. */
function luminance(colour: string): number {
  const [r = Number.NaN, g = Number.NaN, b = Number.NaN] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test('the shell loads with the sidebar, a screen and the status bar', async ({ app }) => {
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await expect(app.getByTestId('active-profile')).toContainText('Sandbox (demo)');
  await expect(app).toHaveTitle('Voice records · Switchboard');
  await app.screenshot({ path: 'test-results/screens/shell.png' });
});

test('every screen is reachable from the sidebar', async ({ app }) => {
  const nav = app.getByRole('navigation', { name: 'Screens' });
  for (const screen of SCREENS) {
    await nav.getByRole('button', { name: screen.title() }).click();
    await expect(app.getByRole('heading', { level: 1, name: screen.title() })).toBeVisible();
    await expect(nav.getByRole('button', { name: screen.title() })).toHaveAttribute('aria-current', 'page');
  }
});

test('every screen is reachable from the keyboard', async ({ app }) => {
  const nav = app.getByRole('navigation', { name: 'Screens' });
  // Backwards, so no screen is reached only because it was the one already shown.
  for (const screen of [...SCREENS].reverse()) {
    if (screen.shortcut === null) continue;
    await app.keyboard.press(keysOf(screen.shortcut));
    await expect(app.getByRole('heading', { level: 1, name: screen.title() })).toBeVisible();
    await expect(nav.getByRole('button', { name: screen.title() })).toContainText(
      shortcutLabel(screen.shortcut, false),
    );
  }
  // Arrow keys move through the sidebar, with focus following the selection.
  await app.getByRole('button', { name: SCREENS[0].title() }).focus();
  await app.keyboard.press('ArrowDown');
  await expect(app.getByRole('heading', { level: 1, name: SCREENS[1].title() })).toBeVisible();
  await expect(app.getByRole('button', { name: SCREENS[1].title() })).toBeFocused();
  await app.keyboard.press('End');
  await expect(
    app.getByRole('heading', { level: 1, name: SCREENS[SCREENS.length - 1].title() }),
  ).toBeVisible();
  await app.keyboard.press('ArrowDown');
  await expect(app.getByRole('heading', { level: 1, name: SCREENS[0].title() })).toBeVisible();
});

test('the language picker is reached from the sidebar by keyboard and redraws the shell in place; the sidebar fits 1024×700 whole in either language', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1024, height: 700 });
  const sidebar = app.locator('nav.sidebar');
  const fits = (): Promise<boolean> =>
    sidebar.evaluate((element) => element.scrollHeight <= element.clientHeight);
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  expect(await fits(), 'the sidebar scrolls in English').toBe(true);
  const current = sidebar.locator('button[aria-current="page"]');
  const before = await current.elementHandle();
  await current.focus();
  await app.keyboard.press('Tab');
  await expect(app.getByRole('combobox', { name: 'Language' })).toBeFocused();
  await app.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');

  await expect(app.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(app.getByRole('heading', { level: 1, name: '语音记录' })).toBeVisible();
  await expect(app).toHaveTitle('语音记录 · Switchboard');
  await expect(
    app.getByRole('navigation', { name: '页面' }).getByRole('button', { name: '坐席组' }),
  ).toBeVisible();
  await expect(app.getByTestId('active-profile')).toContainText('配置：');
  await expect(app.getByRole('combobox', { name: '语言' })).toBeFocused();
  expect(
    await before?.evaluate((element) => element.isConnected),
    'the sidebar was drawn again, not remounted',
  ).toBe(true);
  expect(await fits(), 'the sidebar scrolls in Chinese').toBe(true);

  await app.getByRole('combobox', { name: '语言' }).selectOption('en');
  await expect(app).toHaveTitle('Voice records · Switchboard');
});

test('a contract method round-trips from the page to the main services', async ({ app, harness }) => {
  // The call the renderer's own bridge makes when the page starts (not a hand-made request),
  // and what the page shows from its answer. The first start's call is answered first, so the
  // answer awaited is the reload's.
  await expect(app.getByTestId('app-version')).toContainText('Switchboard');
  const [response] = await Promise.all([
    app.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/rpc/getAppInfo'),
    app.reload(),
  ]);
  expect(response.request().headers()['x-switchboard-token']).toBeTruthy();
  const answer: unknown = await response.json();
  const direct = await harness.services.dispatch('getAppInfo', undefined);
  expect(answer).toEqual(direct);
  await expect(app.getByTestId('app-version')).toHaveText(
    `Switchboard ${(direct as { value: { version: string } }).value.version}`,
  );
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
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
  expect(violations.join('\n')).toContain('Content Security Policy');
});

test('the theme follows the operating system', async ({ app }) => {
  // The page's background and the screen's text: what the user reads, in either scheme.
  const colours = () =>
    app.evaluate(() => {
      const screen = getComputedStyle(document.querySelector('main') ?? document.body);
      const page = getComputedStyle(document.documentElement);
      return { page: page.backgroundColor, text: screen.color };
    });
  await app.emulateMedia({ colorScheme: 'light' });
  const light = await colours();
  expect(luminance(light.page), light.page).toBeGreaterThan(0.8);
  expect(luminance(light.text), light.text).toBeLessThan(0.3);
  await app.emulateMedia({ colorScheme: 'dark' });
  const dark = await colours();
  expect(luminance(dark.page), dark.page).toBeLessThan(0.2);
  expect(luminance(dark.text), dark.text).toBeGreaterThan(0.7);
  await app.screenshot({ path: 'test-results/screens/shell-dark.png' });
});
