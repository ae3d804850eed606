import { describe, expect, it } from 'vitest';
import type { CallOptions } from '../../../src/main/api';
import { createAdaptiveConcurrency } from '../../../src/main/jobs/adaptive-concurrency';
import { type FetchProgress, fetchPages, MAX_REREADS, type PageSource } from '../../../src/main/jobs/fetch-all';
import { computeProgress } from '../../../src/main/jobs/fetch-progress';
import { splitRecordWindow } from '../../../src/shared/operations/record-windows';
import type { Page } from '../../../src/shared/records';
import { fail, ok, type Result } from '../../../src/shared/result';
import { setCurrentLocale } from '../../../src/shared/i18n';

interface Row {
  id: string;
  at: number;
}

interface FakeOptions {
  /** Rows per window, newest first. */
  windows: number[];
  delayMs?: (window: number, page: number) => number;
  /** Called per request; may override the answer. */
  answer?: (window: number, page: number, size: number, options: CallOptions) => Result<Page<Row>> | null;
}

/** Rows per page of every fake source. */
const PAGE_SIZE = 10;

function fakeSource(options: FakeOptions): PageSource<Row> & { requests: string[]; maxInFlight: number } {
  let inFlight = 0;
  const state = { requests: [] as string[], maxInFlight: 0 };
  // Window w holds rows at times that fall with w (window 0 oldest), newest first inside.
  const rowsOf = (window: number, index: number): Row => {
    const at = (window + 1) * 1_000_000 - index;
    return { id: `w${window}-r${index}`, at };
  };
  return {
    windowCount: options.windows.length,
    pageSize: PAGE_SIZE,
    idOf: (row) => row.id,
    timeOf: (row) => row.at,
    get requests() {
      return state.requests;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    async fetchPage(window, current, callOptions) {
      const size = PAGE_SIZE;
      state.requests.push(`${window}:${current}`);
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      try {
        const delay = options.delayMs?.(window, current) ?? 1;
        const completed = await new Promise<boolean>((resolve) => {
          const onAbort = (): void => {
            clearTimeout(timer);
            resolve(false);
          };
          const timer = setTimeout(() => {
            callOptions.signal?.removeEventListener('abort', onAbort);
            resolve(true);
          }, delay);
          callOptions.signal?.addEventListener('abort', onAbort, { once: true });
        });
        if (!completed) return fail('cancelled', 'cancelled');
        const special = options.answer?.(window, current, size, callOptions);
        if (special) return special;
        const total = options.windows[window];
        const records: Row[] = [];
        for (let i = (current - 1) * size; i < Math.min(total, current * size); i += 1)
          records.push(rowsOf(window, i));
        return ok({ total, size, current, pages: Math.ceil(total / size), records, searchCount: null });
      } finally {
        inFlight -= 1;
      }
    },
  };
}

describe('abort listeners', () => {
  it('adds no listener per request to a shared signal: no MaxListenersExceededWarning at concurrency 16', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    const signals = new Set<AbortSignal>();
    const source = fakeSource({
      windows: [2000],
      delayMs: () => 5,
      answer: (_window, _page, _size, options) => {
        if (options.signal) signals.add(options.signal);
        return null;
      },
    });
    try {
      const result = await fetchPages(source, { concurrency: 16, onRows: () => {} });
      expect(result.ok).toBe(true);
      expect(source.maxInFlight).toBeGreaterThan(10);
      // One signal per request, so each carries only its own request's listeners.
      expect(signals.size).toBe(source.requests.length);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

async function collect(source: PageSource<Row>, extra: Partial<Parameters<typeof fetchPages<Row>>[1]> = {}) {
  const rows: Row[] = [];
  const progress: FetchProgress[] = [];
  const result = await fetchPages(source, {
    onRows: (page) => {
      rows.push(...page);
    },
    onProgress: (p) => progress.push(p),
    progressIntervalMs: 0,
    ...extra,
  });
  return { rows, progress, result };
}

describe('fetchPages', () => {
  it('delivers every row once, in order, although pages finish out of order', async () => {
    const source = fakeSource({ windows: [237], delayMs: (_w, page) => (page * 7919) % 23 });
    const { rows, result } = await collect(source, { concurrency: 6 });
    expect(result).toMatchObject({ ok: true, value: { rows: 237, pages: 24, drift: [] } });
    // One request per page: the first page, fetched to learn the total, is not asked for again.
    expect([...source.requests].sort()).toEqual(Array.from({ length: 24 }, (_, i) => `0:${i + 1}`).sort());
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 237 }, (_, i) => `w0-r${i}`));
    expect(source.maxInFlight).toBe(6);
  });

  it('keeps at most the concurrency in flight and a bounded buffer when the consumer is slow', async () => {
    const source = fakeSource({ windows: [400], delayMs: () => 1 });
    let maxAhead = 0;
    let delivered = 0;
    const result = await fetchPages(source, {
      concurrency: 4,
      onRows: async () => {
        delivered += 1;
        maxAhead = Math.max(maxAhead, source.requests.length - delivered);
        await new Promise((resolve) => setTimeout(resolve, 3));
      },
    });
    expect(result.ok).toBe(true);
    expect(source.maxInFlight).toBeLessThanOrEqual(4);
    // Requested but not yet delivered: never more than the buffer (2 x concurrency) plus one.
    expect(maxAhead).toBeLessThanOrEqual(9);
  });

  it('reports progress with totals, rate and ETA, ending at 100%', async () => {
    const { progress } = await collect(fakeSource({ windows: [95] }), { concurrency: 3 });
    const last = progress[progress.length - 1];
    expect(last).toMatchObject({ pagesDone: 10, totalPages: 10, rows: 95, totalRows: 95, etaSeconds: 0 });
    expect(last.rowsPerSecond).toBeGreaterThan(0);
    expect(progress.map((p) => p.rows)).toEqual([...progress.map((p) => p.rows)].sort((a, b) => a - b));
  });

  it('handles an empty result', async () => {
    const { rows, result } = await collect(fakeSource({ windows: [0] }));
    expect(rows).toEqual([]);
    expect(result).toMatchObject({ ok: true, value: { rows: 0, pages: 1 } });
  });

  it('cancels promptly', async () => {
    const source = fakeSource({ windows: [10_000], delayMs: () => 50 });
    const controller = new AbortController();
    let rowsSeen = 0;
    setTimeout(() => controller.abort(), 120);
    const started = performance.now();
    const result = await fetchPages(source, {
      signal: controller.signal,
      onRows: (rows) => {
        rowsSeen += rows.length;
      },
    });
    expect(performance.now() - started).toBeLessThan(400);
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const afterCancel = rowsSeen;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rowsSeen).toBe(afterCancel);
    expect(source.requests.length).toBeLessThan(40);
  });

  it('stops at the first failed page, says where, and delivers nothing after it', async () => {
    const source = fakeSource({
      windows: [100],
      answer: (_w, page) => (page === 5 ? fail('platform:-22', 'bad parameter', 'size wrong') : null),
    });
    const { rows, result } = await collect(source);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'platform:-22', detail: 'size wrong — Stopped at page 5 (of 10 in all).' },
    });
    expect(rows.length).toBe(40);
    expect(source.requests.filter((request) => request === '0:5'), 'a refusal is not asked again').toHaveLength(1);
  });

  it('says where it stopped after the server\'s detail in the language\'s own punctuation, the detail\'s full stop dropped', async () => {
    setCurrentLocale('zh-CN');
    try {
      const source = fakeSource({
        windows: [100],
        answer: (_w, page) => (page === 2 ? fail('network', '无法连接到平台。', '连接被拒绝（ECONNREFUSED）。') : null),
      });
      const { result } = await collect(source);
      expect(result).toMatchObject({ ok: false, error: { detail: '连接被拒绝（ECONNREFUSED）；停在第 2 页（共 10 页）。' } });
    } finally {
      setCurrentLocale('en');
    }
  });

  const exhausted = (): Result<Page<Row>> => ({
    ok: false,
    error: { code: 'platform:-18', message: 'The platform had an internal error.', transient: true },
  });

  it('asks again for a page whose retries all failed for a passing cause, while other pages get through', async () => {
    let failuresLeft = 2;
    const source = fakeSource({
      windows: [100],
      // Page 5 takes long enough for the other pages in flight to arrive meanwhile.
      delayMs: (_w, page) => (page === 5 ? 20 : 1),
      answer: (_w, page) => (page === 5 && failuresLeft-- > 0 ? exhausted() : null),
    });
    const { rows, result } = await collect(source);
    expect(result.ok).toBe(true);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 100 }, (_, i) => `w0-r${i}`));
    expect(source.requests.filter((request) => request === '0:5')).toHaveLength(3);
  });

  it('gives a page at most three rounds, however well the others go', async () => {
    const source = fakeSource({
      windows: [100],
      delayMs: (_w, page) => (page === 5 ? 20 : 1),
      answer: (_w, page) => (page === 5 ? exhausted() : null),
    });
    const { rows, result } = await collect(source);
    expect(result).toMatchObject({ ok: false, error: { code: 'platform:-18' } });
    expect(rows.length).toBe(40);
    expect(source.requests.filter((request) => request === '0:5')).toHaveLength(3);
  });

  it('stops after one round when no other page gets through: the platform is down, not flaky', async () => {
    const source = fakeSource({
      windows: [100],
      answer: (_w, page) => (page > 1 ? exhausted() : null),
    });
    const { rows, result } = await collect(source);
    expect(result).toMatchObject({ ok: false, error: { code: 'platform:-18' } });
    expect(rows.length).toBe(10);
    const asked = source.requests.filter((request) => request !== '0:1');
    expect(new Set(asked).size, 'no page asked twice').toBe(asked.length);
  });

  it('lowers its concurrency on -15 and raises it again slowly', () => {
    const limiter = createAdaptiveConcurrency({ max: 8, increaseAfter: 3, cooldownMs: 100 });
    limiter.rateLimited(0);
    expect(limiter.current).toBe(4);
    limiter.rateLimited(50); // same burst
    expect(limiter.current).toBe(4);
    limiter.rateLimited(200);
    limiter.rateLimited(400);
    limiter.rateLimited(600);
    expect(limiter.current).toBe(1);
    for (let i = 0; i < 6; i += 1) limiter.succeeded();
    expect(limiter.current).toBe(3);
    expect(limiter.lowest).toBe(1);
  });

  it('slows down when the source reports -15 retries', async () => {
    const source = fakeSource({
      windows: [300],
      answer: (_w, page, _size, options) => {
        if (page % 3 === 0)
          options.onRetry?.({
            operation: 'voiceRecords',
            attempt: 1,
            delayMs: 0,
            error: { code: 'platform:-15', message: '' },
            rateLimited: true,
          });
        return null;
      },
    });
    const { result } = await collect(source, { concurrency: 8 });
    expect(result.ok && result.value.lowestConcurrency).toBeLessThan(8);
  });

  it('reports a total that changes between pages', async () => {
    const source = fakeSource({
      windows: [50],
      answer: (_w, page, size) =>
        page === 3
          ? ok({
              total: 51,
              size,
              current: 3,
              pages: 6,
              records: Array.from({ length: 10 }, (_, i) => ({ id: `w0-r${20 + i}`, at: 1 })),
              searchCount: null,
            })
          : null,
    });
    const { result } = await collect(source);
    // Page 3 saw 51, page 4 saw 50 again: both changes are reported.
    expect(result).toMatchObject({
      ok: true,
      value: {
        rows: 50,
        drift: [
          { kind: 'total-changed', page: 3, expected: 50, actual: 51 },
          { kind: 'total-changed', page: 4, expected: 51, actual: 50 },
        ],
      },
    });
    const failing = await collect(
      fakeSource({
        windows: [50],
        answer: (_w, page, size) =>
          page === 3 ? ok({ total: 49, size, current: 3, pages: 5, records: [], searchCount: null }) : null,
      }),
      { onDrift: 'fail' },
    );
    expect(failing.result).toMatchObject({ ok: false, error: { code: 'drift' } });
  });

  it('never delivers a row twice when rows shift between pages', async () => {
    // A new row arrived at the top: page 2 starts with the last row of page 1 again.
    const source = fakeSource({
      windows: [30],
      answer: (_w, page, size) =>
        page === 2
          ? ok({
              total: 30,
              size,
              current: 2,
              pages: 3,
              records: Array.from({ length: 10 }, (_, i) => ({ id: `w0-r${9 + i}`, at: 1 })),
              searchCount: null,
            })
          : null,
    });
    const { rows, result } = await collect(source);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(result).toMatchObject({
      ok: true,
      value: { drift: expect.arrayContaining([{ kind: 'duplicate', window: 0, page: 2, id: 'w0-r9' }]) },
    });
  });

  it('delivers windows newest first when the platform lists newest first, skipping rows a shared boundary repeats', async () => {
    const shared = { id: 'boundary', at: 1_000_000 };
    const source = fakeSource({
      windows: [25, 12],
      answer: (window, page, size) => {
        // The row at the shared instant is the newest of window 0 and the oldest of window 1.
        if (window === 0 && page === 1) {
          return ok({
            total: 25,
            size,
            current: 1,
            pages: 3,
            records: [
              shared,
              ...Array.from({ length: 9 }, (_, i) => ({ id: `w0-r${i + 1}`, at: 999_999 - i })),
            ],
            searchCount: null,
          });
        }
        if (window === 1 && page === 2) {
          return ok({
            total: 12,
            size,
            current: 2,
            pages: 2,
            records: [{ id: 'w1-r10', at: 1_999_990 }, shared],
            searchCount: null,
          });
        }
        return null;
      },
    });
    const { rows, result } = await collect(source, { concurrency: 2 });
    expect(result).toMatchObject({
      ok: true,
      value: { newestFirst: true, boundaryDuplicatesSkipped: 1, drift: [], windows: 2 },
    });
    expect(rows[0].id).toBe('w1-r0');
    expect(rows.filter((r) => r.id === 'boundary')).toHaveLength(1);
    expect(rows).toHaveLength(36);
    const times = rows.map((r) => r.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

/**
 * A window listed newest first into which records keep arriving: `arrivalsAfter(request)`
 * new rows land at the top just after that many page requests were answered.
 */
function arrivingSource(options: { windows: number[]; arrivalsAfter: (answered: number) => number }): PageSource<Row> & { requests: string[] } {
  const lists = options.windows.map((count, window) =>
    Array.from({ length: count }, (_, i) => ({ id: `w${window}-r${i}`, at: (window + 1) * 1_000_000 - i })),
  );
  const requests: string[] = [];
  let arrived = 0;
  return {
    windowCount: lists.length,
    pageSize: PAGE_SIZE,
    idOf: (row) => row.id,
    timeOf: (row) => row.at,
    requests,
    async fetchPage(window, current) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      requests.push(`${window}:${current}`);
      const list = lists[window];
      const records = list.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
      const page = ok({ total: list.length, size: PAGE_SIZE, current, pages: Math.ceil(list.length / PAGE_SIZE), records, searchCount: null });
      // The newest window takes the arrivals (window 0 is the oldest).
      const newest = lists[lists.length - 1];
      for (let n = options.arrivalsAfter(requests.length); n > 0; n -= 1) {
        arrived += 1;
        newest.unshift({ id: `new-${arrived}`, at: lists.length * 1_000_000 + arrived });
      }
      return page;
    },
  };
}

describe("fetchPages with onDrift 'reread'", () => {
  it('reads a window whose rows moved again, so a row pushed past a page boundary mid-read is still delivered', async () => {
    // 30 rows, three full pages; one arrives after page 1 is answered: pages 2 and 3 shift by one, and w0-r29 falls off the end.
    const options = { windows: [30], arrivalsAfter: (answered: number) => (answered === 1 ? 1 : 0) };
    const warned = await collect(arrivingSource(options), { concurrency: 1 });
    expect(warned.rows.map((row) => row.id)).not.toContain('w0-r29');

    const source = arrivingSource(options);
    const { rows, result } = await collect(source, { concurrency: 1, onDrift: 'reread' });
    const ids = new Set(rows.map((row) => row.id));
    expect(ids).toEqual(new Set(['new-1', ...Array.from({ length: 30 }, (_, i) => `w0-r${i}`)]));
    // The first reading (3 pages), then one of the 31 rows that held still (4 pages).
    expect(source.requests).toEqual(['0:1', '0:2', '0:3', '0:1', '0:2', '0:3', '0:4']);
    expect(result).toMatchObject({
      ok: true,
      value: { pages: 7, drift: expect.arrayContaining([{ kind: 'total-changed', window: 0, page: 2, expected: 30, actual: 31 }]) },
    });
  });

  it('reads again only the window that moved', async () => {
    const source = arrivingSource({ windows: [20, 20], arrivalsAfter: (answered) => (answered === 2 ? 1 : 0) });
    const { rows, result } = await collect(source, { concurrency: 1, onDrift: 'reread' });
    expect(result.ok).toBe(true);
    expect(new Set(rows.map((row) => row.id)).size).toBe(41);
    const rereadRequests = source.requests.slice(4);
    expect(rereadRequests.length).toBeGreaterThan(0);
    expect(rereadRequests.every((request) => request.startsWith('1:'))).toBe(true);
  });

  it(`stops reading again after ${1 + MAX_REREADS} readings that all saw rows move, and says the data did not hold still`, async () => {
    const source = arrivingSource({ windows: [30], arrivalsAfter: () => 1 });
    const { result } = await collect(source, { concurrency: 1, onDrift: 'reread' });
    expect(result).toMatchObject({ ok: true, value: { heldStill: false } });
    expect(source.requests.filter((request) => request === '0:1')).toHaveLength(1 + MAX_REREADS);
  });

  it('says the data held still when a reading (the first, or one read again) saw nothing move', async () => {
    const still = await collect(arrivingSource({ windows: [30], arrivalsAfter: () => 0 }), { concurrency: 1, onDrift: 'reread' });
    expect(still.result).toMatchObject({ ok: true, value: { heldStill: true } });
    const once = await collect(arrivingSource({ windows: [30], arrivalsAfter: (answered) => (answered === 1 ? 1 : 0) }), { concurrency: 1, onDrift: 'reread' });
    expect(once.result).toMatchObject({ ok: true, value: { heldStill: true } });
    // Only noted: the one reading moved.
    const warned = await collect(arrivingSource({ windows: [30], arrivalsAfter: (answered) => (answered === 1 ? 1 : 0) }), { concurrency: 1, onDrift: 'warn' });
    expect(warned.result).toMatchObject({ ok: true, value: { heldStill: false } });
  });
});

describe('splitRecordWindow', () => {
  it('leaves a window of at most 31 days alone', () => {
    const params = { strTime: '2026-10-01T00:00:00+08:00', endTime: '2026-11-01T00:00:00+08:00' };
    expect(splitRecordWindow(params)).toEqual([params]);
  });

  it("splits a longer period into consecutive windows of at most 31 days in the caller's offset", () => {
    const windows = splitRecordWindow({
      strTime: '2026-09-23T10:00:00+08:00',
      endTime: '2026-11-22T18:00:00+08:00',
    });
    expect(windows).toEqual([
      { strTime: '2026-09-23T10:00:00+08:00', endTime: '2026-10-24T10:00:00+08:00' },
      { strTime: '2026-10-24T10:00:00+08:00', endTime: '2026-11-22T18:00:00+08:00' },
    ]);
    const long = splitRecordWindow({ strTime: '2026-08-01T00:00:00Z', endTime: '2026-11-01T00:00:00Z' });
    expect(long).toHaveLength(3);
    for (const w of long) {
      expect(Date.parse(w.endTime) - Date.parse(w.strTime)).toBeLessThanOrEqual(31 * 86_400_000);
    }
  });
});

describe('computeProgress', () => {
  it('derives rate and ETA', () => {
    expect(
      computeProgress({ pagesDone: 5, totalPages: 10, rows: 500, totalRows: 1000, concurrency: 6 }, 2000),
    ).toEqual({
      pagesDone: 5,
      totalPages: 10,
      rows: 500,
      totalRows: 1000,
      concurrency: 6,
      rowsPerSecond: 250,
      etaSeconds: 2,
    });
    expect(
      computeProgress({ pagesDone: 0, totalPages: null, rows: 0, totalRows: null, concurrency: 6 }, 0)
        .etaSeconds,
    ).toBeNull();
  });
});
