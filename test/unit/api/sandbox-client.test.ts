/** The client against the built-in simulator: every operation, the -16 repair, and writes sent at most once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { checkedPage } from '../support/checked';
import { type ClientNotice, createClient, type PlatformClient } from '../../../src/main/api';
import { NO_FAULTS, type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone } from '../../../src/shared/time-zone';

const PLUS8 = parseTimeZone('+08:00');
const iso = (ms: number): string => {
  if (!PLUS8) throw new Error('zone');
  return formatIsoInZone(Math.floor(ms / 1000) * 1000, PLUS8);
};
const DAY = 86_400_000;

describe('client against the sandbox', () => {
  let sb: Sandbox;
  let client: PlatformClient;
  const notices: ClientNotice[] = [];
  beforeAll(async () => {
    sb = await startSandbox({ seed: 1, volume: 'small' });
    client = createClient({
      baseUrl: sb.baseUrl,
      ...sb.credentials,
      timeZone: 'Asia/Shanghai',
      retry: { baseDelayMs: 5, rateLimitBaseDelayMs: 10 },
      onNotice: (notice) => notices.push(notice),
    });
  });
  afterAll(async () => {
    client.close();
    await sb.close();
  });

  it('reads every list operation and normalises it', async () => {
    const now = sb.data.anchor.getTime();
    const window = { strTime: iso(now - 20 * DAY), endTime: iso(now) };
    const voice = await client.page(LISTS.voiceRecords, checkedPage(LISTS.voiceRecords, { current: 1, size: 5, params: window }));
    expect(voice.ok).toBe(true);
    if (voice.ok) {
      expect(voice.value.records).toHaveLength(5);
      expect(voice.value.records[0].voiceId).toBe(sb.data.voiceRecordAt(0).voiceId);
      expect(voice.value.records[0].submitTime?.epochMs).toBeTypeOf('number');
      expect(voice.value.searchCount).toBe(true);
    }
    const numberRecords = await client.page(LISTS.numberRecords, checkedPage(LISTS.numberRecords, { current: 1, size: 5, params: window }));
    expect(numberRecords.ok && numberRecords.value.records[0].startTime?.epochMs).toBeTypeOf('number');
    const seats = await client.page(LISTS.seats, checkedPage(LISTS.seats, { current: 1, size: 100, params: {} }));
    expect(seats.ok).toBe(true);
    if (seats.ok) {
      // The sandbox serves the samples' quirks: sipGroupId, status as text.
      expect(seats.value.records.every((seat) => typeof seat.voiceGroupId === 'string')).toBe(true);
      expect(seats.value.records.every((seat) => typeof seat.status === 'number')).toBe(true);
    }
    for (const result of [
      await client.page(LISTS.teamLeaders, checkedPage(LISTS.teamLeaders, { current: 1, size: 10, params: {} })),
      await client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 10, params: {} })),
      await client.page(LISTS.axbBindings, checkedPage(LISTS.axbBindings, { current: 1, size: 10, params: {} })),
      await client.page(LISTS.taskDetails, checkedPage(LISTS.taskDetails, { current: 1, size: 10, params: { taskId: sb.data.taskIds[0] } })),
    ]) {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.records.length).toBeGreaterThan(0);
    }
    const numbers = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 100, params: {} }));
    if (numbers.ok)
      expect(numbers.value.records.map((r) => r.number)).toEqual(
        sb.data.numbers().map((n) => String(n.number)),
      );
  });

  it('reads and edits a seat group', async () => {
    const groupId = sb.data.seatGroups()[0].id;
    const before = await client.seatGroupRead({ voiceGroupId: String(groupId) });
    expect(before.ok).toBe(true);
    if (!before.ok) return;
    expect(before.value.voiceGroupId).toBe(String(groupId));
    const edit = await client.seatGroupEdit({
      voiceGroupId: groupId,
      callinStrategy: 2,
      timeoutWaitSec: 45,
      labelName: ['Callback', 'VIP'],
      displaySwitch: 1,
      encryptNumber: 0,
      fsNode: 'SG_FS',
    });
    expect(edit).toEqual({ ok: true, value: null });
    const after = await client.seatGroupRead({ voiceGroupId: groupId });
    expect(after).toMatchObject({
      ok: true,
      value: { callinStrategy: 2, timeoutWaitSec: 45, labelName: ['Callback', 'VIP'], fsNode: 'SG_FS' },
    });
  });

  it('sends an MMS', async () => {
    const result = await client.mmsSend({
      appId: sb.data.appIds[0],
      numbers: ['+8613800000001', '13800000002'],
      content: 'Hi',
      mmsType: '2',
    });
    expect(result).toMatchObject({ ok: true, value: { accepted: 2, rejected: 0 } });
    if (result.ok)
      expect(result.value.messages.map((m) => m.number)).toEqual(['+8613800000001', '13800000002']);
  });

  it('repairs a clock 45 minutes off (-16) and tells the user', async () => {
    sb.setFaults({ ...NO_FAULTS, clockOffsetSeconds: 2700 });
    try {
      const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 10, params: {} }));
      expect(result.ok).toBe(true);
      expect(Math.abs(client.clockOffsetSeconds - 2700)).toBeLessThanOrEqual(2);
      expect(notices.map((n) => n.message)).toEqual([
        expect.stringMatching(/^Your computer's clock is off by 45 minutes/),
      ]);
      // A write goes through with the corrected clock at once.
      const before = sb.mmsSent.length;
      const sent = await client.mmsSend({
        appId: sb.data.appIds[0],
        numbers: '+8613800000009',
        content: 'clock',
        mmsType: '1',
      });
      expect(sent.ok).toBe(true);
      expect(sb.mmsSent.length).toBe(before + 1);
    } finally {
      sb.setFaults({ ...NO_FAULTS });
    }
  });

  it('sends an MMS whose first attempt timed out at most once', async () => {
    const writer = createClient({ baseUrl: sb.baseUrl, ...sb.credentials, timeoutMs: 150 });
    sb.setFaults({ ...NO_FAULTS, latencyMs: 400 });
    const recipient = '+8613912345678';
    try {
      const result = await writer.mmsSend({
        appId: sb.data.appIds[0],
        numbers: recipient,
        content: 'once',
        mmsType: '1',
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'outcome-unknown' } });
      if (!result.ok) expect(result.error.message).toMatch(/may or may not have been applied/);
      // Let the sandbox finish the request the client gave up on.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(sb.mmsSent.filter((m) => m.number === recipient)).toHaveLength(1);
    } finally {
      sb.setFaults({ ...NO_FAULTS });
      writer.close();
    }
  });

  it('sends an MMS whose answer was lost (dropped connection) exactly once', async () => {
    // A fresh client: the one above learned the 45-minute offset, which the sandbox no longer has.
    const writer = createClient({ baseUrl: sb.baseUrl, ...sb.credentials });
    sb.setFaults({ ...NO_FAULTS, dropRate: 1 });
    const recipient = '+8613987654321';
    try {
      const result = await writer.mmsSend({
        appId: sb.data.appIds[0],
        numbers: recipient,
        content: 'drop',
        mmsType: '1',
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'outcome-unknown' } });
      expect(sb.mmsSent.filter((m) => m.number === recipient)).toHaveLength(1);
    } finally {
      sb.setFaults({ ...NO_FAULTS });
      writer.close();
    }
  });

  it('retries reads through gateway pages, cut bodies and system errors', async () => {
    const reader = createClient({
      baseUrl: sb.baseUrl,
      ...sb.credentials,
      retry: { baseDelayMs: 2, maxAttempts: 8 },
    });
    sb.setFaults({ ...NO_FAULTS, html502Rate: 0.15, truncateRate: 0.15, errorRate: 0.15 });
    sb.clearRequestLog();
    try {
      for (let i = 0; i < 10; i += 1) {
        const result = await reader.page(LISTS.axbBindings, checkedPage(LISTS.axbBindings, { current: i + 1, size: 10, params: {} }));
        expect(result.ok).toBe(true);
        if (result.ok)
          expect(result.value.records[0].bindId).toBe(String(sb.data.axbBindings()[i * 10].record.bindId));
      }
      const faults = new Set(sb.requestLog.map((entry) => entry.fault).filter((fault) => fault !== null));
      expect(faults.size).toBeGreaterThan(1);
    } finally {
      sb.setFaults({ ...NO_FAULTS });
      reader.close();
    }
  });

  it('answers a list page once its page hook has settled, and answers it even when the hook fails', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    const hooked = createClient({
      baseUrl: sb.baseUrl,
      ...sb.credentials,
      onListPage: async (_list, request) => {
        seen.push(request.current);
        if (request.current === 1) await held;
        else throw new Error('the keeper broke');
      },
    });
    try {
      let answered = false;
      const first = hooked.page(LISTS.seats, checkedPage(LISTS.seats, { current: 1, size: 5, params: {} })).then((page) => {
        answered = true;
        return page;
      });
      await expect.poll(() => seen).toEqual([1]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answered).toBe(false);
      release();
      expect((await first).ok).toBe(true);

      const second = await hooked.page(LISTS.seats, checkedPage(LISTS.seats, { current: 2, size: 5, params: {} }));
      expect(seen).toEqual([1, 2]);
      expect(second.ok).toBe(true);
    } finally {
      hooked.close();
    }
  });
});
