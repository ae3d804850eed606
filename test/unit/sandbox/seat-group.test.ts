import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { answerOf, call, PATHS, status } from './signed-client';

let sandbox: Sandbox;
const PARTNER = { apiKey: 'partner-key', apiSecret: 'partner-secret' };

beforeAll(async () => {
  sandbox = await startSandbox({
    volume: 'small',
    accounts: [
      { apiKey: 'sandbox-demo-key', apiSecret: 'sandbox-demo-secret' },
      { ...PARTNER, workspace: 'partner-workspace' },
    ],
  });
});
afterAll(() => sandbox.close());

const OWN_GROUP = 101;
const FOREIGN_GROUP = 901;

async function read(id: number | string, credentials?: typeof PARTNER): Promise<Record<string, unknown>> {
  const answer = answerOf(
    await call(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=${id}`, { method: 'GET', ...credentials }),
  );
  if (answer.status !== 0) throw new Error(`status ${String(answer.status)}`);
  return answer.data as Record<string, unknown>;
}

const edit = (body: unknown, credentials?: typeof PARTNER): Promise<string> =>
  status(sandbox, PATHS.seatGroupEdit, { body, ...credentials });

const required = { voiceGroupId: OWN_GROUP, displaySwitch: 0, encryptNumber: 1 };

describe('seat group settings read', () => {
  beforeEach(() => {
    sandbox.seatGroups.set(OWN_GROUP, { timeoutTransferSec: 30, labelName: ['VIP'], callinStrategy: 2 });
  });

  it('answers with a numeric status 0 and names the id seatGroupId (sample quirks)', async () => {
    const answer = answerOf(
      await call(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=${OWN_GROUP}`, { method: 'GET' }),
    );
    expect(answer.status).toBe(0);
    const data = answer.data as Record<string, unknown>;
    expect(data.seatGroupId).toBe(OWN_GROUP);
    expect(data).not.toHaveProperty('voiceGroupId');
    expect(data).not.toHaveProperty('workspace');
    for (const key of [
      'groupName',
      'appName',
      'callinStrategy',
      'timeoutTransferSec',
      'callinAutoAnswerSec',
      'wrapUpTime',
      'timeoutIdle',
      'timeoutWaitSec',
      'turnSeatRing',
      'turnSeatRingUrl',
      'labelName',
      'displaySwitch',
      'encryptNumber',
      'fsNode',
    ]) {
      expect(data).toHaveProperty(key);
    }
    expect(data.labelName).toEqual(['VIP']);
  });

  it('answers -22 without a usable voiceGroupId and -63 for unknown or foreign groups', async () => {
    expect(await status(sandbox, PATHS.seatGroupRead, { method: 'GET' })).toBe('-22');
    expect(await status(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=abc`, { method: 'GET' })).toBe('-22');
    expect(await status(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=4242`, { method: 'GET' })).toBe('-63');
    expect(
      await status(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=${FOREIGN_GROUP}`, { method: 'GET' }),
    ).toBe('-63');
    expect((await read(FOREIGN_GROUP, PARTNER)).seatGroupId).toBe(FOREIGN_GROUP);
    expect(
      await status(sandbox, `${PATHS.seatGroupRead}?voiceGroupId=${OWN_GROUP}`, {
        method: 'GET',
        ...PARTNER,
      }),
    ).toBe('-63');
  });

  it("shows edits made behind the app's back", async () => {
    sandbox.seatGroups.set(OWN_GROUP, { wrapUpTime: 42, turnSeatRing: 'new-ring.wav' });
    const data = await read(OWN_GROUP);
    expect(data.wrapUpTime).toBe(42);
    expect(data.turnSeatRing).toBe('new-ring.wav');
    expect(String(data.turnSeatRingUrl)).toContain('new-ring.wav');
  });
});

describe('seat group settings edit', () => {
  beforeEach(() => {
    sandbox.seatGroups.set(OWN_GROUP, {
      callinStrategy: 3,
      timeoutTransferSec: 30,
      callinAutoAnswerSec: 5,
      wrapUpTime: 20,
      timeoutIdle: 2,
      timeoutWaitSec: 90,
      turnSeatRing: 'ring.wav',
      labelName: ['VIP', 'Call back'],
      fsNode: 'SG_FS',
    });
  });

  it('stores what was sent and answers status "0" with data null', async () => {
    const result = answerOf(
      await call(sandbox, PATHS.seatGroupEdit, {
        body: {
          ...required,
          callinStrategy: 4,
          timeoutTransferSec: 15,
          callinAutoAnswerSec: 3,
          wrapUpTime: 10,
          timeoutIdle: 1,
          timeoutWaitSec: 60,
          turnSeatRing: 'other.wav',
          labelName: ['A', 'B', 'C'],
          fsNode: 'UAE_FS',
        },
      }),
    );
    expect(result).toEqual({ status: '0', reason: expect.any(String), data: null });
    expect(await read(OWN_GROUP)).toMatchObject({
      callinStrategy: 4,
      timeoutTransferSec: 15,
      callinAutoAnswerSec: 3,
      wrapUpTime: 10,
      timeoutIdle: 1,
      timeoutWaitSec: 60,
      turnSeatRing: 'other.wav',
      labelName: ['A', 'B', 'C'],
      displaySwitch: 0,
      encryptNumber: 1,
      fsNode: 'UAE_FS',
    });
  });

  it('clears the clearable fields when they are left out', async () => {
    expect(await edit(required)).toBe('0');
    expect(await read(OWN_GROUP)).toMatchObject({
      timeoutTransferSec: null,
      callinAutoAnswerSec: null,
      wrapUpTime: null,
      timeoutIdle: null,
      labelName: [],
      // The other optional fields keep their value.
      callinStrategy: 3,
      timeoutWaitSec: 90,
      turnSeatRing: 'ring.wav',
      fsNode: 'SG_FS',
    });
  });

  it('clears the clearable fields when they are sent empty or null', async () => {
    expect(
      await edit({
        ...required,
        timeoutTransferSec: null,
        callinAutoAnswerSec: '',
        wrapUpTime: null,
        timeoutIdle: '',
        labelName: [],
      }),
    ).toBe('0');
    expect(await read(OWN_GROUP)).toMatchObject({
      timeoutTransferSec: null,
      callinAutoAnswerSec: null,
      wrapUpTime: null,
      timeoutIdle: null,
      labelName: [],
    });
    sandbox.seatGroups.set(OWN_GROUP, { labelName: ['X'] });
    expect(await edit({ ...required, labelName: null })).toBe('0');
    expect((await read(OWN_GROUP)).labelName).toEqual([]);
  });

  it('requires voiceGroupId, displaySwitch and encryptNumber as 0/1 (-22)', async () => {
    expect(await edit({ displaySwitch: 0, encryptNumber: 0 })).toBe('-22');
    expect(await edit({ voiceGroupId: OWN_GROUP, encryptNumber: 0 })).toBe('-22');
    expect(await edit({ voiceGroupId: OWN_GROUP, displaySwitch: 0 })).toBe('-22');
    expect(await edit({ ...required, displaySwitch: 2 })).toBe('-22');
    expect(await edit({ ...required, encryptNumber: '1' })).toBe('-22');
    expect(await edit({ ...required, voiceGroupId: '101' })).toBe('-22');
    expect(await edit('{oops')).toBe('-22');
    expect(await edit([required])).toBe('-22');
  });

  it('answers -22 to a strategy outside 1-4, an unknown node or wrong types, and changes nothing', async () => {
    const before = await read(OWN_GROUP);
    for (const patch of [
      { callinStrategy: 0 },
      { callinStrategy: 5 },
      { fsNode: 'EU_FS' },
      { timeoutWaitSec: 'long' },
      { wrapUpTime: -1 },
      { labelName: 'VIP' },
      { labelName: [1, 2] },
      { turnSeatRing: 7 },
    ]) {
      expect(await edit({ ...required, ...patch })).toBe('-22');
    }
    expect(await read(OWN_GROUP)).toEqual(before);
  });

  it('answers -63 for an unknown group or one of another workspace', async () => {
    expect(await edit({ ...required, voiceGroupId: 4242 })).toBe('-63');
    expect(await edit({ ...required, voiceGroupId: FOREIGN_GROUP })).toBe('-63');
    expect(await edit({ ...required, voiceGroupId: OWN_GROUP }, PARTNER)).toBe('-63');
    expect(await edit({ ...required, voiceGroupId: FOREIGN_GROUP }, PARTNER)).toBe('0');
  });

  it('answers -71 to more than ten labels or duplicates and -72 to an empty or long label', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `L${i}`);
    expect(await edit({ ...required, labelName: eleven })).toBe('-71');
    expect(await edit({ ...required, labelName: eleven.slice(0, 10) })).toBe('0');
    expect(await edit({ ...required, labelName: ['VIP', 'VIP'] })).toBe('-71');
    expect(await edit({ ...required, labelName: ['ok', ''] })).toBe('-72');
    expect(await edit({ ...required, labelName: ['x'.repeat(21)] })).toBe('-72');
    expect(await edit({ ...required, labelName: ['x'.repeat(20), '二十个字符以内的标签'] })).toBe('0');
    expect((await read(OWN_GROUP)).labelName).toEqual(['x'.repeat(20), '二十个字符以内的标签']);
  });
});
