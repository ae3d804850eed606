/**
 * A batch goes out once, whatever two windows, two processes, a -18 or a crash do.
 * Every count here is the sandbox's own record of what it accepted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { createLogger } from '../../../src/main/log';
import { MmsHistory } from '../../../src/main/mms/history';
import { MmsJournal } from '../../../src/main/mms/journal';
import { refuseUnseenRepeats } from '../../../src/main/mms/repeat-guard';
import { findRepeats } from '../../../src/main/mms/repeats';
import { MmsSender, type SendTarget } from '../../../src/main/mms/sender';
import { NO_FAULTS, type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { platformError } from '../../../src/shared/errors';
import type { MmsDraft } from '../../../src/shared/mms/composer';
import { repeatSentence, withoutRepeats } from '../../../src/shared/mms/repeats';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { fail } from '../../../src/shared/result';

const log = createLogger({ console: false });
const draft: MmsDraft = { appId: 'app-1', content: 'Exactly once', mmsType: '1', mmsTitle: '', mmsFiles: '' };
const numbers = (count: number, start: number): string[] => Array.from({ length: count }, (_, i) => String(start + i));

describe('MMS writes happen once', () => {
  let sb: Sandbox;
  let client: PlatformClient;
  let folder: string;
  let id = 0;
  const nextId = (): string => `once-send-${String(++id).padStart(4, '0')}`;

  beforeAll(async () => {
    sb = await startSandbox({ seed: 5, volume: 'small' });
    client = createClient({ baseUrl: sb.baseUrl, ...sb.credentials, timeZone: 'UTC' });
  });
  afterAll(async () => {
    client.close();
    await sb.close();
  });
  beforeEach(() => {
    sb.setFaults(NO_FAULTS);
    folder = mkdtempSync(join(tmpdir(), 'mms-once-'));
  });

  /** One process's view of the data folder: its own identity, journal reader, history and sender. */
  function processOn(dataFolder: string): { history: MmsHistory; sender: MmsSender } {
    const self = { pid: process.pid, host: hostname(), process: randomUUID() };
    const history = new MmsHistory(new MmsJournal(join(dataFolder, 'mms-journal.jsonl')), log, { self });
    return {
      history,
      sender: new MmsSender({ history, log, emit: () => {}, checkRepeat: (request) => refuseUnseenRepeats(history, request, Date.now()) }),
    };
  }
  const target = (c: PlatformClient = client): SendTarget => ({ client: c, profileId: 'p1', profileName: 'Demo' });
  /** A client that answers the n-th MMS call with this error, without sending it. */
  function refusingOnCall(n: number, status: number): PlatformClient {
    let calls = 0;
    return {
      ...client,
      mmsSend: async (request, options) => {
        calls += 1;
        if (calls === n) return { ok: false, error: platformError(status, 'refused by the test') };
        return client.mmsSend(request, options);
      },
    };
  }
  const acceptedTimes = (list: readonly string[], from: number): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const message of sb.mmsSent.slice(from)) if (list.includes(message.number)) counts.set(message.number, (counts.get(message.number) ?? 0) + 1);
    return counts;
  };

  it('two resends of the same batch at the same moment send it once', async () => {
    const { sender } = processOn(folder);
    const first = numbers(3, 4410000000);
    const second = numbers(3, 4420000000);
    const sendId = nextId();
    const sent = await sender.send({ sendId, draft, batches: [first, second] }, target(refusingOnCall(1, -22)));
    expect(sent.ok && sent.value.batches.map((b) => b.status)).toEqual(['failed', 'not-sent']);
    const before = sb.mmsSent.length;
    const slowTarget = async (): Promise<SendTarget> => {
      await new Promise((done) => setTimeout(done, 20));
      return target();
    };
    const results = await Promise.all([
      sender.resend(sendId, 1, false, slowTarget),
      sender.resend(sendId, 1, false, slowTarget),
      sender.resend(sendId, 2, false, slowTarget),
      sender.resend(sendId, 2, false, slowTarget),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    const counts = acceptedTimes([...first, ...second], before);
    expect([...counts.values()]).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('a second process on the same data folder sees the batch being sent, cannot send it, and then sees it sent', async () => {
    const a = processOn(folder);
    const b = processOn(folder);
    expect(b.history.list()).toEqual([]);
    const all = numbers(6, 4430000000);
    const sendId = nextId();
    const before = sb.mmsSent.length;
    sb.setFaults({ latencyMs: 400 });
    const running = a.sender.send({ sendId, draft, batches: [all.slice(0, 3), all.slice(3)] }, target());
    await new Promise((done) => setTimeout(done, 150));

    const seen = b.history.summary(sendId);
    expect(seen?.batches[0]).toMatchObject({ status: 'sending', elsewhere: true });
    for (const batch of [1, 2]) {
      const again = await b.sender.resend(sendId, batch, true, async () => target());
      expect(again).toMatchObject({ ok: false, error: { code: 'busy' } });
    }
    const sameId = await b.sender.send({ sendId, draft, batches: [all.slice(0, 3), all.slice(3)] }, target());
    expect(sameId).toMatchObject({ ok: false, error: { code: 'already-sent' } });

    expect((await running).ok).toBe(true);
    expect(b.history.summary(sendId)?.batches.map((batch) => batch.status)).toEqual(['sent', 'sent']);
    expect(b.history.list().map((s) => s.status)).toEqual(['completed']);
    expect([...acceptedTimes(all, before).values()]).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("a second process is told, without asking, when another process's batch gets its answer", async () => {
    const a = processOn(folder);
    const b = processOn(folder);
    const told: string[][] = [];
    const stop = b.history.watch((sendIds) => told.push(sendIds), 50);
    try {
      const sendId = nextId();
      sb.setFaults({ latencyMs: 200 });
      const running = a.sender.send({ sendId, draft, batches: [numbers(2, 4450000000)] }, target());
      await expect.poll(() => told.flat().includes(sendId), { timeout: 5_000 }).toBe(true);
      expect((await running).ok).toBe(true);
      // The answer itself reaches b's windows too: the last summary b can read says "sent".
      await expect
        .poll(() => told.length > 0 && b.history.summary(sendId)?.batches[0].status, { timeout: 5_000 })
        .toBe('sent');
      await new Promise((done) => setTimeout(done, 200));
      const toldBefore = told.length;
      await new Promise((done) => setTimeout(done, 300));
      expect(told.length, 'nothing changed, so nothing is told again').toBe(toldBefore);
    } finally {
      stop();
    }
  });

  it('a batch claimed by a process that died shows as outcome unknown in another', async () => {
    const a = processOn(folder);
    const all = numbers(3, 4440000000);
    const sendId = nextId();
    sb.setFaults({ latencyMs: 300 });
    const running = a.sender.send({ sendId, draft, batches: [all] }, target());
    await new Promise((done) => setTimeout(done, 100));
    // Another process reading the claim as if its owner had died (a crash mid-batch).
    const b = new MmsHistory(new MmsJournal(join(folder, 'mms-journal.jsonl')), log, { isAlive: () => false });
    expect(b.summary(sendId)?.batches[0]).toMatchObject({ status: 'outcome-unknown', everUnknown: true });
    await running;
  });

  it('-18 on a send is "outcome unknown": a resend without acknowledgement is refused and nothing goes out', async () => {
    const { sender } = processOn(folder);
    const all = numbers(3, 4450000000);
    const sendId = nextId();
    const result = await sender.send({ sendId, draft, batches: [all] }, target(refusingOnCall(1, -18)));
    expect(result.ok && result.value.batches[0]).toMatchObject({ status: 'outcome-unknown', everUnknown: true });
    const before = sb.requestLog.length;
    expect(await sender.resend(sendId, 1, false, async () => target())).toMatchObject({ ok: false, error: { code: 'needs-confirmation' } });
    expect(sb.requestLog.length).toBe(before);
  });

  it('only refusals before any work make a batch sendable again without acknowledgement', async () => {
    for (const status of [-1, -2, -15, -16, -22, -29, -30, -31]) {
      const { sender } = processOn(mkdtempSync(join(tmpdir(), 'mms-once-')));
      const result = await sender.send({ sendId: nextId(), draft, batches: [['4460000001']] }, target(refusingOnCall(1, status)));
      expect(result.ok && result.value.batches[0].status, `status ${status}`).toBe('failed');
    }
    for (const status of [-18, -20, -23, -99]) {
      const { sender } = processOn(mkdtempSync(join(tmpdir(), 'mms-once-')));
      const result = await sender.send({ sendId: nextId(), draft, batches: [['4460000002']] }, target(refusingOnCall(1, status)));
      expect(result.ok && result.value.batches[0].status, `status ${status}`).toBe('outcome-unknown');
    }
  });

  it('a batch that was ever unknown stays so: a failed confirmed resend still needs the acknowledgement', async () => {
    const { sender } = processOn(folder);
    const sendId = nextId();
    await sender.send({ sendId, draft, batches: [['4470000001']] }, target(refusingOnCall(1, -18)));
    const resent = await sender.resend(sendId, 1, true, async () => target(refusingOnCall(1, -22)));
    expect(resent.ok && resent.value.batches[0]).toMatchObject({ status: 'failed', everUnknown: true });
    const before = sb.requestLog.length;
    expect(await sender.resend(sendId, 1, false, async () => target())).toMatchObject({ ok: false, error: { code: 'needs-confirmation' } });
    expect(sb.requestLog.length).toBe(before);
    // A second process reads the same.
    expect(processOn(folder).history.summary(sendId)?.batches[0]).toMatchObject({ status: 'failed', everUnknown: true });
  });

  it('a send whose every number was refused is not "completed"', async () => {
    const { sender } = processOn(folder);
    const refusing: PlatformClient = {
      ...client,
      mmsSend: async () => ({ ok: true, value: { accepted: 0, rejected: 2, messages: [], extra: {} } }),
    };
    const result = await sender.send({ sendId: nextId(), draft, batches: [['4480000001', '4480000002']] }, target(refusing));
    expect(result.ok && result.value.status).toBe('attention');
  });

  it('the journal refuses a client that fails before anything, keeping the batch sendable', async () => {
    const { sender } = processOn(folder);
    const offline: PlatformClient = { ...client, mmsSend: async () => fail('network', 'offline') };
    const result = await sender.send({ sendId: nextId(), draft, batches: [['4490000001']] }, target(offline));
    expect(result.ok && result.value.batches[0]).toMatchObject({ status: 'failed', everUnknown: false });
  });

  it('the same message to the same numbers within 24 hours: found, said plainly, and refused unless the review showed it', async () => {
    const a = processOn(folder);
    const b = processOn(folder);
    const first = numbers(1000, 4500000000);
    const before = sb.mmsSent.length;
    const at = Date.UTC(2026, 10, 23, 2, 42);
    expect((await a.sender.send({ sendId: nextId(), draft, batches: [first] }, target())).ok).toBe(true);

    const draftNumbers = [...first.slice(0, 500).map((n) => `+${n}`), ...numbers(10, 4510000000)];
    const repeats = findRepeats(b.history, draft.content, draftNumbers, Date.now());
    expect(repeats.map((r) => [r.numbers.length, r.accepted])).toEqual([[500, 500]]);
    const zone = parseTimeZone('+08:00') as TimeZone;
    expect(repeatSentence({ ...repeats[0], at }, zone)).toBe('500 of these numbers got this message at 2026-11-23 10:42.');
    expect(findRepeats(b.history, 'Another message', draftNumbers, Date.now())).toEqual([]);

    // Not shown by the review: refused under the lock, nothing sent.
    const unseen = await b.sender.send({ sendId: nextId(), draft, batches: [draftNumbers] }, target());
    expect(unseen).toMatchObject({ ok: false, error: { code: 'repeat-send' } });
    // Skipped (the default): only the new numbers go.
    const skipped = await b.sender.send({ sendId: nextId(), draft, batches: [withoutRepeats(draftNumbers, repeats)] }, target());
    expect(skipped.ok && skipped.value.recipients).toBe(10);
    // Sent again by the user's explicit choice.
    const again = await b.sender.send(
      { sendId: nextId(), draft, batches: [draftNumbers.slice(0, 5)], repeatsSeen: repeats.map((r) => r.sendId) },
      target(),
    );
    expect(again.ok).toBe(true);
    const counts = acceptedTimes([...first, ...draftNumbers], before);
    expect(counts.get(`+${first[0]}`)).toBe(1);
    expect(counts.get(first[0])).toBe(1);
    expect(counts.get(first[7])).toBe(1);
    expect(counts.get(numbers(1, 4510000000)[0])).toBe(1);
  });
});
