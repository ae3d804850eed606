import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { parseCsv } from '../support/csv';
import { startHarness } from '../../src/main/browser-host/server';
import { createLogger } from '../../src/main/log';
import type { Sandbox, SentMms } from '../../src/main/sandbox';
import { MMS_TIMEOUT_ENV } from '../../src/main/handlers/mms-handlers';
import { expect, test } from './fixtures';

const SCREENS = 'test-results/screens';

async function openMms(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="mms"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'MMS' })).toBeVisible();
}

const mmsCalls = (sandbox: Sandbox): number => sandbox.requestLog.filter((entry) => entry.path === '/v3/mmsSend').length;

/** 2,345 entries: `unique` good numbers, 100 repeats (some written with a +) and 45 pieces of junk. */
function recipientsText(start: number, unique = 2200): { text: string; cleaned: string[] } {
  const cleaned = Array.from({ length: unique }, (_, i) => String(start + i));
  const entries: string[] = [...cleaned];
  for (let i = 0; i < 100; i++) entries.splice(50 + i * 20, 0, i % 2 === 0 ? cleaned[i * 7] : `+${cleaned[i * 7]}`);
  for (let i = 0; i < 15; i++) entries.splice(30 + i * 100, 0, `abc${i}`, '1234', '1234567890123456');
  expect(entries).toHaveLength(2345);
  const separators = [', ', '\n', ';', '\t', '\r\n', ' ; '];
  return { text: entries.map((entry, i) => entry + separators[i % separators.length]).join(''), cleaned };
}

async function compose(page: Page, recipients: string, content = 'Your order has shipped. Reply STOP to opt out.'): Promise<void> {
  await page.locator('#mms-recipients').fill(recipients);
  await page.locator('#mms-content').fill(content);
}

async function confirmSend(page: Page): Promise<void> {
  await page.getByTestId('mms-review').click();
  const confirm = page.getByTestId('mms-confirm-send');
  await expect(confirm).toBeVisible();
  // A double click still sends once: the button locks at the first.
  await confirm.dblclick();
}

test.describe.configure({ mode: 'serial' });

test('2,345 pasted recipients are cleaned, sent in three batches once each, and the results export', async ({ app, sandbox }) => {
  await openMms(app);
  await expect(app.locator('#mms-appid')).not.toHaveValue('');
  const sentBefore = sandbox.mmsSent.length;
  const callsBefore = mmsCalls(sandbox);
  const { text, cleaned } = recipientsText(8613800000000);
  await compose(app, text);

  await expect(app.getByTestId('mms-count-valid')).toHaveText('2,200');
  await expect(app.getByTestId('mms-count-entered')).toHaveText('2,345');
  await expect(app.getByTestId('mms-count-duplicates')).toHaveText('100');
  await expect(app.getByTestId('mms-count-invalid')).toHaveText('45');
  await expect(app.getByTestId('mms-count-batches')).toHaveText('3');
  await app.getByText(/Entries set apart \(145\)/).click();
  const rejected = app.getByTestId('mms-rejected-list');
  await expect(rejected.getByText('has letters').first()).toBeVisible();
  await expect(rejected.getByText('too short').first()).toBeVisible();
  await expect(rejected.getByText('too long').first()).toBeVisible();
  // Only the rows in view are in the page.
  expect(await rejected.getByRole('listitem').count()).toBeLessThan(40);

  await app.getByTestId('mms-review').click();
  await expect(app.getByTestId('mms-confirm-profile')).toHaveText('Sandbox (demo)');
  await expect(app.getByTestId('mms-confirm-count')).toHaveText('2,200');
  await expect(app.getByTestId('mms-confirm-batches')).toHaveText('3 (1,000 + 1,000 + 200)');
  await expect(app.getByTestId('mms-confirm-preview')).toContainText('Your order has shipped');
  await app.screenshot({ path: `${SCREENS}/mms-confirm.png` });
  await app.getByTestId('mms-confirm-send').dblclick();

  await expect(app.getByTestId('mms-send-status')).toHaveText('All batches sent', { timeout: 20_000 });
  await expect(app.getByTestId('mms-total-accepted')).toHaveText('2,200');
  for (const batch of [1, 2, 3]) await expect(app.getByTestId(`mms-batch-${batch}`)).toHaveAttribute('data-status', 'sent');
  const sent = sandbox.mmsSent.slice(sentBefore);
  expect(sent.map((message) => message.number)).toEqual(cleaned);
  expect(new Set(sent.map((message) => message.number)).size).toBe(cleaned.length);
  expect(mmsCalls(sandbox) - callsBefore).toBe(3);
  await app.getByTestId('mms-results').scrollIntoViewIfNeeded();
  await app.screenshot({ path: `${SCREENS}/mms-results.png` });

  // Export both ways and read them back.
  const msgIds = new Map(sent.map((message) => [message.number, message.msgId]));
  await app.getByTestId('mms-export-xlsx').click();
  const xlsxPath = (await app.getByTestId('mms-export-saved').textContent())?.replace('Saved to ', '') ?? '';
  expect(xlsxPath).toMatch(/\.xlsx$/);
  const book = XLSX.read(readFileSync(xlsxPath), { type: 'buffer' });
  const sheetRows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
  expect(sheetRows[0]).toEqual(['Number', 'Batch', 'Result', 'Message id', 'Detail']);
  expect(sheetRows.slice(1).map((row) => row[0])).toEqual(cleaned);
  expect(sheetRows.slice(1).every((row) => row[2] === 'Accepted' && row[3] === msgIds.get(row[0]))).toBe(true);
  // In the browser the file is offered as a download; a second export of the same send takes a free name.
  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('mms-export-download').click()]);
  expect(readFileSync(await download.path())).toEqual(readFileSync(xlsxPath));
  await app.getByTestId('mms-export-xlsx').click();
  await expect(app.getByTestId('mms-export-saved')).toContainText(' (2).xlsx');
  expect(readFileSync(xlsxPath).length).toBeGreaterThan(0);

  await app.getByTestId('mms-export-csv').click();
  await expect(app.getByTestId('mms-export-saved')).toContainText('.csv');
  const csvPath = (await app.getByTestId('mms-export-saved').textContent())?.replace('Saved to ', '') ?? '';
  const csv = readFileSync(csvPath, 'utf8');
  // The record exports' CSV encoder: text quoted, numbers not.
  expect(csv.startsWith('\uFEFF"Number","Batch","Result","Message id","Detail"\r\n')).toBe(true);
  const csvRows = parseCsv(csv.slice(1)).rows.slice(1);
  expect(csvRows).toHaveLength(2200);
  expect(csvRows.map((row) => row[0])).toEqual(cleaned);
  expect(csvRows.every((row) => row[3] === msgIds.get(row[0]))).toBe(true);
});

test('a timeout on the second batch shows "outcome unknown" and nothing is resent automatically', async ({ app, sandbox }) => {
  await openMms(app);
  const sentBefore = sandbox.mmsSent.length;
  const callsBefore = mmsCalls(sandbox);
  const { text, cleaned } = recipientsText(4477000000000);
  // The sandbox turns slow as soon as batch 1 is recorded, and the send waits only 2 s.
  const outbox = sandbox.mmsSent as SentMms[];
  const push = outbox.push.bind(outbox);
  outbox.push = (...items: SentMms[]): number => {
    const length = push(...items);
    if (length === sentBefore + 1000) sandbox.setFaults({ latencyMs: 3500 });
    return length;
  };
  process.env[MMS_TIMEOUT_ENV] = '2000';
  try {
    await compose(app, text, 'Timeout check');
    await confirmSend(app);
    await expect(app.getByTestId('mms-batch-2')).toHaveAttribute('data-status', 'outcome-unknown', { timeout: 20_000 });
    await expect(app.getByTestId('mms-batch-2')).toContainText('Outcome unknown, check before resending');
    await expect(app.getByTestId('mms-batch-1')).toHaveAttribute('data-status', 'sent');
    await expect(app.getByTestId('mms-batch-3')).toHaveAttribute('data-status', 'not-sent');
    await expect(app.getByTestId('mms-send-status')).toHaveText('Needs attention');
    // Resending it takes a deliberate acknowledgement.
    await expect(app.getByTestId('mms-resend-batch-2')).toBeDisabled();
    await app.getByTestId('mms-batches').scrollIntoViewIfNeeded();
    await app.screenshot({ path: `${SCREENS}/mms-outcome-unknown.png` });

    // The slow request still lands once on the sandbox; nothing follows it.
    await expect.poll(() => sandbox.mmsSent.length - sentBefore, { timeout: 10_000 }).toBe(2000);
    sandbox.setFaults({ latencyMs: 0 });
    await app.waitForTimeout(1500);
    expect(mmsCalls(sandbox) - callsBefore).toBe(2);
    expect(sandbox.mmsSent.slice(sentBefore).map((message) => message.number)).toEqual(cleaned.slice(0, 2000));
  } finally {
    outbox.push = push;
    Reflect.deleteProperty(process.env, MMS_TIMEOUT_ENV);
    sandbox.setFaults({ latencyMs: 0 });
  }

  // The batch that was never sent goes out when the user asks, once.
  await app.getByTestId('mms-send-batch-3').click();
  await expect(app.getByTestId('mms-batch-3')).toHaveAttribute('data-status', 'sent');
  expect(mmsCalls(sandbox) - callsBefore).toBe(3);
  expect(sandbox.mmsSent.slice(sentBefore).map((message) => message.number)).toEqual(cleaned);
  await expect(app.getByTestId('mms-batch-2')).toHaveAttribute('data-status', 'outcome-unknown');
});

test('each limit of the spec is refused in the form before any request', async ({ app, sandbox }) => {
  await openMms(app);
  const callsBefore = mmsCalls(sandbox);
  await app.locator('#mms-appid').fill('');
  await app.locator('#mms-recipients').fill('abc, 123');
  await app.locator('#mms-content').fill('x'.repeat(1025));
  await expect(app.getByTestId('mms-content-count')).toContainText('1,025 / 1,024 characters');
  await expect(app.locator('#mms-content-error')).toContainText('at most 1024 characters');
  await app.locator('#mms-title').fill('t'.repeat(81));
  await expect(app.locator('#mms-title-error')).toContainText('at most 80 characters');
  await app.locator('#mms-files').fill('f1,f2,f3,f4');
  await expect(app.locator('#mms-files-error')).toContainText('At most 3 attachments');
  await app.getByTestId('mms-review').click();
  await expect(app.locator('#mms-appid-error')).toBeVisible();
  await expect(app.locator('#mms-recipients-error')).toContainText('None of the 2 entries');
  await expect(app.getByTestId('mms-confirm')).toHaveCount(0);

  await app.locator('#mms-content').fill('y'.repeat(161));
  await app.getByLabel(/2 — a random subject/).check();
  await expect(app.locator('#mms-content-error')).toContainText('must fit one message');
  await app.locator('#mms-recipients').fill(Array.from({ length: 5 }, (_, i) => String(5550000000 + i)).join('\n'));
  await app.locator('#mms-appid').fill('app-1');
  await app.locator('#mms-title').fill('');
  await app.locator('#mms-files').fill('f1,,f2');
  await expect(app.locator('#mms-files-error')).toContainText('empty');
  await app.getByTestId('mms-review').click();
  await expect(app.getByTestId('mms-confirm')).toHaveCount(0);
  await app.screenshot({ path: `${SCREENS}/mms-limits.png` });
  expect(mmsCalls(sandbox)).toBe(callsBefore);

  // Back within the limits, the same form goes to the confirmation.
  await app.locator('#mms-files').fill('f1, f2, f3');
  await app.locator('#mms-content').fill('y'.repeat(160));
  await app.getByTestId('mms-review').click();
  await expect(app.getByTestId('mms-confirm')).toBeVisible();
  await app.getByRole('button', { name: 'Cancel' }).click();
  expect(mmsCalls(sandbox)).toBe(callsBefore);
});

test('a malformed spreadsheet gives a clear message; a good one fills the recipients from the chosen column', async ({ app }) => {
  await openMms(app);
  await app.locator('#mms-recipients').fill('');
  const file = app.getByTestId('mms-import-file');
  await file.setInputFiles({ name: 'broken.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004 not really a workbook') });
  await expect(app.getByTestId('mms-import-error')).toContainText('could not be read');
  await file.setInputFiles({ name: 'numbers.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('just text') });
  await expect(app.getByTestId('mms-import-error')).toContainText('not an .xlsx workbook');
  await expect(app.locator('#mms-content')).toBeEditable();

  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([['Name', 'Phone'], ['Ann', 8613800000001], ['Bob', '+8613800000002'], ['Cy', 'n/a']]),
    'People',
  );
  await file.setInputFiles({ name: 'people.xlsx', mimeType: 'application/octet-stream', buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer });
  await expect(app.getByTestId('mms-import-pick')).toBeVisible();
  await expect(app.getByTestId('mms-import-error')).toHaveCount(0);
  await expect(app.locator('#mms-import-column')).toHaveValue('1');
  await app.getByRole('button', { name: 'Add to recipients' }).click();
  await expect(app.locator('#mms-recipients')).toHaveValue('8613800000001\n+8613800000002\nn/a');
  await expect(app.getByTestId('mms-count-valid')).toHaveText('2');
  await expect(app.getByTestId('mms-count-invalid')).toHaveText('1');
  await app.screenshot({ path: `${SCREENS}/mms-import.png` });
});

test('the history survives a restart of the app services', async ({ page }) => {
  test.setTimeout(60_000);
  const userDataDir = mkdtempSync(join(tmpdir(), 'switchboard-mms-restart-'));
  mkdirSync(SCREENS, { recursive: true });
  const options = {
    rendererDir: resolve(process.env.SWITCHBOARD_RENDERER_DIR ?? resolve(__dirname, '../../out/renderer')),
    userDataDir,
    log: createLogger({ console: false }),
  };
  const first = await startHarness(options);
  try {
    await page.goto(first.url);
    await openMms(page);
    await compose(page, '123456789, 234567891, 345678912', 'Before the restart');
    await confirmSend(page);
    await expect(page.getByTestId('mms-send-status')).toHaveText('All batches sent');
  } finally {
    await first.close();
  }

  const second = await startHarness(options);
  try {
    await page.goto(second.url);
    await openMms(page);
    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.getByTestId('mms-history-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Before the restart');
    await row.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('mms-total-accepted')).toHaveText('3');
    await expect(page.getByTestId('mms-number-table')).toContainText('234567891');
    await page.screenshot({ path: `${SCREENS}/mms-history.png` });
  } finally {
    await second.close();
  }
});
