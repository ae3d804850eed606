/**
 * The interface in Simplified Chinese and English. One walk through every screen and the
 * states the journey visits, made in Chinese (no interface word left in English, axe-core
 * clean), in English (no Chinese), and in the pseudo-locale at the smallest window the app
 * supports (every message 40 % longer: no text clipped, none overlapping). And the choice
 * itself: the browser's language at first start, switched at once, remembered.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { grid } from './support/list-truth';
import {
  chineseLeftovers,
  englishLeftovers,
  interfaceTexts,
  layoutFaults,
  say,
  wordsOfData,
  type TestLocale,
} from './support/interface-text';
import type { Sandbox } from '../../src/main/sandbox';
import type { Harness } from '../../src/main/browser-host/server';

const LIST_SCREENS = [
  'task-details',
  'number-records',
  'seats',
  'team-leaders',
  'numbers',
  'axb-bindings',
] as const;

/** What a walk checks at each stop; `label` names the screen and state. */
type Check = (label: string) => Promise<void>;

async function go(app: Page, id: string): Promise<void> {
  await app.locator(`nav button[data-screen="${id}"]`).click();
  await expect(app.locator(`nav button[data-screen="${id}"]`)).toHaveAttribute('aria-current', 'page');
  await expect(app.locator('main h1')).toBeVisible();
}

/** The journey's screens and states, found by the words of `locale`. */
async function walk(app: Page, locale: TestLocale, check: Check): Promise<void> {
  const t = (english: string, whole = true): RegExp => say(locale, english, whole);
  await expect(app.getByTestId('pager-position')).toBeVisible({ timeout: 30_000 });
  await check('voice records');

  await grid(app).focus();
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('detail-panel')).toBeVisible();
  await check('a record in detail');
  await app.keyboard.press('Escape');
  await app.keyboard.press('Shift+F10');
  await expect(app.getByRole('menu')).toBeVisible();
  await check('the row menu');
  await app.keyboard.press('Escape');

  await app.getByTestId('columns-opener').click();
  await check('the Columns popover');
  await app.keyboard.press('Escape');
  await app.getByTestId('export-opener').click();
  await expect(app.getByTestId('export-menu')).toBeVisible();
  await check('the Export panel');
  await app.keyboard.press('Escape');
  await app.getByTestId('jobs-opener').click();
  await expect(app.getByTestId('jobs-panel')).toBeVisible();
  await check('the jobs panel');
  await app.keyboard.press('Escape');

  const goodFrom = await app.locator('#range-from').inputValue();
  await app.locator('#range-from').fill('not a date');
  await app.getByRole('button', { name: t('Search') }).click();
  await expect(app.locator('#range-from')).toHaveAttribute('aria-invalid', 'true');
  await check('a wrong date');
  await app.locator('#range-from').fill(goodFrom);
  await app.getByRole('button', { name: t('Search') }).click();
  await expect(app.locator('#range-from')).not.toHaveAttribute('aria-invalid', 'true');

  for (const screen of LIST_SCREENS) {
    await go(app, screen);
    await check(screen);
  }

  await go(app, 'seat-groups');
  await check('seat groups');
  await app.locator('#group-id').fill('101');
  await app.getByRole('button', { name: t('Load') }).click();
  await expect(app.getByTestId('seat-group-summary')).toContainText('#101');
  await check('a loaded seat group');

  await go(app, 'mms');
  await check('MMS');
  await app.getByTestId('mms-review').click();
  await expect(app.locator('#mms-recipients')).toHaveAttribute('aria-invalid', 'true');
  await check('MMS with errors');
  await app.locator('#mms-recipients').fill('8613800000001\n8613800000002');
  // A message in the user's own language: what is typed comes back in the review as typed.
  await app
    .locator('#mms-content')
    .fill(locale === 'zh-CN' ? '语言检查，不发送。' : 'Language check: not to be sent.');
  await app.getByTestId('mms-review').click();
  await expect(app.getByTestId('mms-confirm-count')).toHaveText('2');
  await check('the MMS confirmation');
  await app.keyboard.press('Escape');

  await go(app, 'overview');
  await expect(app.locator('[data-testid^="figure-"]').first()).toBeVisible({ timeout: 60_000 });
  await check('the Overview');

  await go(app, 'live');
  await expect(app.getByTestId('live-today-calls')).toBeVisible({ timeout: 60_000 });
  await check('the Live board');

  await go(app, 'accounts');
  await check('accounts');
}

/** Words the platform's data holds: they stay as sent, in any language. */
async function platformWords(sandbox: Sandbox, harness: Harness): Promise<ReturnType<typeof wordsOfData>> {
  // Profiles are named by their users (earlier tests of this worker add some), and the
  // platform's brands are proper names.
  const { profiles, presets } = await harness.services.accounts.state();
  const data = sandbox.data;
  const sample = (count: number, at: (index: number) => unknown): unknown[] =>
    Array.from({ length: Math.min(count, 5_000) }, (_, index) => at(index));
  const found = wordsOfData([
    sample(data.voiceRecordCount, (index) => data.voiceRecordAt(index)),
    sample(data.numberRecordCount, (index) => data.numberRecordAt(index)),
    data.taskIds.map((taskId) => data.taskRows(taskId)),
    data.seatGroups(),
    data.seats(),
    data.teamLeaders(),
    data.numbers(),
    data.axbBindings(),
    data.appIds,
    data.seatGroups().map((group) => sandbox.seatGroups.get(group.id)),
    // The sandbox profile's own default app id, shown as the example of one.
    'app-demo-01',
    profiles.map((profile) => [profile.name, profile.baseUrl]),
    presets,
  ]);
  return found;
}

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 1024, height: 700 } });
  test.describe.configure({ timeout: 300_000 });

  test('every screen and state the journey visits shows no interface text in English, fits the window, and has no axe-core violations', async ({
    app,
    sandbox,
    harness,
  }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const data = await platformWords(sandbox, harness);
    const english: string[] = [];
    const layout: string[] = [];
    await walk(app, 'zh-CN', async (label) => {
      if (label === 'the Overview') await app.screenshot({ path: 'test-results/screens/zh-CN.png' });
      english.push(
        ...englishLeftovers(await interfaceTexts(app), data.words).map((found) => `${label}: ${found}`),
      );
      layout.push(...(await layoutFaults(app)).map((fault) => `${label}: ${fault}`));
      await expectNoAxeViolations(app, `${label} in Chinese`);
    });
    expect.soft(english, 'interface text left in English').toEqual([]);
    expect(layout, 'text clipped or overlapping in Chinese at 1024×700').toEqual([]);
  });
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1024, height: 700 } });
  test.describe.configure({ timeout: 300_000 });

  test('every screen and state the journey visits shows no Chinese and fits the window', async ({
    app,
    sandbox,
    harness,
  }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
    const data = await platformWords(sandbox, harness);
    const chinese: string[] = [];
    const layout: string[] = [];
    await walk(app, 'en', async (label) => {
      chinese.push(
        ...chineseLeftovers(await interfaceTexts(app), data.runs).map((found) => `${label}: ${found}`),
      );
      layout.push(...(await layoutFaults(app)).map((fault) => `${label}: ${fault}`));
    });
    expect.soft(chinese, 'Chinese in the English interface').toEqual([]);
    expect(layout, 'text clipped or overlapping in English at 1024×700').toEqual([]);
  });
});

test.describe('in the pseudo-locale (every message 40 % longer, accented)', () => {
  test.use({ viewport: { width: 1024, height: 700 } });
  test.describe.configure({ timeout: 300_000 });

  test('no text is clipped and none overlaps on any screen', async ({ app, harness }) => {
    // The address carries the bridge's token in its fragment: the language goes in its query.
    const address = new URL(harness.url);
    address.searchParams.set('lang', 'en-XA');
    await app.goto(address.toString());
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
    await expect(app.locator('main h1')).toHaveText(say('en-XA', 'Voice records'));
    await expect(app.locator('nav.sidebar')).toBeVisible();
    const layout: string[] = [];
    await walk(app, 'en-XA', async (label) => {
      layout.push(...(await layoutFaults(app)).map((fault) => `${label}: ${fault}`));
    });
    expect(layout, 'text clipped or overlapping in the pseudo-locale at 1024×700').toEqual([]);
  });
});

test.describe('choosing the language', () => {
  test.use({ locale: 'en-US' });

  test('follows the browser at first start; the picker switches at once, keeps what was typed, and is remembered', async ({
    app,
  }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
    await expect(app.getByTestId('pager-position')).toBeVisible({ timeout: 30_000 });
    const search = app.locator('.quick-search');
    await search.fill('13800');
    const heading = await app.locator('main h1').textContent();
    const picker = app.getByTestId('language-picker');
    const chosen = app.waitForResponse((response) => response.url().includes('/rpc/useLanguage'));
    await picker.selectOption('zh-CN');
    await chosen;
    await expect(app.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(app.locator('main h1')).toHaveText(say('zh-CN', heading?.trim() ?? ''));
    await expect(search, 'what was typed stays').toHaveValue('13800');
    // The built-in profile's name follows the language on every screen that names it, not only the sidebar.
    await app.keyboard.press('Control+0');
    await expect(app.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    await expect(app.locator('main')).toContainText('沙盒（演示）');
    await expect(app.locator('main')).not.toContainText('Sandbox (demo)');
    await app.reload();
    await expect(app.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(app.getByTestId('language-picker')).toHaveValue('zh-CN');
    await picker.selectOption('en');
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('after a switch, the MMS confirmation, results and history name the built-in profile in the new language', async ({ app }) => {
    // A send made in English, journaled under the English name.
    await app.locator('button[data-screen="mms"]').click();
    await app.locator('#mms-appid').fill('app-1');
    await app.locator('#mms-recipients').fill('8613800000009');
    await app.locator('#mms-content').fill('Language check: sent in English.');
    await app.getByTestId('mms-review').click();
    await app.getByTestId('mms-confirm-send').click();
    await expect(app.getByTestId('mms-results')).toContainText('Sandbox (demo)');
    const chosen = app.waitForResponse((response) => response.url().includes('/rpc/useLanguage'));
    await app.getByTestId('language-picker').selectOption('zh-CN');
    await chosen;
    await expect(app.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await app.locator('button[data-screen="mms"]').click();
    await app.locator('#mms-appid').fill('app-1');
    await app.locator('#mms-recipients').fill('8613800000001');
    await app.locator('#mms-content').fill('语言检查，不发送。');
    await app.getByTestId('mms-review').click();
    await expect(app.getByTestId('mms-confirm-profile')).toHaveText('沙盒（演示）');
    await app.keyboard.press('Escape');
    await expect(app.getByTestId('mms-results')).toContainText('沙盒（演示）');
    await expect(app.getByTestId('mms-results')).not.toContainText('Sandbox (demo)');
    await app.getByRole('tab', { name: '历史' }).click();
    await expect(app.getByTestId('mms-history-row').first()).toContainText('沙盒（演示）');
    await expect(app.getByTestId('mms-history-row').first()).not.toContainText('Sandbox (demo)');
    await app.getByTestId('language-picker').selectOption('en');
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('switching the language on the Accounts screen', () => {
  test.use({ locale: 'en-US' });

  test("the archive panel's list names follow a switch made while it is on screen", async ({ app }) => {
    // The first page of voice records is archived as it arrives, so the panel has a list to name.
    await expect(app.getByTestId('pager-position')).toBeVisible({ timeout: 30_000 });
    await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="accounts"]').click();
    const panel = app.getByTestId('archive-panel');
    await expect(panel.getByText('Voice records', { exact: true })).toBeVisible();
    const chosen = app.waitForResponse((response) => response.url().includes('/rpc/useLanguage'));
    await app.getByTestId('language-picker').selectOption('zh-CN');
    await chosen;
    await expect(panel.getByText('语音记录', { exact: true })).toBeVisible();
    await expect(panel).not.toContainText('Voice records');
    await app.getByTestId('language-picker').selectOption('en');
    await expect(panel.getByText('Voice records', { exact: true })).toBeVisible();
  });
});

test.describe('switching the language with the jobs area open', () => {
  test.use({ locale: 'en-US' });

  test('a finished job is retitled in the new language, as a running one is', async ({ app }) => {
    await app.keyboard.press('Control+4');
    await expect(app.getByRole('heading', { level: 1, name: 'Seats' })).toBeVisible();
    await expect(app.getByTestId('pager-total')).toBeVisible();
    await app.getByRole('button', { name: 'Load all', exact: true }).click();
    await expect(app.getByTestId('load-all-outcome')).toContainText(/All [\d,]+ rows loaded/);
    await app.getByTestId('jobs-opener').click();
    const job = app.getByTestId('jobs-panel').getByTestId('job-completed').first();
    await expect(job.locator('.title')).toHaveText('Seats');
    const chosen = app.waitForResponse((response) => response.url().includes('/rpc/useLanguage'));
    await app.getByTestId('language-picker').selectOption('zh-CN');
    await chosen;
    await expect(job.locator('.title')).toHaveText('坐席');
    await app.getByTestId('language-picker').selectOption('en');
    await expect(job.locator('.title')).toHaveText('Seats');
  });
});
