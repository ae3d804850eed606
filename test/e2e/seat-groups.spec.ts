import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import { holdAnswers } from './support/held-answer';
import { addProfile, deleteProfile } from './support/profiles';

type StoredGroup = NonNullable<ReturnType<Sandbox['seatGroups']['get']>>;

/** A known starting state for a group: what it held (to put back) and what it holds now. */
function prepare(sandbox: Sandbox, id: number, patch: Partial<StoredGroup>): { original: StoredGroup; prepared: StoredGroup } {
  const original = sandbox.seatGroups.get(id);
  if (!original) throw new Error(`no seat group ${id} in the sandbox`);
  sandbox.seatGroups.set(id, patch);
  const prepared = sandbox.seatGroups.get(id);
  if (!prepared) throw new Error(`no seat group ${id} in the sandbox`);
  return { original, prepared };
}

const KNOWN = {
  callinStrategy: 1,
  timeoutTransferSec: 30,
  callinAutoAnswerSec: 4,
  wrapUpTime: 20,
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  turnSeatRing: 'ring-classic.wav',
  labelName: ['VIP', 'Retail'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
} satisfies Partial<StoredGroup>;

const edits = (sandbox: Sandbox) => sandbox.requestLog.filter((entry) => entry.path.endsWith('/seatGroup/basicSetting'));

async function openGroup(app: Page, id: number): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /Seat groups/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Seat groups' })).toBeVisible();
  await app.getByLabel('Seat group id').fill(String(id));
  await app.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(app.getByTestId('seat-group-summary')).toContainText(`#${id}`);
}

test('change the strategy and the labels: the diff shows exactly those two, and the re-read matches', async ({ app, sandbox }) => {
  const { original, prepared } = prepare(sandbox, 103, KNOWN);
  try {
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /Seat groups/ }).click();
    // Picked from the groups found in the seat list.
    await app.getByLabel('Groups in your seat list').selectOption('103');
    const summary = app.getByTestId('seat-group-summary');
    await expect(summary).toContainText('allocate by idle time (1)');
    await expect(summary).toContainText('Singapore (SG_FS)');
    await expect(summary.locator('[data-field="displaySwitch"]')).toHaveText('on');
    await expect(summary.locator('[data-field="encryptNumber"]')).toHaveText('off');
    await expect(summary.getByRole('button', { name: 'Open ring-tone link ↗' })).toBeVisible();
    await expect(app.getByRole('switch', { name: 'Recordings in the call log' })).toHaveAttribute('aria-checked', 'true');
    await expect(app.getByRole('switch', { name: 'Number encryption' })).toHaveAttribute('aria-checked', 'false');
    await expect(app.getByTestId('label-count')).toHaveText('2 / 10');

    await app.getByLabel('Inbound strategy').selectOption('4');
    await app.getByRole('button', { name: 'Remove label Retail' }).click();
    await app.locator('#sg-labelName').fill('Gold');
    await app.locator('#sg-labelName').press('Enter');
    await expect(app.getByTestId('label-count')).toHaveText('2 / 10');
    await expect(app.getByTestId('change-count')).toHaveText('2 unsaved change(s)');

    sandbox.clearRequestLog();
    await app.getByRole('button', { name: 'Review and save…' }).click();
    const rows = app.getByTestId('review-changes').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-field', 'callinStrategy');
    await expect(rows.nth(0)).toContainText('allocate by idle time (1)');
    await expect(rows.nth(0)).toContainText('round-robin (4)');
    await expect(rows.nth(1)).toHaveAttribute('data-field', 'labelName');
    await expect(rows.nth(1)).toContainText('VIP, Retail');
    await expect(rows.nth(1)).toContainText('VIP, Gold');
    await app.screenshot({ path: 'test-results/screens/seat-groups-review.png' });
    expect(edits(sandbox)).toEqual([]);

    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.getByTestId('save-notice')).toContainText('Saved. Read back from the server: it holds what was sent.');
    expect(sandbox.seatGroups.get(103)).toEqual({ ...prepared, callinStrategy: 4, labelName: ['VIP', 'Gold'] });
    await expect(summary).toContainText('round-robin (4)');
    await expect(summary.locator('[data-field="labelName"]')).toHaveText('VIPGold');
    await expect(app.getByTestId('change-count')).toHaveText('No unsaved changes');
    expect(edits(sandbox)).toHaveLength(1);
    await app.screenshot({ path: 'test-results/screens/seat-groups.png', fullPage: true });
  } finally {
    sandbox.seatGroups.set(103, original);
  }
});

test('clearing timeoutIdle is explicit, clears it, and leaves every other field as it was', async ({ app, sandbox }) => {
  const { original, prepared } = prepare(sandbox, 102, KNOWN);
  try {
    await openGroup(app, 102);
    const idle = app.getByLabel('Timeouts before short break', { exact: true });
    await idle.fill('');
    await expect(app.locator('#sg-timeoutIdle-error')).toContainText('choose Clear');
    await app.getByRole('button', { name: 'Review and save…' }).click();
    await expect(app.getByTestId('review-dialog')).toHaveCount(0);
    await expect(idle).toBeFocused();

    await app.getByRole('button', { name: 'Clear Timeouts before short break' }).click();
    await expect(idle).toBeDisabled();
    await app.getByRole('button', { name: 'Review and save…' }).click();
    const rows = app.getByTestId('review-changes').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Timeouts before short break');
    await expect(rows.first()).toContainText('clears');
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.getByTestId('save-notice')).toContainText('holds what was sent');
    expect(sandbox.seatGroups.get(102)).toEqual({ ...prepared, timeoutIdle: null });
  } finally {
    sandbox.seatGroups.set(102, original);
  }
});

test('an eleventh label is refused in the form before any request; Esc cancels the review', async ({ app, sandbox }) => {
  const ten = Array.from({ length: 10 }, (_, i) => `Label ${i + 1}`);
  const { original } = prepare(sandbox, 104, { ...KNOWN, labelName: ten });
  try {
    await openGroup(app, 104);
    await expect(app.getByTestId('label-count')).toHaveText('10 / 10');
    sandbox.clearRequestLog();
    await app.locator('#sg-labelName').fill('Eleventh');
    await app.locator('#sg-labelName').press('Enter');
    await expect(app.getByTestId('label-editor')).toContainText('At most 10 labels are allowed');
    await expect(app.getByTestId('label-count')).toHaveText('10 / 10');
    await expect(app.locator('#sg-labelName')).toHaveValue('Eleventh');
    await app.screenshot({ path: 'test-results/screens/seat-groups-eleventh-label.png' });

    await app.getByRole('button', { name: 'Remove label Label 10' }).click();
    await app.getByRole('button', { name: 'Review and save…' }).click();
    await expect(app.getByTestId('review-dialog')).toBeVisible();
    await expect(app.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
    await app.keyboard.press('Escape');
    await expect(app.getByTestId('review-dialog')).toHaveCount(0);
    await expect(app.getByTestId('label-count')).toHaveText('9 / 10');

    // Loading another group asks before dropping the unsaved edit.
    await app.getByLabel('Seat group id').fill('101');
    await app.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(app.getByTestId('discard-confirm')).toContainText('1 unsaved change(s) to group #104');
    await app.getByRole('button', { name: 'Keep editing' }).click();
    await expect(app.getByLabel('Seat group id')).toHaveValue('104');
    await expect(app.getByTestId('label-count')).toHaveText('9 / 10');
    expect(sandbox.requestLog).toEqual([]);
    expect(sandbox.seatGroups.get(104)?.labelName).toEqual(ten);
  } finally {
    sandbox.seatGroups.set(104, original);
  }
});

test('a group of another workspace answers -63 at the group picker', async ({ app, sandbox }) => {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /Seat groups/ }).click();
  sandbox.clearRequestLog();
  await app.getByLabel('Seat group id').fill('901');
  await app.getByLabel('Seat group id').press('Enter');
  const error = app.locator('#group-id-error');
  await expect(error).toContainText('The seat group belongs to another workspace.');
  await expect(error).toContainText('Server said:');
  await expect(app.getByLabel('Seat group id')).toHaveAttribute('aria-invalid', 'true');
  expect(sandbox.requestLog.map((entry) => entry.status)).toContain('-63');
  await app.screenshot({ path: 'test-results/screens/seat-groups-workspace-mismatch.png' });
});

test('a change made behind the form\'s back is shown before overwriting', async ({ app, sandbox }) => {
  const { original, prepared } = prepare(sandbox, 105, KNOWN);
  try {
    await openGroup(app, 105);
    await app.getByLabel('Inbound strategy').selectOption('3');
    sandbox.seatGroups.set(105, { wrapUpTime: 45, labelName: ['Night'] });
    sandbox.clearRequestLog();

    await app.getByRole('button', { name: 'Review and save…' }).click();
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    const theirs = app.getByTestId('conflict-changes').locator('tbody tr');
    await expect(theirs).toHaveCount(2);
    await expect(theirs.nth(0)).toContainText('Wrap-up time (seconds)');
    await expect(theirs.nth(0)).toContainText('20');
    await expect(theirs.nth(0)).toContainText('45');
    await expect(theirs.nth(1)).toContainText('Night');
    await expect(app.getByTestId('conflict-mine')).toContainText('allocate by seat priority (3)');
    await app.screenshot({ path: 'test-results/screens/seat-groups-conflict.png' });
    expect(edits(sandbox)).toEqual([]);
    expect(sandbox.seatGroups.get(105)?.callinStrategy).toBe(1);

    // Keep their changes and put the strategy on top: the review now shows only the strategy.
    await app.getByRole('button', { name: 'Keep their changes, apply mine on top…' }).click();
    const rows = app.getByTestId('review-changes').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-field', 'callinStrategy');
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.getByTestId('save-notice')).toContainText('holds what was sent');
    expect(sandbox.seatGroups.get(105)).toEqual({
      ...prepared,
      callinStrategy: 3,
      wrapUpTime: 45,
      labelName: ['Night'],
    });

    // Overwriting: another change behind the form's back, then "Overwrite with my version".
    await app.getByLabel('Inbound strategy').selectOption('2');
    sandbox.seatGroups.set(105, { timeoutTransferSec: 12 });
    await app.getByRole('button', { name: 'Review and save…' }).click();
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.getByTestId('conflict-changes')).toContainText('12');
    await app.getByRole('button', { name: 'Overwrite with my version' }).click();
    await expect(app.getByTestId('save-notice')).toContainText('holds what was sent');
    expect(sandbox.seatGroups.get(105)).toMatchObject({ callinStrategy: 2, timeoutTransferSec: 30, wrapUpTime: 45 });
  } finally {
    sandbox.seatGroups.set(105, original);
  }
});

test('a save answered after another profile was chosen leaves that profile’s form empty', async ({ app, sandbox }) => {
  const other = await startSandbox({ seed: 5, volume: 'small', accounts: [{ apiKey: 'sg-other-key', apiSecret: 'Sg-Other-Secret-7b1e' }] });
  const { original, prepared } = prepare(sandbox, 103, KNOWN);
  try {
    await addProfile(app, { name: 'Group desk', baseUrl: other.baseUrl, apiKey: 'sg-other-key', apiSecret: 'Sg-Other-Secret-7b1e' });
    await app.getByTestId('profile-switcher').selectOption({ label: 'Sandbox (demo)' });
    await openGroup(app, 103);
    await app.getByLabel('Inbound strategy').selectOption('4');
    await app.getByRole('button', { name: 'Review and save…' }).click();
    const held = await holdAnswers(app, '**/rpc/saveSeatGroup');
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await app.getByTestId('profile-switcher').selectOption({ label: 'Group desk' });
    await expect(app.getByTestId('active-profile')).toContainText('Group desk');
    await expect(app.getByTestId('seat-group-summary')).toHaveCount(0);
    held.release();
    await expect.poll(() => held.answered()).toBe(true);
    await app.waitForTimeout(300);
    // The saved group is the sandbox profile's: nothing of it shows under the other profile.
    await expect(app.getByTestId('seat-group-summary')).toHaveCount(0);
    await expect(app.getByTestId('save-notice')).toHaveCount(0);
    expect(sandbox.seatGroups.get(103)).toEqual({ ...prepared, callinStrategy: 4 });
    // The other tests start from the sandbox profile, the only one.
    await deleteProfile(app, 'Group desk');
  } finally {
    sandbox.seatGroups.set(103, original);
    await other.close();
  }
});

test('unsaved edits wait for their profile: switching away and back shows them again, nothing sent', async ({ app, sandbox }) => {
  const other = await startSandbox({ seed: 5, volume: 'small', accounts: [{ apiKey: 'sg-back-key', apiSecret: 'Sg-Back-Secret-4c2d' }] });
  const { original } = prepare(sandbox, 103, KNOWN);
  const editsBefore = edits(sandbox).length;
  try {
    await addProfile(app, { name: 'Back desk', baseUrl: other.baseUrl, apiKey: 'sg-back-key', apiSecret: 'Sg-Back-Secret-4c2d' });
    await app.getByTestId('profile-switcher').selectOption({ label: 'Sandbox (demo)' });
    await openGroup(app, 103);
    await app.getByLabel('Inbound strategy').selectOption('4');
    await app.getByLabel('Wrap-up time (seconds)', { exact: true }).fill('45');
    await app.getByTestId('profile-switcher').selectOption({ label: 'Back desk' });
    await expect(app.getByTestId('active-profile')).toContainText('Back desk');
    await expect(app.getByTestId('seat-group-summary')).toHaveCount(0);
    await app.getByTestId('profile-switcher').selectOption({ label: 'Sandbox (demo)' });
    await expect(app.getByTestId('seat-group-summary')).toContainText('#103');
    await expect(app.getByLabel('Inbound strategy')).toHaveValue('4');
    await expect(app.getByLabel('Wrap-up time (seconds)', { exact: true })).toHaveValue('45');
    await expect(app.getByTestId('save-notice')).toContainText('unsaved edits to this group are back');
    expect(edits(sandbox).length).toBe(editsBefore);
    expect(sandbox.seatGroups.get(103)).toMatchObject({ callinStrategy: 1, wrapUpTime: 20 });
    // The other tests start from the sandbox profile, the only one.
    await deleteProfile(app, 'Back desk');
  } finally {
    sandbox.seatGroups.set(103, original);
    await other.close();
  }
});
