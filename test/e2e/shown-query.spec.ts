/**
 * What a supervisor sees is what they export: filters and search from the archive find the
 * rows whose shown words match (a label, a currency, a key pressed as a number), the file
 * of "all matching" and of "this page" holds exactly the table's rows in its order and
 * columns, a changed form says it is not applied, a filter that matches nothing keeps its
 * field and offers to clear it, and a finished sync shows in the archive view at once.
 */
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Page } from '@playwright/test';
import { planColumnFilters, rowPredicate } from '../../src/shared/column-filter';
import { listOf } from '../../src/shared/operations';
import type { VoiceRecord } from '../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../src/shared/time-zone';
import { exportedCsvRows } from '../support/csv';
import { exportAs } from './export-steps';
import { expect, test } from './fixtures';
import { grid, windowParams } from './support/list-truth';
import type { Harness } from '../../src/main/browser-host/server';
import type { Sandbox } from '../../src/main/sandbox';
import type { JobInfo } from '../../src/shared/methods/jobs';
import type { Result } from '../../src/shared/result';

const zone = parseTimeZone('+08:00') as TimeZone;

test.describe.configure({ mode: 'serial' });

/** The voice records the sandbox holds in the window on screen, as the app reads them. */
async function voiceInWindow(app: Page, sandbox: Sandbox): Promise<VoiceRecord[]> {
  const { strTime, endTime } = await windowParams(app);
  const range = sandbox.data.voiceRecordRange(Date.parse(strTime), Date.parse(endTime));
  const list = listOf('voiceRecords');
  return Array.from({ length: range.end - range.first }, (_, i) =>
    list.toRow(
      list.normalise(sandbox.data.voiceRecordAt(range.first + i) as unknown as Record<string, unknown>, {
        zone,
      }),
    ),
  );
}

/** The rows the query's column filters and search keep, by the app's own rule. */
function shownBy(
  records: readonly VoiceRecord[],
  contains: { field: string; text: string }[],
  search: string,
): VoiceRecord[] {
  const { columns } = listOf('voiceRecords');
  const planned = planColumnFilters(columns, contains);
  if (!planned.ok) throw new Error(planned.message);
  const keep = rowPredicate(columns, planned.plans, search, zone);
  return keep ? records.filter(keep) : [...records];
}

/** The texts of one column's cells in every row on show, scrolling the table so each is drawn. */
async function columnTexts(app: Page, column: number): Promise<string[]> {
  const count = Number(await grid(app).getAttribute('aria-rowcount')) - 1;
  const texts: string[] = [];
  for (let index = 0; index < count; index++) {
    await grid(app).evaluate((viewport, row) => {
      viewport.scrollTop = row * 28;
      viewport.dispatchEvent(new Event('scroll'));
    }, index);
    const cell = grid(app)
      .locator(`.body [role="row"][data-index="${index}"]:not([hidden]) [role="gridcell"]`)
      .nth(column);
    await expect(cell).toBeVisible();
    texts.push((await cell.textContent())?.trim() ?? '');
  }
  return texts;
}

/** The first cell of every row on show. */
function firstCells(app: Page): Promise<string[]> {
  return columnTexts(app, 0);
}

/** The path of the file the export just saved (the outcome dismissed). */
async function savedPath(app: Page): Promise<string> {
  const outcome = app.getByTestId('export-outcome');
  await expect(outcome).toContainText('Saved', { timeout: 60_000 });
  const path = await outcome.locator('.path').getAttribute('title');
  if (!path) throw new Error('no path shown');
  await app.getByRole('button', { name: 'Dismiss' }).click();
  return path;
}

/** The voice ids of a Parquet file, in its order. */
async function parquetIds(path: string): Promise<string[]> {
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  try {
    const read = await connection.runAndReadAll(
      `SELECT voiceId FROM read_parquet('${path.replaceAll("'", "''")}')`,
    );
    return read.getRowsJS().map((row) => String(row[0]));
  } finally {
    connection.closeSync();
    db.closeSync();
  }
}

async function savedCsv(app: Page): Promise<string[][]> {
  return exportedCsvRows(readFileSync(await savedPath(app), 'utf8'));
}

/** Presses this screen's Sync and waits until that sync (not an earlier one) has completed. */
async function syncHere(app: Page, harness: Harness): Promise<void> {
  const completed = async (): Promise<number> => {
    const listed = (await harness.services.dispatch('listJobs', undefined)) as Result<JobInfo[]>;
    return listed.ok
      ? listed.value.filter((job) => job.kind === 'sync' && job.state === 'completed').length
      : 0;
  };
  const before = await completed();
  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect.poll(completed, { timeout: 150_000 }).toBe(before + 1);
}

const filterOf = (app: Page, header: string) =>
  grid(app).getByRole('searchbox', { name: `Filter ${header}` });

test('from the archive, filters match the shown words, and the file of all matching rows and of this page is the table', async ({
  app,
  sandbox,
  harness,
}) => {
  test.setTimeout(240_000);
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByTestId('pager-total')).toBeVisible();
  await syncHere(app, harness);
  await app.getByRole('button', { name: 'From the archive' }).click();
  await expect(app.getByTestId('archive-synced')).toHaveText(/^Last synced \d{4}-\d\d-\d\d \d\d:\d\d$/);
  const records = await voiceInWindow(app, sandbox);
  await expect(app.getByTestId('pager-total')).toHaveText(`${records.length.toLocaleString('en')} records`);

  // A label, a key pressed as a number (1 is not -1), a currency as the table shows it.
  const counted = async (header: string, text: string, expected: number): Promise<void> => {
    await filterOf(app, header).fill(text);
    await expect(app.getByTestId('pager-total')).toHaveText(`${expected.toLocaleString('en')} records`);
    await filterOf(app, header).fill('');
  };
  const connected = records.filter((record) => record.callStatus === 50).length;
  expect(connected).toBeGreaterThan(0);
  await counted('Call status', 'connected', connected);
  const keyOne = records.filter((record) => record.feedbackValue === '1').length;
  expect(keyOne).toBeGreaterThan(0);
  expect(records.filter((record) => record.feedbackValue === '-1').length).toBeGreaterThan(keyOne);
  await counted('Key pressed', '1', keyOne);
  const currency = records.find((record) => record.currency)?.currency ?? 'USD';
  await counted(
    'Cost',
    currency,
    records.filter((record) => record.cost !== null && (record.currency || 'USD') === currency).length,
  );
  await expect(app.getByTestId('pager-total')).toHaveText(`${records.length.toLocaleString('en')} records`);

  // A status and a search together, sorted by duration: the count says how many of the window's rows.
  const contains = [{ field: 'callStatus', text: 'connected' }];
  await filterOf(app, 'Call status').fill('connected');
  await app.getByLabel('Quick search').fill('usd');
  const expected = shownBy(records, contains, 'usd');
  expect(expected.length).toBeGreaterThan(25);
  await expect(app.getByTestId('pager-total')).toHaveText(`${expected.length.toLocaleString('en')} records`);
  await expect(app.getByTestId('match-count')).toHaveText(
    `${expected.length.toLocaleString('en')} of ${records.length.toLocaleString('en')} match`,
  );
  await grid(app).getByRole('button', { name: 'Duration', exact: true }).click();
  await grid(app).getByRole('button', { name: 'Duration', exact: true }).click();
  await expect(grid(app).getByRole('columnheader').filter({ hasText: 'Duration' }).first()).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(app.locator('.table-wrap.stale')).toHaveCount(0);
  const firstPage = await firstCells(app);

  await exportAs(app, 'All matching records', /\.csv/);
  const [header, ...all] = await savedCsv(app);
  const visible = listOf('voiceRecords').columns.filter((column) => column.visible);
  expect(header[0]).toBe('Voice id');
  expect(header).toContain('Call status (label)');
  expect(header).not.toContain('Answered');
  expect(header.filter((name) => !name.endsWith('(label)') && !name.endsWith(' currency'))).toHaveLength(
    visible.length,
  );
  expect(all).toHaveLength(expected.length);
  expect(new Set(all.map((row) => row[0]))).toEqual(new Set(expected.map((record) => record.voiceId)));
  expect(all.slice(0, 25).map((row) => row[0])).toEqual(firstPage);
  const durations = all.map((row) => Number(row[header.indexOf('Duration (s)')]));
  expect(durations).toEqual([...durations].sort((a, b) => b - a));

  await app.getByRole('button', { name: 'Next ›' }).click();
  await expect(app.getByTestId('pager-position')).toContainText('Page 2 of');
  await expect(app.locator('.table-wrap.stale')).toHaveCount(0);
  const secondPage = await firstCells(app);
  expect(secondPage).toEqual(all.slice(25, 50).map((row) => row[0]));
  await exportAs(app, 'This page', /\.csv/);
  const [, ...page] = await savedCsv(app);
  expect(page.map((row) => row[0])).toEqual(secondPage);

  // Parquet: every matching row in the table's order, every column typed; its page and column choices are off.
  await app.getByRole('button', { name: 'Export…' }).click();
  const panel = app.getByRole('dialog', { name: 'Export' });
  await panel.getByLabel(/\.parquet/).check();
  await expect(panel.getByLabel('This page')).toBeDisabled();
  await expect(panel.getByLabel(/All matching records/)).toBeChecked();
  await expect(panel.getByTestId('export-note')).toContainText(['every column, typed']);
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  const parquet = await savedPath(app);
  expect(parquet.endsWith('.parquet')).toBe(true);
  expect(await parquetIds(parquet)).toEqual(all.map((row) => row[0]));

  await app.getByRole('button', { name: 'Clear column filters (1)' }).click();
  await app.getByLabel('Quick search').fill('');
  await app.getByRole('button', { name: 'From the platform' }).click();
});

test('a filter that matches nothing keeps its field, says "0 of N match" and clears where it was typed', async ({
  app,
}) => {
  await app.keyboard.press('Control+4');
  await expect(app.getByRole('heading', { level: 1, name: 'Seats' })).toBeVisible();
  await expect(grid(app)).toBeVisible();
  const filter = filterOf(app, 'Name');
  await filter.fill('no seat is called this');
  await expect(app.getByTestId('no-match')).toContainText('0 of 25 on this page match');
  await expect(filter).toBeVisible();
  await expect(filter).toHaveValue('no seat is called this');
  await app.screenshot({ path: 'test-results/screens/list-no-match.png' });
  await filter.fill('');
  await app.getByLabel('Quick search').fill('zzzz-nothing');
  await expect(app.getByTestId('no-match')).toContainText('0 of 25 on this page match');
  await filterOf(app, 'Status').fill('idle');
  await app.getByTestId('no-match').getByRole('button', { name: 'Clear filters' }).click();
  await expect(app.getByTestId('no-match')).toHaveCount(0);
  await expect(filterOf(app, 'Status')).toHaveValue('');
  await expect(app.getByLabel('Quick search')).toHaveValue('');
  await expect(grid(app)).toHaveAttribute('aria-rowcount', '26');
});

test('a quick range or Reset that is not applied yet is said beside the pager until Enter applies it', async ({
  app,
  sandbox,
}) => {
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  const hint = app.getByTestId('form-not-applied');
  await expect(app.getByTestId('pager-total')).toBeVisible();
  await expect(hint).toHaveCount(0);
  const week = await app.getByTestId('pager-total').textContent();
  await app.getByRole('button', { name: 'Yesterday', exact: true }).click();
  await expect(hint).toHaveText('Filters not applied: press Enter or Search');
  await expect(app.getByTestId('pager-total')).toHaveText(week ?? '');
  await app.getByRole('button', { name: 'Export…' }).click();
  await app.screenshot({ path: 'test-results/screens/list-not-applied.png' });
  await app.keyboard.press('Escape');
  await app.locator('#range-from').press('Enter');
  await expect(hint).toHaveCount(0);
  const { strTime, endTime } = await windowParams(app);
  const range = sandbox.data.voiceRecordRange(Date.parse(strTime), Date.parse(endTime));
  await expect(app.getByTestId('pager-total')).toHaveText(
    `${(range.end - range.first).toLocaleString('en')} records`,
  );
  await app.getByRole('button', { name: 'Reset filters' }).click();
  await expect(hint).toBeVisible();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(hint).toHaveCount(0);
});

test('the archive view follows a sync: its rows and "Last synced" change when it ends, "Never synced" before', async ({
  app,
  sandbox,
  harness,
}) => {
  test.setTimeout(180_000);
  await app.keyboard.press('Control+8');
  await expect(app.getByRole('heading', { level: 1, name: 'AXB bindings' })).toBeVisible();
  // Every page fetched from the platform is kept in the archive before it is shown: once this
  // one is shown, a new archive holds nothing of this list and has surely never synced it.
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await harness.services.dispatch('deleteArchive', { profileId: 'sandbox' });
  await app.getByRole('button', { name: 'From the archive' }).click();
  await expect(app.getByTestId('archive-synced')).toHaveText('Never synced: only the pages viewed so far are kept. Sync to keep the whole list.');
  await expect(app.getByTestId('list-empty')).toBeVisible();
  await syncHere(app, harness);
  const bindings = sandbox.data.axbBindings().length;
  await expect(app.getByTestId('pager-total')).toHaveText(`${bindings.toLocaleString('en')} records`);
  await expect(app.getByTestId('archive-synced')).toHaveText(/^Last synced \d{4}-\d\d-\d\d \d\d:\d\d$/);
  await app.getByRole('button', { name: 'From the platform' }).click();
});

/** The texts of the column headed `header` in every row on show. */
async function cellsOf(app: Page, header: string): Promise<string[]> {
  const headers = await grid(app)
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((cell) => cell.querySelector('.sort span')?.textContent?.trim() ?? ''));
  const column = headers.indexOf(header);
  expect(column, `a ${header} column`).toBeGreaterThanOrEqual(0);
  return columnTexts(app, column);
}

test('a column filter that cannot apply is refused at its field; the others still narrow the page and Load all, and Export waits for it', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await app.getByRole('button', { name: 'Last 7 days' }).click();
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
  await expect(app.locator('.table-wrap.stale')).toHaveCount(0);
  const statuses = await cellsOf(app, 'Call status');
  expect(statuses).toHaveLength(25);
  const connected = statuses.filter((status) => status === 'connected (50)').length;
  expect(connected, 'the page has connected calls').toBeGreaterThan(0);
  expect(connected, 'and others').toBeLessThan(25);
  const narrowed = `${connected} of 25 on this page match`;

  await filterOf(app, 'Call status').fill('50');
  await expect(app.getByTestId('match-count')).toHaveText(narrowed);

  // Words under the duration: refused at that field, the status filter still applies.
  const duration = filterOf(app, 'Duration');
  await duration.fill('abc');
  const problem = app.getByTestId('filter-problem');
  await expect(problem).toContainText('Duration holds numbers');
  await expect(problem).toContainText('"abc"');
  await expect(duration).toHaveAttribute('aria-invalid', 'true');
  await expect(duration).toHaveAccessibleDescription(/Duration holds numbers.*"abc"/);
  await expect(filterOf(app, 'Call status')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByRole('button', { name: 'Clear column filters (2)' })).toBeVisible();
  await expect(app.getByTestId('match-count')).toHaveText(narrowed);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', String(connected + 1));
  expect(new Set(await cellsOf(app, 'Call status'))).toEqual(new Set(['connected (50)']));
  await duration.fill('>= abc');
  await expect(problem).toContainText('">= abc"');
  await expect(app.getByTestId('match-count')).toHaveText(narrowed);

  // Export says why it waits, and starts nothing (an earlier test's outcome put away first).
  const earlier = app.getByTestId('export-outcome');
  if ((await earlier.count()) > 0) await earlier.getByRole('button', { name: 'Dismiss' }).click();
  await app.getByRole('button', { name: 'Export…' }).click();
  const panel = app.getByRole('dialog', { name: 'Export' });
  await expect(panel.getByTestId('export-refused')).toContainText('Not exported while a column filter cannot apply');
  await expect(panel.getByTestId('export-refused')).toContainText('">= abc"');
  const exportButton = panel.getByRole('button', { name: 'Export', exact: true });
  await expect(exportButton).toBeDisabled();
  await expect(exportButton).toHaveAccessibleDescription(/Not exported while a column filter cannot apply/);
  await app.screenshot({ path: 'test-results/screens/list-filter-refused.png' });
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('export-progress')).toHaveCount(0);
  await expect(app.getByTestId('export-outcome')).toHaveCount(0);

  // Load all takes the same filters: every connected call of the window, the duration filter left out.
  await app.getByRole('button', { name: 'Load all' }).click();
  await expect(app.getByTestId('load-all-outcome')).toContainText('rows loaded', { timeout: 60_000 });
  const records = await voiceInWindow(app, sandbox);
  const status = [{ field: 'callStatus', text: '50' }];
  const loaded = (shown: number): string => `${shown.toLocaleString('en')} of ${records.length.toLocaleString('en')} loaded match`;
  await expect(app.getByTestId('match-count')).toHaveText(loaded(shownBy(records, status, '').length));

  // Fixed, it applies too, and Export is offered again.
  await duration.fill('>= 60');
  await expect(problem).toHaveCount(0);
  await expect(duration).not.toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByTestId('match-count')).toHaveText(
    loaded(shownBy(records, [...status, { field: 'callDuration', text: '>= 60' }], '').length),
  );
  await app.getByRole('button', { name: 'Export…' }).click();
  await expect(panel.getByTestId('export-refused')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
  await app.keyboard.press('Escape');
  await app.getByRole('button', { name: 'Back to pages' }).click();
  await app.getByRole('button', { name: 'Clear column filters (2)' }).click();
});
