import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

const SCREENS = [
  { id: 'voice-records', title: 'Voice records' },
  { id: 'task-details', title: 'Task details' },
  { id: 'number-records', title: 'Number records' },
  { id: 'seats', title: 'Seats' },
  { id: 'team-leaders', title: 'Team leaders' },
  { id: 'numbers', title: 'Numbers' },
  { id: 'axb-bindings', title: 'AXB bindings' },
  { id: 'seat-groups', title: 'Seat groups' },
  { id: 'mms', title: 'MMS' },
  { id: 'accounts', title: 'Accounts' },
] as const;

async function go(app: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).locator(`button[data-screen="${screen.id}"]`).click();
  await expect(app.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen at rest has no axe-core violations (${scheme})`, async ({ app }) => {
    await app.emulateMedia({ colorScheme: scheme });
    for (const screen of SCREENS) {
      await go(app, screen);
      await expectNoAxeViolations(app, `${screen.title} (${scheme})`);
    }
  });
}
