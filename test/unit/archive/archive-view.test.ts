/**
 * The archive as the list screens read it, through the bridge's methods against the
 * built-in sandbox: every expected answer is computed here from the sandbox's own data.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServices, valueOf } from '../support/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/main/sandbox';
import type { ArchivePage } from '../../../src/shared/methods/archive';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { listOf, type ListOperation } from '../../../src/shared/operations';

const DAY = 86_400_000;
const TASK_PATH = listOf('taskDetails').endpoint.path;

describe('the archive view', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'archive-view-'));
  const { services, jobChanges: changes, call } = startTestServices({ userDataDir, sandboxOptions: { volume: 'small', seed: 5 } });
  let sandbox: Sandbox;
  const value = valueOf;
  const synced = async (input: { operations: ListOperation[]; taskId?: number }): Promise<void> => {
    const { job } = value(await call<{ job: JobInfo }>('startSync', input));
    const ended = () => changes.find((change) => change.jobId === job.jobId && change.state !== 'running');
    for (let waited = 0; !ended() && waited < 60_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended()).toMatchObject({ state: 'completed' });
  };
  /** Every archived row of a list for these filters, in the order asked for. */
  const archived = async <R>(request: Record<string, unknown>): Promise<{ total: number; rows: R[] }> => {
    const page = value(await call<ArchivePage<R>>('archivePage', { offset: 0, limit: 1000, ...request }));
    return { total: page.total, rows: page.rows };
  };

  beforeAll(async () => {
    sandbox = await services.sandbox.instance();
    await synced({ operations: [] });
  }, 120_000);
  afterAll(() => services.close());

  const voiceIn = (fromMs: number, toMs: number) => {
    const range = sandbox.data.voiceRecordRange(fromMs, toMs);
    return Array.from({ length: range.end - range.first }, (_, i) => sandbox.data.voiceRecordAt(range.first + i));
  };
  const windowParams = (fromMs: number, toMs: number) => ({
    strTime: new Date(fromMs).toISOString(),
    endTime: new Date(toMs).toISOString(),
  });

  it('shows each list in the platform’s own order when no column is sorted', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const voice = await archived<{ voiceId: string }>({ operation: 'voiceRecords', params: windowParams(anchor - 3 * DAY, anchor) });
    expect(voice.rows.map((row) => row.voiceId)).toEqual(voiceIn(anchor - 3 * DAY, anchor).map((record) => record.voiceId));

    const range = sandbox.data.numberRecordRange(anchor - 5 * DAY, anchor);
    const numberRecords = await archived<{ callid: string }>({ operation: 'numberRecords', params: windowParams(anchor - 5 * DAY, anchor) });
    expect(numberRecords.rows.map((row) => row.callid)).toEqual(
      Array.from({ length: range.end - range.first }, (_, i) => sandbox.data.numberRecordAt(range.first + i).callid),
    );

    const seats = await archived<{ keyId: string }>({ operation: 'seats', params: {} });
    expect(seats.rows.map((row) => row.keyId)).toEqual(sandbox.data.seats().map((seat) => String(seat.keyId)));
    const leaders = await archived<{ keyId: string }>({ operation: 'teamLeaders', params: {} });
    expect(leaders.rows.map((row) => row.keyId)).toEqual(sandbox.data.teamLeaders().map((leader) => String(leader.keyId)));
    const numbers = await archived<{ number: string }>({ operation: 'numbers', params: {} });
    expect(numbers.rows.map((row) => row.number)).toEqual(sandbox.data.numbers().map((number) => number.number));
    const bindings = await archived<{ bindId: string }>({ operation: 'axbBindings', params: {} });
    expect(bindings.rows.map((row) => row.bindId)).toEqual(sandbox.data.axbBindings().map((binding) => String(binding.record.bindId)));
  }, 60_000);

  it('sorts both ways, searches and filters columns over every archived row, as the sandbox’s data says', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const window = windowParams(anchor - 10 * DAY, anchor - 2 * DAY);
    const records = voiceIn(anchor - 10 * DAY, anchor - 2 * DAY);
    const byDuration = (a: (typeof records)[number], b: (typeof records)[number]) =>
      a.callDuration - b.callDuration || (a.voiceId < b.voiceId ? -1 : 1);

    const ascending = await archived<{ voiceId: string }>({ operation: 'voiceRecords', params: window, sort: { field: 'callDuration', descending: false } });
    expect(ascending.total).toBe(records.length);
    expect(ascending.rows.map((row) => row.voiceId)).toEqual([...records].sort(byDuration).map((record) => record.voiceId));
    const descending = await archived<{ voiceId: string }>({ operation: 'voiceRecords', params: window, sort: { field: 'callDuration', descending: true } });
    expect(descending.rows.map((row) => row.voiceId)).toEqual(
      [...records].sort((a, b) => b.callDuration - a.callDuration || (a.voiceId < b.voiceId ? -1 : 1)).map((record) => record.voiceId),
    );

    // A search across the row, sorted, then a column filter on top of it: the view's query as a whole.
    const needle = records[7].terminationReason.slice(0, 4).toLowerCase();
    const searched = records.filter((record) =>
      Object.values(record).some((cell) => typeof cell === 'string' && cell.toLowerCase().includes(needle)),
    );
    const found = await archived<{ voiceId: string }>({ operation: 'voiceRecords', params: window, search: needle, sort: { field: 'callDuration', descending: false } });
    expect(found.total).toBe(searched.length);
    expect(found.rows.map((row) => row.voiceId)).toEqual([...searched].sort(byDuration).map((record) => record.voiceId));

    const digits = records[3].callee.slice(-3);
    const filtered = searched.filter((record) => record.callee.includes(digits));
    const narrowed = await archived<{ voiceId: string }>({
      operation: 'voiceRecords',
      params: window,
      search: needle,
      sort: { field: 'callDuration', descending: false },
      contains: [{ field: 'callee', text: digits }],
    });
    expect(narrowed.total).toBe(filtered.length);
    expect(narrowed.rows.map((row) => row.voiceId)).toEqual([...filtered].sort(byDuration).map((record) => record.voiceId));

    // A number column filters by the number typed, not by the digits somewhere in it.
    const status = records.find((record) => record.callStatus !== null)?.callStatus ?? 0;
    const withStatus = await archived<{ voiceId: string }>({ operation: 'voiceRecords', params: window, contains: [{ field: 'callStatus', text: String(status) }] });
    expect(withStatus.total).toBe(records.filter((record) => record.callStatus === status).length);
    const wrong = await call('archivePage', { operation: 'voiceRecords', params: window, offset: 0, limit: 10, contains: [{ field: 'callDuration', text: 'long' }] });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringMatching(/type a number/) } });
  }, 60_000);

  it('filters and searches by the words the table shows: labels, a key pressed as a number, a currency', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const window = windowParams(anchor - 10 * DAY, anchor - 2 * DAY);
    const records = voiceIn(anchor - 10 * DAY, anchor - 2 * DAY);
    const count = async (more: object): Promise<number> => (await archived({ operation: 'voiceRecords', params: window, ...more })).total;
    const connected = records.filter((record) => record.callStatus === 50).length;
    expect(connected).toBeGreaterThan(0);
    expect(await count({ contains: [{ field: 'callStatus', text: 'connected' }] })).toBe(connected);
    expect(await count({ contains: [{ field: 'callStatus', text: 'busy' }] })).toBe(records.filter((record) => record.callStatus === 10).length);
    const keyOne = records.filter((record) => record.feedbackValue === '1').length;
    expect(keyOne).toBeGreaterThan(0);
    expect(await count({ contains: [{ field: 'feedbackValue', text: '1' }] })).toBe(keyOne);
    expect(await count({ contains: [{ field: 'feedbackValue', text: 'no key' }] })).toBe(records.filter((record) => record.feedbackValue === '-1').length);
    const currency = records.find((record) => record.currency)?.currency ?? 'EUR';
    const inCurrency = records.filter((record) => (record.currency || 'USD') === currency && record.cost !== null).length;
    expect(inCurrency).toBeGreaterThan(0);
    expect(await count({ contains: [{ field: 'cost', text: currency }] })).toBe(inCurrency);
    expect(await count({ search: 'voicemail' })).toBeGreaterThanOrEqual(records.filter((record) => record.callStatus === 40).length);
  }, 60_000);

  it("syncs one task's details by its task id, in the task's own order, and asks for the task id when it is missing", async () => {
    const missing = await call('startSync', { operations: ['taskDetails'] });
    expect(missing).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('task id') } });

    const taskId = sandbox.data.taskIds[1];
    sandbox.clearRequestLog();
    await synced({ operations: ['taskDetails'], taskId });
    const asked = sandbox.requestLog.filter((entry) => entry.path === TASK_PATH);
    expect(asked.length).toBe(Math.ceil(sandbox.data.taskRows(taskId).length / 100));
    expect(asked.every((entry) => entry.params?.taskId === taskId)).toBe(true);

    const rows = await archived<{ keyId: string; called: string }>({ operation: 'taskDetails', params: { taskId } });
    const served = sandbox.data.taskRows(taskId);
    expect(rows.total).toBe(served.length);
    expect(rows.rows.map((row) => row.called)).toEqual(served.map((row) => row.record.called));
    expect(new Set(rows.rows.map((row) => row.keyId))).toEqual(new Set([String(taskId)]));
    const status = value(await call<{ lists: { operation: string; rows: number }[] }>('archiveStatus', {}));
    expect(status.lists.find((list) => list.operation === 'taskDetails')?.rows).toBe(served.length);
  }, 60_000);
});
