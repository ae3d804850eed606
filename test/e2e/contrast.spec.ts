import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { crossLiveThresholds } from './support/live-steps';

/** WCAG 2 contrast of each text in `target` against what is painted behind it, as the page shows it now. */
async function contrastsOf(target: Locator): Promise<{ text: string; ratio: number }[]> {
  return target.evaluate((root) => {
    const channels = (css: string): number[] => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]): number => {
      const linear = (c: number): number => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    /** Opacity and translucent backgrounds blended down to the first opaque one. */
    const backgroundBehind = (element: Element): number[] => {
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = channels(getComputedStyle(node).backgroundColor);
        if (a > 0) layers.push([r, g, b, a]);
        if (a >= 1) break;
      }
      let colour = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) colour = [r * a + colour[0] * (1 - a), g * a + colour[1] * (1 - a), b * a + colour[2] * (1 - a)];
      return colour;
    };
    const opacityOf = (element: Element): number => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };
    const results: { text: string; ratio: number }[] = [];
    const elements = [root, ...root.querySelectorAll('*')].filter((element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== ''),
    );
    for (const element of elements) {
      const background = backgroundBehind(element);
      const [r, g, b, a = 1] = channels(getComputedStyle(element).color);
      const alpha = a * opacityOf(element);
      const text = [r * alpha + background[0] * (1 - alpha), g * alpha + background[1] * (1 - alpha), b * alpha + background[2] * (1 - alpha)];
      const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
      results.push({ text: (element.textContent ?? '').trim(), ratio: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100 });
    }
    return results;
  });
}

async function expectReadable(app: Page, target: Locator, state: string): Promise<void> {
  for (const { text, ratio } of await contrastsOf(target)) {
    expect(ratio, `"${text}" ${state}: contrast ${ratio}:1`).toBeGreaterThanOrEqual(4.5);
  }
  await app.mouse.move(0, 0);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every text of the sidebar and status bar, and primary buttons and the active screen at rest, on hover and on focus, is at least 4.5:1 (${scheme})`, async ({ app }) => {
    await app.emulateMedia({ colorScheme: scheme });
    await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
    const targets = {
      'the Search button': app.getByRole('button', { name: 'Search', exact: true }),
      'the active screen in the sidebar': app.getByRole('navigation', { name: 'Screens' }).locator('button[aria-current="page"]'),
    };
    // Search is disabled (and drawn faint, as disabled controls may be) until the first page
    // has loaded, which on a busy machine is after the heading shows: measure it at rest.
    await expect(targets['the Search button']).toBeEnabled();
    await expectReadable(app, app.getByRole('navigation', { name: 'Screens' }), 'the sidebar');
    await expectReadable(app, app.getByRole('contentinfo'), 'the status bar');
    for (const [name, target] of Object.entries(targets)) {
      await expectReadable(app, target, `${name} at rest`);
      await target.hover();
      await expectReadable(app, target, `${name} on hover`);
      await target.focus();
      await expectReadable(app, target, `${name} on focus`);
      await target.focus();
      await target.hover();
      await expectReadable(app, target, `${name} focused and hovered`);
    }
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Accounts list, with its "in use" badge, is at least 4.5:1 at rest, on hover and on focus (${scheme})`, async ({ app }) => {
    await app.emulateMedia({ colorScheme: scheme });
    await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
    const profiles = app.getByRole('complementary', { name: 'Profiles' });
    const inUse = profiles.locator('.badge.accent');
    await expect(inUse).toBeVisible();
    await expectReadable(app, profiles, 'the profile list');
    const entry = profiles.getByRole('button').filter({ has: app.locator('.badge.accent') });
    await entry.hover();
    await expectReadable(app, entry, 'the profile in use on hover');
    await entry.focus();
    await expectReadable(app, entry, 'the profile in use on focus');
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Live board, its amber and red tiles and seat grid, and wall mode light and dark, are at least 4.5:1 (${scheme})`, async ({ app }) => {
    test.setTimeout(120_000);
    await app.emulateMedia({ colorScheme: scheme });
    await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="live"]').click();
    const board = app.getByTestId('screen-live');
    await expect(app.getByTestId('live-today-calls')).toBeVisible({ timeout: 60_000 });
    await crossLiveThresholds(app);
    await expectReadable(app, board, 'the Live board');
    for (const wall of ['dark', 'light'] as const) {
      await app.getByLabel('Wall colours').selectOption(wall);
      await app.getByRole('button', { name: 'Wall mode' }).click();
      await expect(board).toHaveClass(/wall/);
      await expectReadable(app, board, `the Live board in ${wall} wall mode`);
      await app.getByRole('button', { name: 'Leave wall mode' }).click();
      await expect(board).not.toHaveClass(/wall/);
    }
  });
}
