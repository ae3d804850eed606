/**
 * A day at the desk: a seeded walk through every screen, the way a supervisor uses the
 * app (shortcuts and clicks, paging, filters, page sizes, details, an export left running,
 * a seat-group edit, an MMS up to its review). After every step the list on show must be
 * exactly the sandbox's own page for the filters and the page the screen claims.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/main/sandbox';
import { expect, test } from './fixtures';
import {
  expectedPage,
  expectScreenShows,
  grid,
  LIST_SCREENS,
  windowParams,
  type ExpectedPage,
  type ListOperation,
  type ListScreenFacts,
} from './support/list-truth';

/** mulberry32: a small, well-known seeded generator, so a failing walk can be replayed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ListModel {
  page: number;
  size: number;
  /** Filters other than the record window (the window is read from the fields the screen shows). */
  params: Record<string, unknown>;
  last: ExpectedPage | null;
}

type Place = ListOperation | 'seatGroups' | 'mms';

const OTHER_SCREENS = {
  seatGroups: { id: 'seat-groups', title: 'Seat groups', shortcut: '6' },
  mms: { id: 'mms', title: 'MMS', shortcut: '9' },
} as const;

const SCREEN_IDS: Record<ListOperation, string> = {
  voiceRecords: 'voice-records',
  taskDetails: 'task-details',
  numberRecords: 'number-records',
  seats: 'seats',
  teamLeaders: 'team-leaders',
  numbers: 'numbers',
  axbBindings: 'axb-bindings',
};

const PAGE_SIZES = [5, 10, 25, 50, 100];
const STEPS = 50;

class Journey {
  readonly random: () => number;
  readonly lists = new Map<ListOperation, ListModel>();
  place: Place = 'voiceRecords';
  readonly log: string[] = [];
  private readonly groupsBefore = new Map<number, ReturnType<Sandbox['seatGroups']['get']>>();

  constructor(
    readonly app: Page,
    readonly sandbox: Sandbox,
    seed: number,
  ) {
    this.random = randomFrom(seed);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  get facts(): ListScreenFacts | null {
    return LIST_SCREENS.find((screen) => screen.operation === this.place) ?? null;
  }

  async go(place: Place): Promise<void> {
    const facts = LIST_SCREENS.find((screen) => screen.operation === place);
    const target = facts
      ? { id: SCREEN_IDS[facts.operation], title: facts.title, shortcut: facts.shortcut }
      : OTHER_SCREENS[place as 'seatGroups' | 'mms'];
    const byKey = this.chance(0.5);
    this.log.push(`go ${place} by ${byKey ? 'shortcut' : 'click'}`);
    if (byKey) await this.app.keyboard.press(`Control+${target.shortcut}`);
    else await this.app.getByRole('navigation', { name: 'Screens' }).locator(`button[data-screen="${target.id}"]`).click();
    await expect(this.app.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    this.place = place;
    if (facts && !this.lists.has(facts.operation)) await this.settle(facts);
  }

  /** The first visit: known filters and page size (preferences of earlier tests may linger). */
  private async settle(facts: ListScreenFacts): Promise<void> {
    const app = this.app;
    await app.getByRole('button', { name: 'Reset filters' }).click();
    const params: Record<string, unknown> = {};
    if (facts.operation === 'taskDetails') {
      const taskId = this.pick(this.sandbox.data.taskIds);
      await app.getByLabel('Task id (required)').fill(String(taskId));
      params.taskId = taskId;
    }
    await app.getByRole('button', { name: 'Search' }).click();
    await expect(app.getByTestId('pager-position')).toContainText('Page 1 of');
    this.lists.set(facts.operation, { page: 1, size: 25, params, last: null });
    await this.setSize(25);
  }

  private model(): ListModel {
    const facts = this.facts;
    const model = facts ? this.lists.get(facts.operation) : undefined;
    if (!model) throw new Error(`no list on ${this.place}`);
    return model;
  }

  private async setSize(size: number): Promise<void> {
    this.log.push(`size ${size}`);
    const input = this.app.getByLabel('Rows per page');
    await input.fill(String(size));
    await input.press('Enter');
    const model = this.model();
    if (model.size !== size) model.page = 1;
    model.size = size;
  }

  private async search(): Promise<void> {
    await this.app.getByRole('button', { name: 'Search' }).click();
    this.model().page = 1;
  }

  /** What the screen must show, straight from the sandbox. */
  async check(): Promise<void> {
    const facts = this.facts;
    if (!facts) return;
    const model = this.model();
    const windowed = facts.operation === 'voiceRecords' || facts.operation === 'numberRecords';
    const params = windowed ? { ...(await windowParams(this.app)), ...model.params } : model.params;
    const expected = await expectedPage(this.sandbox, facts.operation, params, model.page, model.size);
    await expectScreenShows(this.app, facts, expected, model.page);
    model.last = expected;
  }

  async page(): Promise<void> {
    const app = this.app;
    const model = this.model();
    const pages = Math.max(1, model.last?.pages ?? 1);
    const moves: [string, number, () => Promise<void>][] = [
      ['next', model.page + 1, () => app.getByRole('button', { name: 'Next ›' }).click()],
      ['previous', model.page - 1, () => app.getByRole('button', { name: '‹ Previous' }).click()],
      ['first', 1, () => app.getByRole('button', { name: '« First' }).click()],
      ['last', pages, () => app.getByRole('button', { name: 'Last »' }).click()],
      ['Alt+PageDown', model.page + 1, () => app.keyboard.press('Alt+PageDown')],
    ];
    const possible = moves.filter(([, target]) => target >= 1 && target <= pages && target !== model.page);
    if (possible.length === 0) return this.setSize(this.pick([5, 10]));
    const jump = 1 + Math.floor(this.random() * pages);
    if (this.chance(0.2) && jump !== model.page) {
      this.log.push(`go to page ${jump}`);
      await app.locator('#pager-jump').fill(String(jump));
      await app.locator('#pager-jump').press('Enter');
      model.page = jump;
      return;
    }
    const [name, target, act] = this.pick(possible);
    this.log.push(`page ${name}`);
    await act();
    model.page = target;
  }

  async filter(): Promise<void> {
    const app = this.app;
    const facts = this.facts;
    if (!facts) return;
    const model = this.model();
    switch (facts.operation) {
      case 'voiceRecords':
      case 'numberRecords': {
        const range = this.pick(['Today', 'Yesterday', 'Last 7 days']);
        this.log.push(`range ${range}`);
        await app.getByRole('button', { name: range, exact: true }).click();
        break;
      }
      case 'taskDetails': {
        const taskId = this.pick(this.sandbox.data.taskIds);
        const called = this.chance(0.5);
        this.log.push(`task ${taskId}${called ? ' called' : ''}`);
        await app.getByLabel('Task id (required)').fill(String(taskId));
        const box = app.getByLabel('called', { exact: true });
        if (called) await box.check();
        else await box.uncheck();
        model.params = called ? { taskId, statusList: [9] } : { taskId };
        break;
      }
      case 'seats': {
        const status = this.pick(['', '1', '2', '3']);
        const enable = this.pick(['', '0', '1']);
        this.log.push(`seats status ${status || 'any'} enable ${enable || 'any'}`);
        await app.getByLabel('Status', { exact: true }).selectOption(status);
        await app.getByLabel('Enabled', { exact: true }).selectOption(enable);
        model.params = {
          ...(status === '' ? {} : { status: Number(status) }),
          ...(enable === '' ? {} : { enable: Number(enable) }),
        };
        break;
      }
      case 'teamLeaders': {
        const enable = this.pick(['', '0', '1']);
        this.log.push(`leaders enable ${enable || 'any'}`);
        await app.getByLabel('Enabled', { exact: true }).selectOption(enable);
        model.params = enable === '' ? {} : { enable: Number(enable) };
        break;
      }
      case 'numbers':
      case 'axbBindings': {
        const appId = this.pick(['', ...this.sandbox.data.appIds]);
        this.log.push(`app id ${appId || 'any'}`);
        await app.getByLabel('App id', { exact: true }).fill(appId);
        model.params = appId === '' ? {} : { appId };
        break;
      }
    }
    await this.search();
  }

  async resize(): Promise<void> {
    await this.setSize(this.pick(PAGE_SIZES.filter((size) => size !== this.model().size)));
  }

  async details(): Promise<void> {
    const facts = this.facts;
    const ids = this.model().last?.ids ?? [];
    if (!facts || ids.length === 0) return;
    const index = Math.floor(this.random() * Math.min(5, ids.length));
    this.log.push(`details of row ${index}`);
    await grid(this.app).locator(`.body [role="row"][data-index="${index}"]:not([hidden])`).dblclick();
    const panel = this.app.getByTestId('detail-panel');
    await expect(panel).toContainText(ids[index].split(' ').pop() ?? '');
    if (this.chance(0.5)) {
      await this.app.keyboard.press('Escape');
      await expect(grid(this.app)).toBeFocused();
    } else await panel.getByRole('button', { name: 'Close details' }).click();
    await expect(panel).toHaveCount(0);
  }

  /** Finds one row of the page by its id with the quick search, then clears the search. */
  async quickSearch(): Promise<void> {
    const facts = this.facts;
    const ids = this.model().last?.ids ?? [];
    // Call ids are long and unique; a short seat or binding id could also be part of a phone number.
    const longIds = facts?.operation === 'voiceRecords' || facts?.operation === 'numberRecords';
    if (!longIds || ids.length === 0) return;
    const id = this.pick(ids);
    const matching = ids.filter((other) => other.includes(id));
    this.log.push(`quick search ${id}`);
    const search = this.app.getByLabel('Quick search');
    await search.fill(id);
    await expect(grid(this.app)).toHaveAttribute('aria-rowcount', String(matching.length + 1));
    await expect(grid(this.app).locator('.body [role="row"]:visible')).toHaveCount(matching.length);
    await search.fill('');
  }

  /** Starts an export of every matching record and walks away from it at once. */
  async exportAndLeave(): Promise<void> {
    const facts = this.facts;
    if (!facts) return;
    this.log.push('export, then leave');
    const app = this.app;
    const exportButton = app.getByRole('button', { name: 'Export…' });
    if (await exportButton.isDisabled()) {
      // This list's earlier export still runs: it is shown, and not offered twice.
      await expect(app.getByTestId('export-progress')).toBeVisible();
    } else {
      await exportButton.click();
      const panel = app.getByRole('dialog', { name: 'Export' });
      await panel.getByLabel('All matching records').check();
      await panel.getByLabel(/\.csv/).check();
      await panel.getByRole('button', { name: 'Export', exact: true }).click();
    }
    const elsewhere = this.pick(LIST_SCREENS.filter((screen) => screen.operation !== facts.operation));
    await this.go(elsewhere.operation);
    await this.check();
    await this.go(facts.operation);
    // Back on its screen, the export shows again: still running, or how it ended.
    await expect(app.getByTestId('export-progress').or(app.getByTestId('export-outcome'))).toBeVisible();
  }

  async editSeatGroup(): Promise<void> {
    const app = this.app;
    // The groups of this account's seats (the sandbox also holds another workspace's group).
    const own = new Set(this.sandbox.data.seats().map((seat) => seat.sipGroupId));
    const group = this.pick(this.sandbox.data.seatGroups().filter((candidate) => own.has(candidate.id)));
    if (!this.groupsBefore.has(group.id)) this.groupsBefore.set(group.id, this.sandbox.seatGroups.get(group.id));
    const before = this.sandbox.seatGroups.get(group.id);
    const wrapUp = before?.wrapUpTime === 30 ? 45 : 30;
    this.log.push(`seat group ${group.id}: wrap-up ${wrapUp}`);
    await app.getByLabel('Seat group id').fill(String(group.id));
    await app.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(app.getByTestId('seat-group-summary')).toContainText(`#${group.id}`);
    await app.getByLabel('Wrap-up time (seconds)', { exact: true }).fill(String(wrapUp));
    await app.getByRole('button', { name: 'Review and save…' }).click();
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.getByTestId('save-notice')).toContainText('holds what was sent');
    expect(this.sandbox.seatGroups.get(group.id)).toEqual({ ...before, wrapUpTime: wrapUp });
  }

  async composeMms(): Promise<void> {
    const app = this.app;
    const sentBefore = this.sandbox.mmsSent.length;
    const first = 8613800000000 + Math.floor(this.random() * 1000);
    this.log.push('compose an MMS up to its review');
    await app.locator('#mms-recipients').fill(`${first}\n${first + 1}\n${first + 2}`);
    await app.locator('#mms-content').fill('Journey check: not to be sent.');
    await app.getByTestId('mms-review').click();
    await expect(app.getByTestId('mms-confirm-count')).toHaveText('3');
    await app.getByTestId('mms-confirm').getByRole('button', { name: 'Cancel' }).click();
    await expect(app.getByTestId('mms-confirm')).toHaveCount(0);
    expect(this.sandbox.mmsSent.length, 'nothing was sent').toBe(sentBefore);
  }

  /** One step of the day, chosen by the seed. */
  async step(): Promise<void> {
    if (this.facts === null || this.chance(0.3)) {
      const places: Place[] = [...LIST_SCREENS.map((screen) => screen.operation), 'seatGroups', 'mms'];
      const place = this.pick(places.filter((p) => p !== this.place));
      await this.go(place);
      if (place === 'seatGroups') await this.editSeatGroup();
      if (place === 'mms') await this.composeMms();
      return;
    }
    const actions = [
      () => this.page(),
      () => this.page(),
      () => this.page(),
      () => this.filter(),
      () => this.resize(),
      () => this.details(),
      () => this.quickSearch(),
      () => this.exportAndLeave(),
    ];
    await this.pick(actions)();
  }

  restoreSeatGroups(): void {
    for (const [id, settings] of this.groupsBefore) if (settings) this.sandbox.seatGroups.set(id, settings);
  }
}

for (const seed of [1, 2, 3]) {
  test(`a day at the desk (seed ${seed}): every list shows the sandbox's page after every step`, async ({ app, sandbox }, testInfo) => {
    test.setTimeout(120_000);
    const journey = new Journey(app, sandbox, seed);
    try {
      await expect(app.getByRole('heading', { level: 1, name: 'Voice records' })).toBeVisible();
      await journey.go('voiceRecords');
      await journey.check();
      // Every screen at least once, then wherever the seed leads.
      for (const screen of LIST_SCREENS) {
        await journey.go(screen.operation);
        await journey.check();
      }
      for (let step = 0; step < STEPS; step++) {
        await journey.step();
        await journey.check();
      }
    } finally {
      // The walk, to replay a failure by hand.
      await testInfo.attach('steps', { body: journey.log.join('\n'), contentType: 'text/plain' });
      journey.restoreSeatGroups();
    }
  });
}
