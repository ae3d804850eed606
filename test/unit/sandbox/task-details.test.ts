import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type TaskDetailRecord } from '../../../src/main/sandbox';
import { allRecords, page, PATHS, status } from './signed-client';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 });
});
afterAll(() => sandbox.close());

const rows = (params: Record<string, unknown>): Promise<TaskDetailRecord[]> =>
  allRecords<TaskDetailRecord>(sandbox, PATHS.taskDetails, { taskId: 1001, ...params });

describe('task detail query', () => {
  it('has three tasks of at least 1,000 rows with called, calledInfo and twenty variables', async () => {
    expect(sandbox.data.taskIds).toEqual([1001, 1002, 1003]);
    for (const taskId of sandbox.data.taskIds) {
      const data = await page<TaskDetailRecord>(sandbox, PATHS.taskDetails, {
        current: 1,
        size: 100,
        params: { taskId },
      });
      expect(data.total).toBeGreaterThanOrEqual(1_000);
      expect(data.searchCount).toBe(true);
      const [row] = data.records;
      expect(row.keyId).toBe(taskId);
      for (let n = 1; n <= 20; n++) expect(row).toHaveProperty(`var${String(n).padStart(2, '0')}`);
      expect(row).toHaveProperty('called');
      expect(row).toHaveProperty('calledInfo');
    }
    const all = sandbox.data.taskRows(1002).map((entry) => entry.record);
    expect(new Set(all.map((row) => row.status))).toEqual(new Set([1, 5, 7, 9]));
    expect(all.some((row) => row.var01 !== null) && all.some((row) => row.var15 === null)).toBe(true);
    expect(all.some((row) => row.var12 !== null)).toBe(true);
    expect(all.every((row) => row.seatName === null || typeof row.seatName === 'string')).toBe(true);
  });

  it('requires current, size and an integer taskId (-22), and answers an unknown task with an empty page', async () => {
    expect(await status(sandbox, PATHS.taskDetails, { body: { current: 1, size: 10, params: {} } })).toBe(
      '-22',
    );
    expect(
      await status(sandbox, PATHS.taskDetails, {
        body: { current: 1, size: 10, params: { taskId: '1001' } },
      }),
    ).toBe('-22');
    expect(await status(sandbox, PATHS.taskDetails, { body: { size: 10, params: { taskId: 1001 } } })).toBe(
      '-22',
    );
    const unknown = await page<TaskDetailRecord>(sandbox, PATHS.taskDetails, {
      current: 1,
      size: 10,
      params: { taskId: 4242 },
    });
    expect(unknown).toMatchObject({ total: 0, pages: 0, records: [] });
  });

  it('filters by called number', async () => {
    const target = sandbox.data.taskRows(1001)[17].record.called;
    const found = await rows({ called: target });
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.every((row) => row.called === target)).toBe(true);
  });

  it('filters by seat group, seat ids, labels, remark and statuses', async () => {
    const entries = sandbox.data.taskRows(1001);
    const groupId = entries[0].sipGroupId;
    const byGroup = await rows({ sipGroupId: groupId });
    expect(byGroup.length).toBe(entries.filter((entry) => entry.sipGroupId === groupId).length);

    const seatIds = [
      ...new Set(entries.map((entry) => entry.seatId).filter((id): id is number => id !== null)),
    ].slice(0, 2);
    const bySeat = await rows({ seatId: seatIds });
    expect(bySeat.length).toBe(
      entries.filter((entry) => entry.seatId !== null && seatIds.includes(entry.seatId)).length,
    );
    expect(bySeat.length).toBeGreaterThan(0);

    const byLabel = await rows({ labelNames: ['VIP', 'Call back'] });
    expect(byLabel.length).toBeGreaterThan(0);
    expect(byLabel.every((row) => row.labelName === 'VIP' || row.labelName === 'Call back')).toBe(true);

    const byRemark = await rows({ remark: 'Friday' });
    expect(byRemark.length).toBeGreaterThan(0);
    expect(byRemark.every((row) => (row.remark ?? '').includes('Friday'))).toBe(true);

    const byStatus = await rows({ statusList: [7] });
    expect(byStatus.length).toBe(entries.filter((entry) => entry.record.status === 7).length);
    expect(byStatus.every((row) => row.status === 7 && row.errorReason !== null)).toBe(true);

    const combined = await rows({ sipGroupId: groupId, statusList: [9, 1] });
    expect(combined.every((row) => [9, 1].includes(row.status))).toBe(true);
    expect(await rows({ statusList: [], labelNames: [] })).toHaveLength(entries.length);
  });

  it('answers -22 to wrongly typed filters and unknown statuses', async () => {
    const bad = [
      { seatId: 5 },
      { seatId: ['5001'] },
      { labelNames: 'VIP' },
      { statusList: [2] },
      { sipGroupId: '101' },
      { called: 639 },
    ];
    for (const params of bad) {
      expect(
        await status(sandbox, PATHS.taskDetails, {
          body: { current: 1, size: 10, params: { taskId: 1001, ...params } },
        }),
      ).toBe('-22');
    }
  });
});
