import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { expect, test } from './fixtures';
import { exportedCsvRows } from '../support/csv';
import { exportAs } from './export-steps';

/** Reads a datetime-local input as an instant; the sandbox profile reads times in the sandbox's zone, +08:00. */
async function instantOf(app: Page, selector: string): Promise<number> {
  return Date.parse(`${await app.locator(selector).inputValue()}+08:00`);
}

async function savedPath(app: Page): Promise<string> {
  const outcome = app.getByTestId('export-outcome');
  await expect(outcome).toContainText('Saved', { timeout: 30_000 });
  const path = await outcome.locator('.path').getAttribute('title');
  if (!path) throw new Error('no path shown');
  return path;
}


test.describe.configure({ mode: 'serial' });

test('voice records: export this page to .xlsx and all matching records to .csv', async ({ app, sandbox }) => {
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const range = sandbox.data.voiceRecordRange(await instantOf(app, '#range-from'), await instantOf(app, '#range-to'));
  const count = range.end - range.first;
  expect(count).toBeGreaterThan(25);
  await expect(app.getByTestId('pager-total')).toHaveText(`${count.toLocaleString('en')} records`);
  await app.getByRole('button', { name: 'Next ›' }).click();
  await expect(app.getByTestId('pager-position')).toContainText('Page 2 of');
  await app.getByRole('button', { name: 'Export…' }).click();
  await expect(app.getByRole('dialog', { name: 'Export' })).toBeVisible();
  await app.screenshot({ path: 'test-results/screens/export-menu.png' });
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog', { name: 'Export' })).toBeHidden();

  await exportAs(app, 'This page', /\.xlsx/);
  const xlsxPath = await savedPath(app);
  expect(xlsxPath).toMatch(/voice-records_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}_Sandbox-demo_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(app.getByTestId('export-outcome')).toContainText('Saved 25 rows');
  await app.screenshot({ path: 'test-results/screens/export.png' });
  // Browser mode: the finished file comes as a download, once, under its own name.
  await expect(app.getByRole('button', { name: 'Show in folder' })).toHaveCount(0);
  const [download] = await Promise.all([app.waitForEvent('download'), app.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(basename(xlsxPath));
  const downloaded = await download.path();
  expect(readFileSync(downloaded).equals(readFileSync(xlsxPath))).toBe(true);

  const book = XLSX.read(readFileSync(xlsxPath), { type: 'buffer' });
  expect(book.SheetNames).toEqual(['Summary', 'Voice records', 'About']);
  const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets['Voice records'], { header: 1, raw: true, defval: null });
  const header = grid[0];
  const column = (name: string): number => header.indexOf(name);
  expect(grid).toHaveLength(26);
  grid.slice(1).forEach((row, i) => {
    const served = sandbox.data.voiceRecordAt(range.first + 25 + i);
    expect(row[column('Voice id')]).toBe(served.voiceId);
    expect(row[column('Callee')]).toBe(served.callee);
    expect(row[column('Display number')]).toBe(served.displayNum);
    expect(row[column('Called-party info')]).toBe(served.calledInfo || null);
    const submitted = row[column('Submitted')] as number;
    // Serial date-time in the profile's zone (+08:00) back to an instant.
    expect(Math.round((submitted - 25_569) * 86_400) * 1000 - 8 * 3_600_000).toBe(Date.parse(served.submitTime));
  });
  const about = Object.fromEntries(XLSX.utils.sheet_to_json<[string, unknown]>(book.Sheets.About, { header: 1 }).slice(1));
  expect(about).toMatchObject({ Operation: 'Voice records', Profile: 'Sandbox (demo)', Rows: 25 });

  await exportAs(app, 'All matching records', /\.csv/);
  const csvPath = await savedPath(app);
  await expect(app.getByTestId('export-outcome')).toContainText(`Saved ${count.toLocaleString('en')} rows`);
  const rows = exportedCsvRows(readFileSync(csvPath, 'utf8'));
  expect(rows).toHaveLength(count + 1);
  const neutral = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  rows.slice(1).forEach((row, i) => {
    const served = sandbox.data.voiceRecordAt(range.first + i);
    expect(row[0]).toBe(served.voiceId);
    expect(row[1]).toBe(neutral(served.callee));
    expect(row[2]).toBe(neutral(served.displayNum));
  });
  expect(dirname(csvPath)).toBe(dirname(xlsxPath));
  await app.getByRole('button', { name: 'Dismiss' }).click();
});

test('a cancelled export leaves no file; a bad window typed is not applied until Search, which refuses it at the field', async ({ app, sandbox }) => {
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByTestId('pager-total')).toBeVisible();
  sandbox.setFaults({ latencyMs: 400 });
  try {
    await exportAs(app, 'All matching records', /\.xlsx/);
    const progress = app.getByTestId('export-progress');
    await expect(progress).toContainText('Exporting to voice-records_');
    const path = await progress.locator('.path').getAttribute('title');
    if (!path) throw new Error('no path shown');
    await app.getByRole('button', { name: 'Cancel export' }).click();
    await expect(app.getByTestId('export-outcome')).toContainText('Export cancelled; no file was written.');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dirname(path)).filter((name) => name.includes('.partial-'))).toEqual([]);
  } finally {
    sandbox.setFaults({ latencyMs: 0 });
  }

  // Requests the cancel stopped may still be answered (400 ms latency) and logged: let them settle.
  await app.waitForTimeout(1000);
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  await app.locator('#range-from').fill(local(Date.now() - 40 * 86_400_000));
  await app.locator('#range-to').fill(local(Date.now() - 60_000));
  // Typed, not applied: the table keeps its rows and says so, and an export would write what it shows.
  await expect(app.getByTestId('form-not-applied')).toHaveText('Filters not applied: press Enter or Search');
  await app.getByRole('button', { name: 'Export…' }).click();
  await expect(app.getByRole('dialog', { name: 'Export' }).getByTestId('export-note').first()).toHaveText(
    'The filters above were changed and not applied: the file holds what the table shows.',
  );
  await app.keyboard.press('Escape');
  sandbox.clearRequestLog();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByText(/31 days/).first()).toBeVisible();
  expect(sandbox.requestLog.filter((entry) => entry.path.includes('recordGroupQuery'))).toEqual([]);
  await app.screenshot({ path: 'test-results/screens/export-invalid-window.png' });
  await app.getByRole('button', { name: 'Reset filters' }).click();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('a finished export says what it saved in the words of the jobs area, without a stray space', async ({ app }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(app.getByTestId('pager-position')).toBeVisible({ timeout: 30_000 });
    await app.getByTestId('export-opener').click();
    const panel = app.getByRole('dialog', { name: '导出' });
    await panel.getByRole('radio', { name: /本页/ }).check();
    await panel.getByRole('radio', { name: /\.xlsx/ }).check();
    await panel.getByRole('button', { name: '导出', exact: true }).click();
    const outcome = app.getByTestId('export-outcome');
    await expect(outcome).toContainText('已将', { timeout: 30_000 });
    const file = (await outcome.locator('.path').textContent()) ?? '';
    expect(file).toMatch(/\.xlsx$/);
    await expect(outcome.locator('.saved')).toHaveText(new RegExp(`^已将 [\\d,]+ 行保存到 ${file.replaceAll('.', '\\.')}$`));
    await app.getByTestId('jobs-opener').click();
    await expect(app.getByTestId('jobs-panel')).toContainText((await outcome.locator('.saved').textContent()) ?? '');
  });
});
