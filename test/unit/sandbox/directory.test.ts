import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSandbox,
  type AxbBindingRecord,
  type NumberRecord,
  type Sandbox,
  type SeatRecord,
  type TeamLeaderRecord,
} from '../../../src/main/sandbox';
import { LIST_DESCRIPTORS } from '../../../src/shared/operations';
import { allRecords, page, PATHS, status } from './signed-client';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5 });
});
afterAll(() => sandbox.close());

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const seats = (params: Record<string, unknown>): Promise<SeatRecord[]> =>
  allRecords<SeatRecord>(sandbox, PATHS.seats, params);
const localText = (ms: number): string =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('paged directory operations share the envelope rules', () => {
  // Every list the platform pages whole: no window and no scope to name first.
  const wholeLists = LIST_DESCRIPTORS.filter((list) => list.window === null && list.sync === 'always');
  for (const path of wholeLists.map((list) => list.endpoint.path)) {
    it(`${path}: current and size are required integers within range, params an object (-22)`, async () => {
      const bad = [
        { size: 10, params: {} },
        { current: 1, params: {} },
        { current: 1, size: 10 },
        { current: 1, size: 10, params: null },
        { current: 0, size: 10, params: {} },
        { current: 1, size: 101, params: {} },
        { current: 1, size: 0, params: {} },
        { current: '1', size: 10, params: {} },
        { current: 1, size: 10.5, params: {} },
      ];
      for (const body of bad) expect(await status(sandbox, path, { body })).toBe('-22');
      expect(await status(sandbox, path, { body: 'not json' })).toBe('-22');
      const data = await page<unknown>(sandbox, path, { current: 1, size: 100, params: {} });
      const past = await page<unknown>(sandbox, path, { current: data.pages + 1, size: 100, params: {} });
      expect(past).toMatchObject({
        total: data.total,
        size: 100,
        current: data.pages + 1,
        pages: data.pages,
        records: [],
      });
    });
  }
});

describe('seat list query', () => {
  it('lists 150 seats in at least six groups, with the sample quirks', async () => {
    const all = await seats({});
    expect(all).toHaveLength(150);
    expect(new Set(all.map((seat) => seat.keyId)).size).toBe(150);
    expect(new Set(all.map((seat) => seat.sipGroupId)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((seat) => seat.status))).toEqual(new Set(['1', '2', '3', '4', '5']));
    expect(all.some((seat) => seat.enable === 1) && all.some((seat) => seat.deleteFlag === 1)).toBe(true);
    for (const seat of all) {
      expect(typeof seat.status).toBe('string');
      expect(seat).toHaveProperty('sipGroupId');
      expect(seat).not.toHaveProperty('voiceGroupId');
      expect(typeof seat.password).toBe('string');
      expect(seat.createTime).toMatch(LOCAL_TIME);
      expect(seat.updateTime >= seat.createTime).toBe(true);
    }
  });

  it('filters by enable, name (case-insensitive substring), group and status', async () => {
    const all = sandbox.data.seats();
    expect(await seats({ enable: 1 })).toEqual(all.filter((seat) => seat.enable === 1));
    const named = await seats({ name: 'SANTOS' });
    expect(named.length).toBeGreaterThan(0);
    expect(named).toEqual(all.filter((seat) => seat.name.toLowerCase().includes('santos')));
    expect(await seats({ voiceGroupId: 102 })).toEqual(all.filter((seat) => seat.sipGroupId === 102));
    for (const value of [1, 2, 3, 4, 5]) {
      const found = await seats({ status: value });
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((seat) => seat.status === String(value))).toBe(true);
    }
    expect(await seats({ enable: 0, voiceGroupId: 101, status: 2 })).toEqual(
      all.filter((seat) => seat.enable === 0 && seat.sipGroupId === 101 && seat.status === '2'),
    );
  });

  it('filters createTime by an optional strTime/endTime and answers -35 beyond 32 days', async () => {
    const anchor = sandbox.data.anchor.getTime();
    const from = localText(anchor - 30 * 86_400_000);
    const to = localText(anchor);
    const recent = await seats({ strTime: from, endTime: to });
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(150);
    expect(recent.every((seat) => seat.createTime >= from && seat.createTime <= to)).toBe(true);
    expect(recent).toEqual(
      sandbox.data.seats().filter((seat) => seat.createTime >= from && seat.createTime <= to),
    );
    expect((await seats({ strTime: from })).length).toBe(recent.length);
    const body = (params: unknown): unknown => ({ current: 1, size: 10, params });
    expect(
      await status(sandbox, PATHS.seats, {
        body: body({ strTime: localText(anchor - 33 * 86_400_000), endTime: to }),
      }),
    ).toBe('-35');
    expect(
      await status(sandbox, PATHS.seats, {
        body: body({ strTime: localText(anchor - 32 * 86_400_000), endTime: to }),
      }),
    ).toBe('0');
    expect(await status(sandbox, PATHS.seats, { body: body({ strTime: '2026-01-01T00:00:00+08:00' }) })).toBe(
      '-22',
    );
  });

  it('answers -22 to filters of the wrong type or out of range', async () => {
    for (const params of [
      { enable: 2 },
      { enable: '0' },
      { status: 6 },
      { status: 0 },
      { voiceGroupId: 'x' },
      { name: 5 },
    ]) {
      expect(await status(sandbox, PATHS.seats, { body: { current: 1, size: 10, params } })).toBe('-22');
    }
  });
});

describe('team leader list query', () => {
  it('lists 10 leaders with their groups, customer and password', async () => {
    const leaders = await allRecords<TeamLeaderRecord>(sandbox, PATHS.teamLeaders, {});
    expect(leaders).toHaveLength(10);
    for (const leader of leaders) {
      expect(leader.voiceGroupIdList.length).toBe(leader.voiceGroupNameList.length);
      expect(leader).toMatchObject({
        customerId: expect.any(Number),
        customerName: expect.any(String),
        password: expect.any(String),
      });
      expect(leader.createTime).toMatch(LOCAL_TIME);
    }
  });

  it('filters by enable, name and any overlap of voiceGroupIdList', async () => {
    const all = sandbox.data.teamLeaders();
    expect(await allRecords(sandbox, PATHS.teamLeaders, { enable: 1 })).toEqual(
      all.filter((leader) => leader.enable === 1),
    );
    const name = all[3].name.slice(1, 4).toUpperCase();
    expect(await allRecords(sandbox, PATHS.teamLeaders, { name })).toEqual(
      all.filter((leader) => leader.name.toLowerCase().includes(name.toLowerCase())),
    );
    const overlap = await allRecords<TeamLeaderRecord>(sandbox, PATHS.teamLeaders, {
      voiceGroupIdList: [104, 999],
    });
    expect(overlap.length).toBeGreaterThan(0);
    expect(overlap).toEqual(all.filter((leader) => leader.voiceGroupIdList.includes(104)));
    expect(
      await status(sandbox, PATHS.teamLeaders, {
        body: { current: 1, size: 10, params: { voiceGroupIdList: 104 } },
      }),
    ).toBe('-22');
  });
});

describe('number query', () => {
  it('lists 40 numbers covering every state and both voicemail settings', async () => {
    const numbers = await allRecords<NumberRecord>(sandbox, PATHS.numbers, {});
    expect(numbers).toHaveLength(40);
    expect(new Set(numbers.map((number) => number.state))).toEqual(new Set([3, 4, 5]));
    expect(new Set(numbers.map((number) => number.enableVoicemail))).toEqual(new Set([0, 1]));
    expect(numbers.some((number) => number.outIp.includes(','))).toBe(true);
    expect(
      numbers.some((number) => number.number.startsWith('+')) &&
        numbers.some((number) => number.number.startsWith('0')),
    ).toBe(true);
    for (const number of numbers) {
      expect(number.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect([0, 1]).toContain(number.autoRenew);
      if (number.enableVoicemail === 0) expect(number.voicemailFileId).toBeNull();
    }
  });

  it('filters by appId', async () => {
    const appId = sandbox.data.appIds[1];
    const numbers = await allRecords<NumberRecord>(sandbox, PATHS.numbers, { appId });
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((number) => number.appId === appId)).toBe(true);
    expect(await allRecords(sandbox, PATHS.numbers, { appId: 'no-such-app' })).toEqual([]);
  });
});

describe('AXB binding list query', () => {
  it('lists 500 bindings with pnsNumberB as text and the date-time expiry form', async () => {
    const bindings = await allRecords<AxbBindingRecord>(sandbox, PATHS.axbBindings, {});
    expect(bindings).toHaveLength(500);
    expect(new Set(bindings.map((binding) => binding.bindId)).size).toBe(500);
    for (const binding of bindings) {
      expect(typeof binding.pnsNumberB).toBe('string');
      expect(binding.expireTime).toMatch(LOCAL_TIME);
    }
  });

  it('filters by appId', async () => {
    const appId = sandbox.data.appIds[0];
    const bindings = await allRecords<AxbBindingRecord>(sandbox, PATHS.axbBindings, { appId });
    const expected = sandbox.data
      .axbBindings()
      .filter((binding) => binding.appId === appId)
      .map((binding) => binding.record);
    expect(bindings).toEqual(expected);
    expect(bindings.length).toBeGreaterThan(100);
  });
});
