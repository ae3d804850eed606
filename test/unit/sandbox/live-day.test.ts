import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SeatRecord, type VoiceRecord } from '../../../src/main/sandbox';
import { allRecords, isoAt, page, PATHS } from './signed-client';

const HOUR_MS = 3_600_000;
const anchor = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS);
const anchorMs = anchor.getTime();

let fixed: Sandbox;
let live: Sandbox;
let twin: Sandbox;

beforeAll(async () => {
  fixed = await startSandbox({ seed: 5, anchor, volume: 'small' });
  live = await startSandbox({ seed: 5, anchor, volume: 'small', live: { callEveryMs: 10_000, seatPeriodMs: 20_000 } });
  twin = await startSandbox({ seed: 5, anchor, volume: 'small', live: { callEveryMs: 10_000, seatPeriodMs: 20_000 } });
});
afterAll(async () => {
  await Promise.all([fixed.close(), live.close(), twin.close()]);
});

const statuses = (seats: readonly SeatRecord[]): string[] => seats.map((seat) => seat.status);
const window = (fromMs: number, toMs: number) => ({ strTime: isoAt(fromMs, 480), endTime: isoAt(toMs, 480) });

describe('the sandbox live day', () => {
  it('is off by default: the data ends at the anchor and the seats hold still', () => {
    expect(fixed.data.live.on).toBe(false);
    const later = anchorMs + 30 * 60_000;
    expect(fixed.data.voiceRecordRange(anchorMs, later + HOUR_MS, later)).toEqual({ first: 0, end: 0 });
    expect(statuses(fixed.data.seats(anchorMs + 1000))).toEqual(statuses(fixed.data.seats(later)));
  });

  it('serves calls after the anchor with current times, one per call slot, newest first', async () => {
    const at = anchorMs + 20 * 60_000 + 500;
    live.data.live.setClock(at);
    const count = live.data.live.callCount(at);
    // One call about every 10 s: 20 minutes give 120, give or take the one in the last slot.
    expect(count).toBeGreaterThanOrEqual(119);
    expect(count).toBeLessThanOrEqual(121);
    const served = await allRecords<VoiceRecord>(live, PATHS.voiceRecords, window(anchorMs, at + HOUR_MS));
    expect(served).toHaveLength(count);
    const times = served.map((record) => Date.parse(record.submitTime));
    expect(times.every((ms) => ms >= anchorMs && ms <= at)).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(served.map((record) => record.voiceId)).size).toBe(count);
    // The history before the anchor is the fixed data's, unchanged.
    const before = window(anchorMs - 6 * HOUR_MS, anchorMs - 1000);
    const history = await allRecords<VoiceRecord>(live, PATHS.voiceRecords, before);
    const fixedHistory = await allRecords<VoiceRecord>(fixed, PATHS.voiceRecords, before);
    expect(history.map((record) => record.voiceId)).toEqual(fixedHistory.map((record) => record.voiceId));
  });

  it('a window spanning the anchor lists the new calls first, then the history, without a gap', async () => {
    const at = anchorMs + 5 * 60_000;
    live.data.live.setClock(at);
    const from = anchorMs - 3 * HOUR_MS;
    const whole = await page<VoiceRecord>(live, PATHS.voiceRecords, { current: 1, size: 100, params: window(from, at) });
    const calls = live.data.live.callCount(at);
    const history = fixed.data.voiceRecordRange(from, at);
    expect(whole.total).toBe(calls + history.end - history.first);
    const range = live.data.voiceRecordRange(from, at, at);
    const records = Array.from({ length: range.end - range.first }, (_, i) => live.data.voiceRecordAt(range.first + i, at));
    expect(records.slice(calls).map((r) => r.voiceId)).toEqual(
      Array.from({ length: history.end - history.first }, (_, i) => fixed.data.voiceRecordAt(history.first + i).voiceId),
    );
  });

  it('more calls arrive as the clock moves, and the earlier ones stay as they were', async () => {
    const at = anchorMs + 10 * 60_000;
    live.data.live.setClock(at);
    const earlier = await allRecords<VoiceRecord>(live, PATHS.voiceRecords, window(anchorMs, at + HOUR_MS));
    live.data.live.setClock(at + 60_000);
    const later = await allRecords<VoiceRecord>(live, PATHS.voiceRecords, window(anchorMs, at + HOUR_MS));
    expect(later.length).toBeGreaterThan(earlier.length);
    expect(later.slice(later.length - earlier.length)).toEqual(earlier);
  });

  it('seats change status every few seconds, the same for the same seed and instant', () => {
    const at = anchorMs + 15 * 60_000;
    const now = statuses(live.data.seats(at));
    const fewSecondsLater = statuses(live.data.seats(at + 5_000));
    expect(fewSecondsLater).not.toEqual(now);
    expect(statuses(twin.data.seats(at))).toEqual(now);
    expect(now.every((status) => ['1', '2', '3', '4', '5'].includes(status))).toBe(true);
    // Before the anchor the fixed statuses are served.
    expect(statuses(live.data.seats(anchorMs - 1000))).toEqual(statuses(fixed.data.seats()));
  });

  it('serves the seat list at the live clock', async () => {
    const at = anchorMs + 7 * 60_000;
    live.data.live.setClock(at);
    const served = await allRecords<SeatRecord>(live, PATHS.seats, {});
    expect(served.map((seat) => seat.status)).toEqual(statuses(live.data.seats(at)));
  });

  it('switched off again, serves the fixed data', () => {
    twin.data.live.stop();
    const at = anchorMs + 9 * 60_000;
    expect(twin.data.live.callCount(at)).toBe(0);
    expect(statuses(twin.data.seats(at))).toEqual(statuses(fixed.data.seats()));
    twin.data.live.start({ callEveryMs: 10_000 });
    expect(twin.data.live.callCount(at)).toBe(live.data.live.callCount(at));
  });
});
