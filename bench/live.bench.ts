// The Live board. Run: npm run bench -- live.
// Prints one JSON line per measurement and a verdict; exits 1 when a target is missed:
// - live-compute: a board refresh's figures (today so far, the same hours yesterday and last
//   week, the last 30 minutes, the seats by status, group and team leader) over an archive
//   holding 100,000 of today's voice records (and as many for yesterday and last week), in
//   <= 100 ms, best and median of several runs after a warm-up.
// - live-requests: the whole refresh (the liveBoard method) against the sandbox's live day at
//   its busiest (a call a second): a refresh when nothing changed sends at most 2 requests
//   for the voice tail plus the seat list's pages, counted by the sandbox.
// - live-paint: a refresh of the Live screen in Chromium (every seat on another status), from
//   the answer arriving in the page to the tiles, the seat grid and the hours painted, in
//   <= 100 ms, median of 5 (bench/live-paint.ts); the first paint, mounting it all, is printed too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemorySecretStore } from '../src/main/accounts/secret-store';
import { ArchiveStore } from '../src/main/archive/archive-store';
import { archiveTableFor } from '../src/main/archive/tables';
import { createServices } from '../src/main/handlers';
import { liveSeats, liveVoice, readingsOf } from '../src/main/live/live-figures';
import { createLogger } from '../src/main/log';
import { buildSandboxData } from '../src/main/sandbox/data';
import { formatIsoWithOffset } from '../src/main/sandbox/time';
import { ALL_OK, DEFAULT_THRESHOLDS } from '../src/shared/live/alerts';
import { measureLivePaint } from './live-paint';
import type { LiveBoard } from '../src/shared/live/board';
import { listOf } from '../src/shared/operations';
import { withoutPassword } from '../src/shared/records';
import type { Result } from '../src/shared/result';
import { parseTimeZone, type TimeZone } from '../src/shared/time-zone';

const TODAY_ROWS = 100_000;
const RUNS = 7;
const TARGETS = { computeMs: 100, paintMs: 100, tailRequests: 2 };
const ZONE = parseTimeZone('+08:00') as TimeZone;
/** 18:00 at +08:00: today so far is 18 hours. */
const NOW = Date.parse('2026-11-22T18:00:00+08:00');
const TODAY_START = Date.parse('2026-11-22T00:00:00+08:00');
const DAY_MS = 86_400_000;

const print = (record: object): void => console.log(JSON.stringify({ bench: 'live', ...record }));

/** The sandbox's records, their submit times spread evenly over `[fromMs, toMs)`. */
async function fillDay(store: ArchiveStore, fromMs: number, toMs: number, firstIndex: number): Promise<void> {
  const data = buildSandboxData({ seed: 3, anchor: new Date(NOW), volume: 'large', workspace: 'bench' });
  const table = archiveTableFor('voiceRecords');
  const normalise = listOf('voiceRecords').normalise;
  const step = (toMs - fromMs) / TODAY_ROWS;
  const CHUNK = 10_000;
  for (let start = 0; start < TODAY_ROWS; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(TODAY_ROWS, start + CHUNK); i++) {
      const raw = { ...data.voiceRecordAt(firstIndex + i), submitTime: formatIsoWithOffset(Math.floor(fromMs + i * step)) };
      rows.push(normalise(raw as unknown as Record<string, unknown>, { zone: ZONE }));
    }
    await store.stage(table, rows, start, NOW);
  }
  await store.commit(table, { coverage: { fromMs, toMs, syncedAtMs: NOW } });
}

async function fillSeats(store: ArchiveStore): Promise<void> {
  const data = buildSandboxData({ seed: 3, anchor: new Date(NOW), volume: 'default', workspace: 'bench' });
  for (const operation of ['seats', 'teamLeaders'] as const) {
    const list = listOf(operation);
    const records = (operation === 'seats' ? data.seats() : data.teamLeaders()).map((raw) =>
      withoutPassword(list.normalise(raw as unknown as Record<string, unknown>, { zone: ZONE }) as never),
    );
    await store.stage(archiveTableFor(operation), records as never[], 0, NOW);
    await store.commit(archiveTableFor(operation), { snapshot: { scope: '', takenAtMs: NOW } });
  }
}

async function measureCompute(folder: string): Promise<{ compute: boolean; paint: boolean }> {
  const { store } = await ArchiveStore.open(join(folder, 'archive.duckdb'));
  try {
    const started = performance.now();
    await fillDay(store, TODAY_START, NOW, 0);
    await fillDay(store, TODAY_START - DAY_MS, NOW - DAY_MS, TODAY_ROWS);
    await fillDay(store, TODAY_START - 7 * DAY_MS, NOW - 7 * DAY_MS, 2 * TODAY_ROWS);
    await fillSeats(store);
    print({ measure: 'setup-fill', rows: 3 * TODAY_ROWS, ms: Math.round(performance.now() - started) });
    const compute = async () => {
      const [voice, seats] = await Promise.all([liveVoice(store, ZONE, NOW), liveSeats(store)]);
      return { voice, seats };
    };
    const warm = await compute();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const runStarted = performance.now();
      await compute();
      times.push(performance.now() - runStarted);
    }
    times.sort((a, b) => a - b);
    const medianMs = Number(times[Math.floor(times.length / 2)].toFixed(1));
    print({
      measure: 'live-compute',
      todayRows: warm.voice.today.totals.calls,
      yesterdayRows: warm.voice.yesterday.totals.calls,
      lastWeekRows: warm.voice.lastWeek.totals.calls,
      seats: warm.seats.total,
      runs: RUNS,
      bestMs: Number(times[0].toFixed(1)),
      medianMs,
      targetMs: TARGETS.computeMs,
    });
    const board: LiveBoard = {
      profileId: 'bench',
      timeZone: ZONE.name,
      asOfMs: NOW,
      refresh: { requests: 0, rows: 0, slowed: false, rateLimited: false, offline: false, problem: null, updatedAt: NOW, platformOffsetMs: 0 },
      seats: warm.seats,
      ...warm.voice,
      readings: readingsOf(warm.voice.last30, warm.seats),
      levels: ALL_OK,
      alerts: [],
      newAlerts: [],
      notifiedByDesktop: false,
      computeMs: medianMs,
    };
    const paint = await measureLivePaint(board);
    print({ measure: 'live-paint', hours: board.hours.length, ...paint, targetMs: TARGETS.paintMs });
    return { compute: medianMs <= TARGETS.computeMs, paint: paint.repaintMedianMs <= TARGETS.paintMs };
  } finally {
    await store.close();
  }
}

async function measureRequests(folder: string): Promise<boolean> {
  const services = createServices({
    userDataDir: join(folder, 'app'),
    desktop: { host: 'browser', openExternal: async () => {}, chooseSavePath: async () => null, showInFolder: async () => {}, openPath: async () => null, offerDownload: () => null },
    log: createLogger({ console: false }),
    secrets: createMemorySecretStore(),
    sandboxOptions: { volume: 'default', live: { callEveryMs: 1000, seatPeriodMs: 20_000 } },
    emit: () => {},
  });
  try {
    const sandbox = await services.sandbox.instance();
    const refresh = async (): Promise<LiveBoard> => {
      const result = (await services.dispatch('liveBoard', { thresholds: DEFAULT_THRESHOLDS, fetch: true })) as Result<LiveBoard>;
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    const count = () => {
      const paths = sandbox.requestLog.map((entry) => entry.path);
      return {
        total: paths.length,
        voice: paths.filter((path) => path.includes('/voice/')).length,
        seats: paths.filter((path) => path.includes('/seat/query')).length,
        other: paths.filter((path) => !path.includes('/voice/') && !path.includes('/seat/query')).length,
      };
    };
    sandbox.data.live.setClock(Date.now() - 5_000);
    sandbox.clearRequestLog();
    const first = await refresh();
    const firstCount = count();
    // Nothing changes on the platform (its live clock stands still); the board refreshes again.
    sandbox.clearRequestLog();
    const second = await refresh();
    const unchanged = count();
    const seatPages = Math.ceil(sandbox.data.seats().length / 100);
    const callsInTail = sandbox.data.voiceRecordRange(second.asOfMs - 2 * 60_000, second.asOfMs).end - sandbox.data.voiceRecordRange(second.asOfMs - 2 * 60_000, second.asOfMs).first;
    print({ measure: 'live-requests-first', requests: firstCount, rowsFetched: first.refresh.rows });
    print({
      measure: 'live-requests-unchanged',
      requests: unchanged,
      callsInTheRefetchedTwoMinutes: callsInTail,
      seatPages,
      target: `voice <= ${TARGETS.tailRequests}, seats = ${seatPages}, nothing else`,
      boardSaysRequests: second.refresh.requests,
      computeMs: second.computeMs,
    });
    return unchanged.voice <= TARGETS.tailRequests && unchanged.seats === seatPages && unchanged.other === 0;
  } finally {
    await services.close();
  }
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-live-bench-'));
  try {
    const { compute, paint } = await measureCompute(folder);
    const requests = await measureRequests(folder);
    const pass = compute && paint && requests;
    print({ measure: 'verdict', liveCompute: compute, livePaint: paint, liveRequests: requests, pass });
    process.exitCode = pass ? 0 : 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
