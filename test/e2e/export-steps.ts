import type { Page } from '@playwright/test';

/** Opens Export…, picks the rows and the format, and starts it. */
export async function exportAs(app: Page, rows: 'This page' | 'All matching records', format: RegExp): Promise<void> {
  await app.getByRole('button', { name: 'Export…' }).click();
  const panel = app.getByRole('dialog', { name: 'Export' });
  await panel.getByLabel(rows).check();
  await panel.getByLabel(format).check();
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
}
