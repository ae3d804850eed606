import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The sandbox profile reads and buckets times at the platform's +08:00. */
const ZONE_OFFSET = 8 * HOUR;

/** Yesterday's calls (in +08:00) by the seat of their task row, counted here from the sandbox's own data. */
function callsBySeat(sandbox: Sandbox, nowMs = Date.now()): Map<string, number> {
  const seatOf = new Map<string, string | null>();
  for (const taskId of sandbox.data.taskIds) {
    for (const { record } of sandbox.data.taskRows(taskId)) if (record.callId !== null) seatOf.set(record.callId, record.seatName);
  }
  const todayStart = Math.floor((nowMs + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET;
  const fromMs = todayStart - DAY;
  const range = sandbox.data.voiceRecordRange(fromMs, todayStart);
  const calls = new Map<string, number>();
  for (let i = range.first; i < range.end; i++) {
    const record = sandbox.data.voiceRecordAt(i);
    const at = Date.parse(record.submitTime);
    if (at < fromMs || at >= todayStart) continue;
    const seat = seatOf.get(record.voiceId) ?? 'No seat';
    calls.set(seat, (calls.get(seat) ?? 0) + 1);
  }
  return calls;
}

async function syncTask(app: Page, taskId: number): Promise<void> {
  await app.getByLabel('Task id (required)').fill(String(taskId));
  await syncList(app);
}

/** Syncs the list on show, as its filters stand, and waits for the job to end. */
async function syncList(app: Page): Promise<void> {
  const synced = app.getByTestId('job-completed').filter({ hasText: 'Synced' });
  const jobs = async (): Promise<void> => {
    if ((await app.getByRole('dialog', { name: 'Jobs' }).count()) === 0) await app.getByTestId('jobs-opener').click();
    await expect(app.getByRole('dialog', { name: 'Jobs' })).toBeVisible();
  };
  await jobs();
  const before = await synced.count();
  await app.getByRole('button', { name: 'Close jobs' }).click();
  await app.getByRole('button', { name: 'Sync', exact: true }).click();
  await jobs();
  await expect(synced).toHaveCount(before + 1, { timeout: 60_000 });
  await app.getByRole('button', { name: 'Close jobs' }).click();
}

test('calls by seat: empty until a task is synced, then counted as the sandbox’s rows, sorted, and a row opens exactly its calls', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  await app.keyboard.press('Control+0');
  await expect(app.getByTestId('figure-calls')).toBeVisible({ timeout: 120_000 });
  await expect(app.getByTestId('by-seat-empty')).toContainText('sync it');

  await app.getByRole('navigation', { name: 'Screens' }).locator('button[data-screen="task-details"]').click();
  await expect(app.getByRole('heading', { level: 1, name: 'Task details' })).toBeVisible();
  for (const taskId of sandbox.data.taskIds) await syncTask(app, taskId);

  await app.keyboard.press('Control+0');
  await app.getByRole('button', { name: 'Refresh' }).click();
  const table = app.getByTestId('chart-table-voice-by-seat');
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(app.getByTestId('chart-table-voice-by-team-leader')).toBeVisible();
  await expect(app.getByTestId('chart-voice-by-team-leader')).toContainText('counts under each of them');
  await expectNoAxeViolations(app, 'the Overview with calls by seat');

  const expected = callsBySeat(sandbox);
  expect(expected.size).toBeGreaterThan(1);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(expected.size);
  const callsOf = async (row: number): Promise<{ seat: string; calls: number }> => ({
    seat: (await rows.nth(row).locator('th').innerText()).trim(),
    calls: Number((await rows.nth(row).locator('td').first().innerText()).replaceAll(',', '')),
  });
  // Ranked by calls, each row the count of the raw rows.
  const shown = await Promise.all(Array.from({ length: expected.size }, (_, index) => callsOf(index)));
  expect(new Map(shown.map(({ seat, calls }) => [seat, calls]))).toEqual(expected);

  // Sorted by a header from the keyboard: fewest calls first.
  const callsHeader = table.getByRole('columnheader', { name: /^Calls/ });
  await callsHeader.getByRole('button').focus();
  await app.keyboard.press('Enter');
  await expect(callsHeader).toHaveAttribute('aria-sort', 'descending');
  await app.keyboard.press('Enter');
  await expect(callsHeader).toHaveAttribute('aria-sort', 'ascending');
  const fewest = await callsOf(0);
  expect(fewest.calls).toBe(Math.min(...expected.values()));

  // The busiest named seat's row, opened from the keyboard.
  const [seat, calls] = [...expected.entries()].filter(([name]) => name !== 'No seat').sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0];
  await table.locator('tbody th').getByRole('button', { name: seat, exact: true }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
  await expect(app.getByTestId('drill-chips')).toContainText(`Seat: ${seat}`);
  await expect(app.getByTestId('pager-total')).toHaveText(`${calls.toLocaleString('en')} records`);
});

test('seats by group: a row opens its seats under one chip that says the group as the row did, and taking it off takes the whole group', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  await app.keyboard.press('Control+4');
  await expect(app.getByRole('heading', { level: 1, name: 'Seats' })).toBeVisible();
  await syncList(app);

  await app.keyboard.press('Control+0');
  await app.getByRole('button', { name: 'Refresh' }).click();
  await app.getByRole('region', { name: 'Seats by group' }).getByRole('button', { name: 'Table' }).click();
  const table = app.getByTestId('chart-table-seats-by-group');
  await expect(table).toBeVisible({ timeout: 60_000 });
  const row = table.locator('tbody tr').first();
  const group = (await row.locator('th').innerText()).trim();
  const seats = Number((await row.locator('td').first().innerText()).replaceAll(',', ''));
  expect(seats).toBeGreaterThan(0);

  await row.locator('th').getByRole('button', { name: group, exact: true }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Seats' })).toBeVisible();
  const chips = app.getByTestId('drill-chips').locator('li');
  await expect(chips).toHaveCount(1);
  await expect(chips.locator('span')).toHaveText(`Seat group: ${group}`);
  await expect(app.getByTestId('pager-total')).toHaveText(`${seats.toLocaleString('en')} records`);

  await app.getByRole('button', { name: `Remove the filter Seat group: ${group}` }).click();
  await expect(app.getByTestId('drill-chips')).toHaveCount(0);
  await expect(app.getByTestId('pager-total')).toHaveText(`${sandbox.data.seats().length.toLocaleString('en')} records`);
});
