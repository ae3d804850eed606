/**
 * Every archive and Overview method, called through the bridge with hostile parameters
 * (huge windows, thousands of filters, extreme numbers, odd Unicode, nested objects), is
 * answered within 5 s with a result or a refusal that says what to fix, never "internal",
 * and the process stays under 1 GB.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { LIST_OPERATIONS, listOf } from '../../../src/shared/operations';
import { OVERVIEW_COMPARISONS } from '../../../src/shared/reports/overview';
import type { Result } from '../../../src/shared/result';
import { createLogger } from '../../../src/main/log';
import { startTestServices, valueOf } from '../support/services';

const ANSWER_WITHIN_MS = 5_000;
const MEMORY_MAX_BYTES = 1024 ** 3;
/** Refusals that tell the user what to fix or why nothing can be done; "internal" is none of them. */
const CLEAR_REFUSALS = new Set(['validation', 'bad-request', 'not-found', 'archive-off', 'archive-unavailable', 'cancelled', 'archive-timeout', 'busy']);
const DAY_MS = 86_400_000;

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '%', '_', "'", '"', '\\', '[', ']', '\u0000', '\u202e', '𝔘𝔫𝔦', 'ǅ', 'ß', 'İ', '\ud800', 'x'.repeat(201), 'e'.repeat(5000)),
);
const extremeNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, -(2 ** 53) + 1, 8.64e15, -8.64e15, 8.64e15 + 1, 1e-320, Number.NaN, Number.POSITIVE_INFINITY),
);
const safeInteger = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 8_640_000_000_000_000 / 1000));
/** JSON that nests: objects, arrays and odd leaves. */
const nested = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, oddText, extremeNumber, fc.constant(null), fc.boolean(), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(oddText, tie('value'), { maxKeys: 3 })),
})).value;
/** A very deep value: the kind a parser or a JSON writer may choke on. */
const deep = fc.integer({ min: 500, max: 20_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { inner: value };
  return value;
});
/** A list in a list, thousands deep: turning it into a text or a number recurses once per level. */
const deepList = fc.integer({ min: 3_000, max: 20_000 }).map((depth) => {
  let value: unknown = 1001;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
});

const isoInstant = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.constantFrom('Z', '+08:00', '-12:00', '+14:00', '+05:45', '+18:00', '+99:99'))
  .map(([year, month, day, offset]) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00${offset}`);
const windowText = fc.oneof(isoInstant, oddText, fc.constantFrom('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', '2026-02-30T00:00:00Z'));
const paramValue = fc.oneof(windowText, extremeNumber, nested, deep, deepList);
const params = fc.oneof(
  fc.record({ strTime: windowText, endTime: windowText }),
  fc.record({ strTime: paramValue, endTime: paramValue }, { requiredKeys: [] }),
  fc.dictionary(fc.oneof(oddText, fc.constantFrom('strTime', 'endTime', 'taskId', '__proto__', 'constructor')), paramValue, { maxKeys: 6 }),
  fc.integer({ min: 1000, max: 20_000 }).map((keys) => Object.fromEntries(Array.from({ length: keys }, (_, index) => [`key${index}`, index]))),
);

const knownField = fc.constantFrom(...new Set(LIST_OPERATIONS.flatMap((operation) => listOf(operation).columns.map((column) => column.key))));
const fieldName = fc.oneof({ arbitrary: knownField, weight: 4 }, { arbitrary: oddText, weight: 1 });
/** Mostly sane, sometimes hostile: the runs reach real reads as well as every refusal. */
const mostly = <T, U>(sane: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>) => fc.oneof({ arbitrary: sane, weight: 3 }, { arbitrary: hostile, weight: 1 });
const filterList = <T>(item: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.array(item, { maxLength: 2 }), weight: 6 }, { arbitrary: fc.array(item, { maxLength: 60 }), weight: 1 }, { arbitrary: fc.integer({ min: 1000, max: 50_000 }).chain((count) => item.map((one) => Array.from({ length: count }, () => one))), weight: 1 });
/** A window of whole days within the sandbox's last 70 days. */
const dayWindow = fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 1, max: 70 })).map(([back, days]) => {
  const to = Math.floor(Date.now() / DAY_MS) * DAY_MS - back * DAY_MS + DAY_MS;
  return { strTime: new Date(to - days * DAY_MS).toISOString(), endTime: new Date(to).toISOString() };
});
/** Days, or a window reaching from year 1 to 9999. */
const saneWindow = fc.oneof(dayWindow, fc.constant({ strTime: '0001-01-01T00:00:00Z', endTime: '9999-12-31T23:59:59Z' }));
/** A page request; `hostile` mixes odd values into every part, otherwise each part is one the screen could send. */
const pageRequestOf = (hostile: boolean) =>
  fc.constantFrom(...LIST_OPERATIONS).chain((operation) => {
    const either = <T, U>(sane: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) => (hostile ? mostly(sane, odd) : sane);
    const own = fc.constantFrom(...listOf(operation).columns.map((column) => column.key));
    const field = either(own, fieldName);
    return fc.record(
      {
        operation: fc.constant(operation),
        params: either(listOf(operation).window ? (hostile ? saneWindow : dayWindow) : operation === 'taskDetails' ? fc.record({ taskId: fc.integer({ min: 1000, max: 1003 }) }) : fc.constant({}), params),
        offset: either(fc.integer({ min: 0, max: 300 }), safeInteger),
        limit: either(fc.integer({ min: 1, max: 100 }), safeInteger),
        sort: fc.record({ field, descending: fc.boolean() }),
        search: either(fc.string({ maxLength: 6 }), oddText),
        contains: hostile ? filterList(fc.record({ field, text: mostly(fc.stringMatching(/^\d{0,3}$/), oddText) })) : fc.array(fc.record({ field, text: fc.stringMatching(/^\d{0,3}$/) }), { maxLength: 2 }),
        equals: hostile ? filterList(fc.record({ field, value: fc.oneof(fc.constant(null), oddText, extremeNumber.filter(Number.isFinite)) })) : fc.constant([]),
        hourOfDay: hostile ? mostly(fc.integer({ min: 0, max: 23 }), fc.integer({ min: -2, max: 25 })) : listOf(operation).window ? fc.integer({ min: 0, max: 23 }) : fc.constant(undefined),
      },
      { requiredKeys: ['operation', 'params', 'offset', 'limit'] },
    );
  });
/** One in three requests is one the screen could send (a window of days, an hour only with a window, no equal value), so the runs reach real reads whatever the seed; the rest are hostile. */
const pageRequest = fc.oneof({ arbitrary: pageRequestOf(false), weight: 1 }, { arbitrary: pageRequestOf(true), weight: 2 });
const hostileBody = fc.oneof(nested, deep, fc.constant(undefined));
const profileId = fc.oneof(oddText, fc.constantFrom('sandbox ', 'SANDBOX', '../sandbox', 'sandbox\u0000', 'x'.repeat(10_000)));
const saneInstant = fc.integer({ min: -70, max: 2 }).map((days) => Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS);
const overviewRequest = fc.record(
  {
    profileId: mostly(fc.constant('sandbox'), profileId),
    fromMs: mostly(saneInstant, fc.oneof(safeInteger, extremeNumber)),
    toMs: mostly(saneInstant.map((ms) => ms + 30 * DAY_MS), fc.oneof(safeInteger, extremeNumber)),
    syncFirst: fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
    compare: mostly(fc.constantFrom(...OVERVIEW_COMPARISONS), oddText),
  },
  { requiredKeys: ['fromMs', 'toMs', 'syncFirst'] },
);
const settings = fc.record({ enabled: fc.constant(true), retentionDays: safeInteger, refreshHours: safeInteger, historyDays: safeInteger });

/** The input in a line, however deep or long it is. */
function describeInput(input: unknown): string {
  try {
    return JSON.stringify(input, (_key, value: unknown) => (typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…` : value))?.slice(0, 400) ?? 'undefined';
  } catch {
    return 'a value too deep to print';
  }
}

describe('the archive and Overview methods under hostile parameters', () => {
  const logged: string[] = [];
  const log = createLogger({ console: false, sink: (line) => logged.push(line) });
  const { services, jobChanges, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'archive-fuzz-')), log });
  let peakRss = 0;
  /** How each method answered, by code: the runs must reach real reads, not only refusals. */
  const seen = new Map<string, number>();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  afterAll(async () => {
    clearInterval(sampler);
    await services.close();
  });
  beforeAll(async () => {
    const { job } = valueOf(await call<{ job: JobInfo }>('startSync', { operations: ['voiceRecords', 'numberRecords', 'teamLeaders', 'seats'] }));
    const ended = () => jobChanges.find((change) => change.jobId === job.jobId && change.state !== 'running');
    for (let waited = 0; !ended() && waited < 90_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    if (ended()?.state !== 'completed') throw new Error('the sandbox did not sync');
  }, 120_000);

  /** Calls a method and checks its answer: in time, a result or a clear refusal. */
  async function answered(method: string, input: unknown): Promise<void> {
    const started = performance.now();
    logged.length = 0;
    const result = (await call(method, input)) as Result<unknown>;
    const ms = performance.now() - started;
    const tally = `${method} ${result.ok ? 'ok' : result.error.code}`;
    seen.set(tally, (seen.get(tally) ?? 0) + 1);
    const what = `${method} ${describeInput(input)}`;
    expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(ANSWER_WITHIN_MS);
    if (!result.ok) {
      expect(CLEAR_REFUSALS.has(result.error.code), `${what} answered ${result.error.code}: ${result.error.message} (${logged.join(' | ').slice(0, 600)})`).toBe(true);
      expect(result.error.message).not.toMatch(/\n\s+at |Error:|undefined|NaN/);
      if (result.error.code === 'validation') expect(result.error.message.length).toBeLessThan(2_000);
    }
    expect(process.memoryUsage.rss()).toBeLessThan(MEMORY_MAX_BYTES);
  }

  it('archivePage', async () => {
    await fc.assert(fc.asyncProperty(pageRequest, (request) => answered('archivePage', request)), { numRuns: 300, endOnFailure: true });
  }, 240_000);

  it('archivePage refuses a task that is no task id, a negative offset and a page size out of range, naming the field', async () => {
    const refusedAt = async (input: Record<string, unknown>): Promise<string[]> => {
      const result = (await call('archivePage', { operation: 'taskDetails', params: { taskId: 1001 }, offset: 0, limit: 25, ...input })) as Result<unknown>;
      return result.ok ? [] : Object.keys(result.error.fields ?? {});
    };
    for (const taskId of ['abc', true, {}, -1, 0, 1.5, [1001], '１００１', '0x3E9', [[[1001]]]]) {
      expect(await refusedAt({ params: { taskId } }), JSON.stringify(taskId)).toEqual(['params.taskId']);
    }
    let deepTask: unknown = 1001;
    for (let level = 0; level < 10_000; level++) deepTask = [deepTask];
    expect(await refusedAt({ params: { taskId: deepTask } })).toEqual(['params.taskId']);
    expect(await refusedAt({ offset: -1 })).toEqual(['offset']);
    for (const limit of [0, -1, 1001, 2 ** 31]) expect(await refusedAt({ limit }), String(limit)).toEqual(['limit']);
    // The same task written as digits, with or without spaces, is the same task.
    expect(await refusedAt({ params: { taskId: ' 1001 ' } })).toEqual([]);
    expect(await refusedAt({ params: { taskId: '1001' }, offset: 9_007_199_254_740_991, limit: 1000 })).toEqual([]);
  });

  it('overview', async () => {
    await fc.assert(fc.asyncProperty(overviewRequest, (request) => answered('overview', request)), { numRuns: 150, endOnFailure: true });
  }, 240_000);

  it('archiveStatus, setArchiveSettings, decideRetention, deleteArchive, dismissSetAside and startSync', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ method: fc.constant('archiveStatus'), input: fc.oneof(fc.record({ profileId }, { requiredKeys: [] }), hostileBody) }),
          // The real profile is left alone: switching it off would empty the archive the other calls read.
          fc.record({ method: fc.constant('setArchiveSettings'), input: fc.oneof(fc.record({ profileId: fc.constant('sandbox'), settings }), fc.record({ profileId, settings }), hostileBody) }),
          fc.record({ method: fc.constant('deleteArchive'), input: fc.oneof(fc.record({ profileId }), hostileBody) }),
          fc.record({ method: fc.constant('dismissSetAside'), input: fc.oneof(fc.record({ profileId }), hostileBody) }),
          fc.record({
            method: fc.constant('decideRetention'),
            input: fc.oneof(
              fc.record({
                profileId: mostly(fc.constant('sandbox'), profileId),
                operation: mostly(fc.constantFrom(...LIST_OPERATIONS), oddText),
                decision: mostly(fc.constantFrom('remove', 'keep'), oddText),
              }),
              hostileBody,
            ),
          }),
          fc.record({ method: fc.constant('startSync'), input: fc.oneof(fc.record({ operations: fc.array(fc.oneof(fc.constantFrom(...LIST_OPERATIONS), oddText), { maxLength: 3 }), taskId: safeInteger }, { requiredKeys: [] }), hostileBody) }),
        ),
        ({ method, input }) => answered(method, input),
      ),
      { numRuns: 150, endOnFailure: true },
    );
    // Whatever they did, the archive still answers.
    expect(await call('archivePage', { operation: 'teamLeaders', params: {}, offset: 0, limit: 5 })).toMatchObject({ ok: true });
  }, 240_000);

  it('kept the process under 1 GB, and read real pages and figures on the way', () => {
    expect(peakRss).toBeLessThan(MEMORY_MAX_BYTES);
    expect(seen.get('archivePage ok') ?? 0).toBeGreaterThan(10);
    expect(seen.get('overview ok') ?? 0).toBeGreaterThan(10);
  });
});
