/**
 * The liveBoard method against the live sandbox (its clock frozen, so the truth is known):
 * the board counts what the sandbox serves, a refresh when nothing changed costs the voice
 * tail and the seat list's pages, and a threshold crossing notifies once, its recovery once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServices, valueOf, INERT_DESKTOP } from '../support/services';
import { DEFAULT_THRESHOLDS, type LiveThresholds } from '../../../src/shared/live/alerts';
import type { LiveBoard } from '../../../src/shared/live/board';
import type { Overview } from '../../../src/shared/reports/overview';
import { SEAT_STATUS_LABELS } from '../../../src/shared/platform';
import { SANDBOX_PROFILE_ID } from '../../../src/shared/profiles';
import { calendarOf } from '../../../src/shared/calendar';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const DAY = 86_400_000;
const ZONE = parseTimeZone('+08:00') as TimeZone;
const PATHS = { voice: '/v3/voice/recordGroupQuery', seats: '/v3/cc/seat/query', leaders: '/v3/cc/teamleader/query' };

describe('the liveBoard method', () => {
  const notified: string[] = [];
  const userDataDir = mkdtempSync(join(tmpdir(), 'live-board-'));
  const { services, call } = startTestServices({
    userDataDir,
    sandboxOptions: { volume: 'small', live: { callEveryMs: 10_000 } },
    desktop: { ...INERT_DESKTOP, notify: (title) => (notified.push(title), true) },
  });
  afterAll(() => services.close());
  const board = async (thresholds: LiveThresholds = DEFAULT_THRESHOLDS): Promise<LiveBoard> =>
    valueOf(await call<LiveBoard>('liveBoard', { thresholds, fetch: true }));

  it('counts what the sandbox serves, and a refresh when nothing changed asks for the tail and the seat pages only', async () => {
    const sandbox = await services.sandbox.instance();
    const frozen = Date.now() - 60_000;
    sandbox.data.live.setClock(frozen);
    const first = await board();
    expect(first.refresh.problem).toBeNull();
    expect(first.refresh.updatedAt).toBe(first.asOfMs);

    const seats = sandbox.data.seats(frozen);
    const truth = new Map<string, number>();
    for (const seat of seats) truth.set(seat.status, (truth.get(seat.status) ?? 0) + 1);
    expect(first.seats.total).toBe(seats.length);
    expect(first.seats.byStatus.map((entry) => [entry.label, entry.count])).toEqual(
      Object.entries(SEAT_STATUS_LABELS).map(([code, label]) => [label, truth.get(code) ?? 0]),
    );
    for (const group of first.seats.byGroup) {
      expect(group.total).toBe(seats.filter((seat) => seat.groupName === group.label).length);
    }
    const leader = sandbox.data.teamLeaders()[0];
    const led = first.seats.byLeader.find((row) => row.key === String(leader.keyId));
    expect(led?.total).toBe(seats.filter((seat) => leader.voiceGroupIdList.includes(seat.sipGroupId)).length);

    // Today's calls so far, connected among them, against the sandbox's own records.
    const calendar = calendarOf(ZONE);
    const todayStart = calendar.dayStartMs(calendar.dayOf(first.asOfMs));
    const count = (fromMs: number, toMs: number): { calls: number; connected: number } => {
      const range = sandbox.data.voiceRecordRange(fromMs, toMs - 1, frozen);
      let connected = 0;
      for (let i = range.first; i < range.end; i++) if (sandbox.data.voiceRecordAt(i, frozen).callStatus === 50) connected += 1;
      return { calls: range.end - range.first, connected };
    };
    const today = count(todayStart, first.asOfMs);
    expect(today.calls).toBeGreaterThan(0);
    expect({ calls: first.today.totals.calls, connected: first.today.totals.connected }).toEqual(today);
    const yesterday = count(todayStart - DAY, first.asOfMs - DAY);
    expect({ calls: first.yesterday.totals.calls, connected: first.yesterday.totals.connected }).toEqual(yesterday);
    const lastWeek = count(todayStart - 7 * DAY, first.asOfMs - 7 * DAY);
    expect(first.lastWeek.totals.calls).toBe(lastWeek.calls);
    expect(first.hours.reduce((sum, hour) => sum + hour.today.calls, 0)).toBe(today.calls);
    expect(first.last30.totals.calls).toBe(count(first.asOfMs - 30 * 60_000, first.asOfMs).calls);
    // The same figures as the Overview of the same window, cost per currency included.
    const overview = valueOf(await call<Overview>('overview', { fromMs: todayStart, toMs: first.asOfMs, syncFirst: false }));
    expect(first.today.totals).toEqual(overview.voice.totals);
    // The Overview's hours carry no cost (it counts faster without); the board's do, and they add up to the day's.
    const withoutCost = <T extends { cost: unknown }>({ cost: _cost, ...rest }: T): Omit<T, 'cost'> => rest;
    expect(first.hours.map((hour) => withoutCost(hour.today))).toEqual(
      overview.voice.byHour.filter((hour) => first.hours.some((shown) => shown.key === hour.key)).map(withoutCost),
    );
    expect(first.today.totals.cost.length).toBeGreaterThan(0);
    const hourCost = new Map<string, number>();
    for (const hour of first.hours) for (const { currency, amount } of hour.today.cost) hourCost.set(currency, (hourCost.get(currency) ?? 0) + amount);
    for (const { currency, amount } of first.today.totals.cost) expect(hourCost.get(currency)).toBeCloseTo(amount, 4);
    expect([...hourCost.keys()].sort()).toEqual(first.today.totals.cost.map((total) => total.currency));
    // Yesterday's hours carry its cost too, adding up to yesterday's until this time of day (in
    // a day's first minute there may be none yet, and then none is listed).
    const yesterdayCost = new Map<string, number>();
    for (const hour of first.hours) for (const { currency, amount } of hour.yesterday.cost) yesterdayCost.set(currency, (yesterdayCost.get(currency) ?? 0) + amount);
    for (const { currency, amount } of first.yesterday.totals.cost) expect(yesterdayCost.get(currency)).toBeCloseTo(amount, 4);
    expect([...yesterdayCost.keys()].sort()).toEqual(first.yesterday.totals.cost.map((total) => total.currency));

    sandbox.clearRequestLog();
    const second = await board();
    const asked = sandbox.requestLog.map((entry) => entry.path);
    const seatPages = Math.ceil(seats.length / 100);
    expect(asked.filter((path) => path === PATHS.seats)).toHaveLength(seatPages);
    expect(asked.filter((path) => path === PATHS.voice).length).toBeLessThanOrEqual(2);
    expect(asked).toHaveLength(asked.filter((path) => path === PATHS.voice).length + seatPages);
    expect(second.refresh.requests).toBe(asked.length);
    expect(second.today.totals.calls).toBe(today.calls);

    // The clock moves: new calls and new seat statuses arrive at the next refresh.
    const moved = frozen + 50_000;
    sandbox.data.live.setClock(moved);
    const third = await board();
    const range = sandbox.data.voiceRecordRange(todayStart, third.asOfMs - 1, moved);
    expect(third.today.totals.calls).toBe(range.end - range.first);
    expect(third.today.totals.calls).toBeGreaterThan(today.calls);
    expect(third.seats.byStatus.map((entry) => entry.count)).not.toEqual(first.seats.byStatus.map((entry) => entry.count));
  });

  it('a threshold crossing notifies once however many refreshes it lasts, and its recovery once more', async () => {
    const sandbox = await services.sandbox.instance();
    const busy = sandbox.data.seats().filter((seat) => seat.status === '3').length;
    notified.length = 0;
    const crossed = { ...DEFAULT_THRESHOLDS, connectRate: { amber: null, red: null }, busySeats: { amber: busy - 1, red: null } };
    const first = await board(crossed);
    expect(first.levels.busySeats).toBe('amber');
    expect(first.newAlerts.map((alert) => alert.title)).toEqual(['Amber: Busy seats']);
    expect(first.notifiedByDesktop).toBe(true);
    await board(crossed);
    await board(crossed);
    expect(notified).toEqual(['Amber: Busy seats']);
    const recovered = await board({ ...crossed, busySeats: { amber: busy + 5, red: null } });
    expect(recovered.levels.busySeats).toBe('ok');
    expect(notified).toEqual(['Amber: Busy seats', 'Recovered: Busy seats']);
    expect(recovered.alerts.slice(0, 2).map((alert) => alert.kind)).toEqual(['recovered', 'raised']);
  });

  it('-15 stops the refresh and says so; unreachable, the board shows the archive and keeps the last update time', async () => {
    const sandbox = await services.sandbox.instance();
    const before = await board();
    sandbox.setFaults({ rateLimitRate: 1 });
    try {
      const limited = await board();
      expect(limited.refresh.rateLimited).toBe(true);
      expect(limited.refresh.problem).toBe('The platform asked for fewer requests (-15): the board waits longer before the next refresh.');
      expect(limited.refresh.updatedAt).toBe(before.refresh.updatedAt);
      expect(limited.today.totals.calls).toBe(before.today.totals.calls);
      // Nothing arrived: the figures stay those of the last update, not the archive's gap read as a quiet spell.
      expect(limited.asOfMs).toBe(before.refresh.updatedAt);
      expect(limited.last30.toMs).toBe(before.refresh.updatedAt);
      expect(limited.yesterday.toMs).toBe(before.yesterday.toMs);
    } finally {
      sandbox.setFaults({ rateLimitRate: 0 });
    }
    await sandbox.offline();
    try {
      const offline = await board();
      expect(offline.refresh.offline).toBe(true);
      expect(offline.refresh.problem).toBe('The platform could not be reached: the board shows what the archive holds.');
      expect(offline.seats.total).toBe(before.seats.total);
      expect(offline.asOfMs).toBe(before.refresh.updatedAt);
      expect(offline.today).toEqual(before.today);
      expect(offline.last30).toEqual(before.last30);
    } finally {
      await sandbox.online();
    }
    expect((await board()).refresh.problem).toBeNull();
  });

  it('an archive closed under a refresh is told as unreadable, never as an internal error', async () => {
    const store = await services.archives.store(SANDBOX_PROFILE_ID);
    await store?.close();
    try {
      const answer = await call<LiveBoard>('liveBoard', { thresholds: DEFAULT_THRESHOLDS, fetch: true });
      expect(answer.ok ? 'ok' : answer.error.code).toBe('archive');
    } finally {
      await services.archives.close(SANDBOX_PROFILE_ID);
    }
    expect((await board()).refresh.problem).toBeNull();
  });

  it('two refreshes asked at once run as one', async () => {
    const sandbox = await services.sandbox.instance();
    sandbox.clearRequestLog();
    const [a, b] = await Promise.all([board(), board()]);
    expect(a.asOfMs).toBe(b.asOfMs);
    expect(sandbox.requestLog.filter((entry) => entry.path === PATHS.seats)).toHaveLength(2);
  });

  it('with the computer\'s clock an hour ahead of the platform, the board reads the platform\'s now, today and last 30 minutes', async () => {
    const sandbox = await services.sandbox.instance();
    const HOUR = 3_600_000;
    // The platform an hour behind this computer: its Date header, and its floor frozen a minute before its now.
    sandbox.setFaults({ clockOffsetSeconds: -3600 });
    const platformFrozen = Date.now() - HOUR - 60_000;
    sandbox.data.live.setClock(platformFrozen);
    const calendar = calendarOf(ZONE);
    const count = (fromMs: number, toMs: number): number => {
      const range = sandbox.data.voiceRecordRange(fromMs, toMs - 1, platformFrozen);
      return range.end - range.first;
    };
    try {
      // From the first refresh: the seat list's answer tells the platform's clock before today's windows are set.
      const first = await board();
      expect(Math.abs(first.asOfMs - (Date.now() - HOUR))).toBeLessThan(5_000);
      expect(first.today.totals.calls).toBe(count(calendar.dayStartMs(calendar.dayOf(first.asOfMs)), first.asOfMs));
      const settled = await board();
      expect(Math.abs(settled.asOfMs - (Date.now() - HOUR))).toBeLessThan(5_000);
      // The small sandbox may have no call in a given half hour an hour ago (the live floor starts with the test), nor
      // yet today just after midnight: the day before the platform's now has some, so the counts below can differ.
      expect(count(settled.asOfMs - DAY, settled.asOfMs)).toBeGreaterThan(0);
      expect(settled.last30.totals.calls).toBe(count(settled.asOfMs - 30 * 60_000, settled.asOfMs));
      expect(settled.today.totals.calls).toBe(count(calendar.dayStartMs(calendar.dayOf(settled.asOfMs)), settled.asOfMs));
    } finally {
      sandbox.setFaults({ clockOffsetSeconds: 0 });
      sandbox.data.live.setClock(null);
    }
  });

  it('with the platform\'s clock an hour ahead, the answer says by how much, so the board shows every time on the platform\'s clock', async () => {
    const sandbox = await services.sandbox.instance();
    const HOUR = 3_600_000;
    sandbox.setFaults({ clockOffsetSeconds: 3600 });
    try {
      const first = await board();
      expect(first.refresh.problem).toBeNull();
      // The Date header is whole seconds: the difference is known to within its precision.
      expect(Math.abs(first.refresh.platformOffsetMs - HOUR)).toBeLessThan(2_000);
      expect(Math.abs((first.refresh.updatedAt ?? 0) - first.refresh.platformOffsetMs - Date.now())).toBeLessThan(5_000);
    } finally {
      sandbox.setFaults({ clockOffsetSeconds: 0 });
    }
    // The clocks agreeing again, the answers say so, refresh after refresh (even one whose only requests are the seat list's).
    for (let refresh = 0; refresh < 2; refresh++) expect(Math.abs((await board()).refresh.platformOffsetMs)).toBeLessThan(2_000);
  });
});

describe('the liveBoard method under a strict rate limit', () => {
  const { services, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'live-board-limited-')) });
  afterAll(() => services.close());

  it('a refresh gets through one request a second, waiting its turn, and says it was slowed down', async () => {
    const sandbox = await services.sandbox.instance();
    sandbox.setFaults({ rateLimitPerSecond: 1 });
    try {
      // The first refresh fetches the most (yesterday and last week whole, the team leaders): each request a second apart.
      for (let refresh = 0; refresh < 2; refresh++) {
        const answer = valueOf(await call<LiveBoard>('liveBoard', { thresholds: DEFAULT_THRESHOLDS, fetch: true }));
        expect(answer.refresh.problem).toBeNull();
        expect(answer.refresh.rateLimited).toBe(false);
        expect(answer.refresh.slowed).toBe(true);
        expect(answer.seats.total).toBeGreaterThan(0);
      }
      expect(sandbox.requestLog.some((entry) => entry.fault === 'rateLimit')).toBe(true);
    } finally {
      sandbox.setFaults({ rateLimitPerSecond: 0 });
    }
  }, 120_000);
});
