/**
 * What a list screen must show, taken from the sandbox's own answers (signed by the
 * independent test client, not the app's), and what the screen does show.
 */
import type { Locator, Page } from '@playwright/test';
import { PATHS, page as sandboxPage, type Target } from '../../unit/sandbox/signed-client';
import { parseTimeZone, formatIsoInZone, parseWallTimeText, wallTimeToEpochMs } from '../../../src/shared/time-zone';
import { expect } from '../fixtures';

export type ListOperation = 'voiceRecords' | 'taskDetails' | 'numberRecords' | 'seats' | 'teamLeaders' | 'numbers' | 'axbBindings';

export interface ListScreenFacts {
  operation: ListOperation;
  title: string;
  /** Ctrl+digit that opens it. */
  shortcut: string;
  /** The texts of the leading id cells (the default columns' first ones) of a served record. */
  idOf: (record: Record<string, unknown>) => string;
  /** How many leading cells make the id (task rows share their task id, so the called number joins it). */
  idCells: number;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export const LIST_SCREENS: readonly ListScreenFacts[] = [
  { operation: 'voiceRecords', title: 'Voice records', shortcut: '1', idOf: (r) => text(r.voiceId), idCells: 1 },
  { operation: 'taskDetails', title: 'Task details', shortcut: '2', idOf: (r) => `${text(r.keyId)} ${text(r.called)}`, idCells: 2 },
  { operation: 'numberRecords', title: 'Number records', shortcut: '3', idOf: (r) => text(r.callid), idCells: 1 },
  { operation: 'seats', title: 'Seats', shortcut: '4', idOf: (r) => text(r.keyId), idCells: 1 },
  { operation: 'teamLeaders', title: 'Team leaders', shortcut: '5', idOf: (r) => text(r.keyId), idCells: 1 },
  { operation: 'numbers', title: 'Numbers', shortcut: '7', idOf: (r) => text(r.number), idCells: 1 },
  { operation: 'axbBindings', title: 'AXB bindings', shortcut: '8', idOf: (r) => text(r.bindId), idCells: 1 },
];

export function factsOf(operation: ListOperation): ListScreenFacts {
  const facts = LIST_SCREENS.find((screen) => screen.operation === operation);
  if (!facts) throw new Error(`no list screen for ${operation}`);
  return facts;
}

export interface ExpectedPage {
  total: number;
  pages: number;
  ids: string[];
}

/** The page the sandbox serves for these params (its own record of the data, not the app's). */
export async function expectedPage(
  target: Target,
  operation: ListOperation,
  params: Record<string, unknown>,
  current: number,
  size: number,
): Promise<ExpectedPage> {
  const served = await sandboxPage<Record<string, unknown>>(target, PATHS[operation], { current, size, params });
  const facts = factsOf(operation);
  return { total: served.total, pages: served.pages, ids: served.records.map((record) => facts.idOf(record)) };
}

/** A datetime-local value read in the zone the screen says it uses, as the platform's ISO text. */
export function isoOfField(value: string, zoneName: string): string {
  const zone = parseTimeZone(zoneName);
  const wall = parseWallTimeText(value.length === 16 ? `${value}:00` : value);
  if (!zone || !wall) throw new Error(`cannot read ${value} in ${zoneName}`);
  return formatIsoInZone(wallTimeToEpochMs(wall, zone), zone);
}

/** The record window a record screen's fields claim, as params. */
export async function windowParams(app: Page): Promise<{ strTime: string; endTime: string }> {
  const legend = (await app.locator('.time-range legend .muted').textContent()) ?? '';
  const zoneName = /\(times in (.+)\)/.exec(legend)?.[1];
  if (!zoneName) throw new Error(`no zone in "${legend}"`);
  return {
    strTime: isoOfField(await app.locator('#range-from').inputValue(), zoneName),
    endTime: isoOfField(await app.locator('#range-to').inputValue(), zoneName),
  };
}

export const grid = (app: Page): Locator => app.getByTestId('data-table');

async function idAt(app: Page, index: number, cells: number): Promise<string> {
  const row = grid(app).locator(`.body [role="row"][data-index="${index}"]:not([hidden])`);
  await expect(row).toHaveCount(1);
  const texts = await row.locator('[role="gridcell"]').evaluateAll(
    (elements, count) => elements.slice(0, count).map((element) => element.textContent ?? ''),
    cells,
  );
  return texts.join(' ');
}

/** Scrolls the table so a row is drawn (the table draws only the rows in view). */
async function scrollToRow(app: Page, index: number): Promise<void> {
  await grid(app).evaluate((viewport, row) => {
    viewport.scrollTop = row * 28;
    viewport.dispatchEvent(new Event('scroll'));
  }, index);
}

/**
 * Checks the screen against the sandbox: the pager's position and total, the row count,
 * and the first and last rows' ids. Retries while the screen settles.
 */
export async function expectScreenShows(app: Page, facts: ListScreenFacts, expected: ExpectedPage, current: number): Promise<void> {
  const last = Math.max(1, expected.pages);
  await expect(app.getByTestId('pager-position')).toHaveText(`Page ${current.toLocaleString('en')} of ${last.toLocaleString('en')}`);
  await expect(app.getByTestId('pager-total')).toHaveText(`${expected.total.toLocaleString('en')} records`);
  await expect(app.locator('.table-wrap.stale')).toHaveCount(0);
  if (expected.ids.length === 0) {
    await expect(app.getByTestId('list-empty')).toHaveText('No records match these filters.');
    return;
  }
  await expect(grid(app)).toHaveAttribute('aria-rowcount', String(expected.ids.length + 1));
  // The table draws from a pool of row elements: none beyond the rows may show.
  await expect.poll(() => grid(app).locator('.body [role="row"]:visible').count()).toBeLessThanOrEqual(expected.ids.length);
  await expect.poll(async () => {
    await scrollToRow(app, 0);
    return idAt(app, 0, facts.idCells);
  }).toBe(expected.ids[0]);
  const lastIndex = expected.ids.length - 1;
  await expect.poll(async () => {
    await scrollToRow(app, lastIndex);
    return idAt(app, lastIndex, facts.idCells);
  }).toBe(expected.ids[lastIndex]);
  await scrollToRow(app, 0);
}
