import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { createLogger } from '../../../src/main/log';
import { MmsHistory } from '../../../src/main/mms/history';
import { MmsJournal } from '../../../src/main/mms/journal';
import { MmsSender, type SendTarget } from '../../../src/main/mms/sender';
import { NO_FAULTS, type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { splitIntoBatches } from '../../../src/shared/mms/batches';
import type { MmsDraft } from '../../../src/shared/mms/composer';
import type { MmsSendSummary } from '../../../src/shared/mms/records';

const log = createLogger({ console: false });
const draft: MmsDraft = { appId: 'app-1', content: 'Hello from the test', mmsType: '1', mmsTitle: '', mmsFiles: '' };
const numbers = (count: number, start: number): string[] => Array.from({ length: count }, (_, i) => String(start + i));

describe('MmsSender against the sandbox', () => {
  let sb: Sandbox;
  let client: PlatformClient;
  let journal: MmsJournal;
  let history: MmsHistory;
  let sender: MmsSender;
  let timeoutMs: number | undefined;
  const progress: MmsSendSummary[] = [];
  let id = 0;
  const nextId = (): string => `test-send-${String(++id).padStart(4, '0')}`;

  beforeAll(async () => {
    sb = await startSandbox({ seed: 3, volume: 'small' });
    client = createClient({ baseUrl: sb.baseUrl, ...sb.credentials, timeZone: 'UTC' });
  });
  afterAll(async () => {
    client.close();
    await sb.close();
  });
  beforeEach(() => {
    sb.setFaults(NO_FAULTS);
    journal = new MmsJournal(join(mkdtempSync(join(tmpdir(), 'mms-sender-')), 'mms-journal.jsonl'));
    history = new MmsHistory(journal, log);
    timeoutMs = undefined;
    progress.length = 0;
    sender = new MmsSender({ history, log, emit: (s) => progress.push(s), timeoutMs: () => timeoutMs });
  });

  /** A client whose n-th MMS call runs with the given faults (then they are cleared). */
  function targetWithFaultOnCall(n: number, faults: Parameters<Sandbox['setFaults']>[0]): SendTarget {
    let calls = 0;
    const wrapped: PlatformClient = {
      ...client,
      mmsSend: async (request, options) => {
        calls += 1;
        if (calls === n) sb.setFaults(faults);
        try {
          return await client.mmsSend(request, options);
        } finally {
          if (calls === n) sb.setFaults(NO_FAULTS);
        }
      },
    };
    return { client: wrapped, profileId: 'p1', profileName: 'Demo' };
  }
  const plainTarget = (): SendTarget => ({ client, profileId: 'p1', profileName: 'Demo' });

  it('sends every batch once, in order, and journals before and after each call', async () => {
    const before = sb.mmsSent.length;
    const all = numbers(2200, 8613800000000);
    const sendId = nextId();
    const result = await sender.send({ sendId, draft, batches: splitIntoBatches(all) }, plainTarget());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.batches.map((b) => [b.status, b.size, b.accepted])).toEqual([
      ['sent', 1000, 1000],
      ['sent', 1000, 1000],
      ['sent', 200, 200],
    ]);
    const sent = sb.mmsSent.slice(before).map((m) => m.number);
    expect(sent).toEqual(all);
    expect(result.value.rows.every((row) => row.outcome === 'accepted' && row.msgId)).toBe(true);
    const phases = journal.read().entries.map((e) => (e.kind === 'send' ? 'send' : `${e.batch}:${e.phase}`));
    expect(phases).toEqual(['send', '1:about-to-send', '1:answered', '2:about-to-send', '2:answered', '3:about-to-send', '3:answered']);
    expect(progress.at(-1)?.status).toBe('completed');
  });

  it('refuses the same send id twice: a send is never made twice', async () => {
    const sendId = nextId();
    const request = { sendId, draft, batches: [numbers(3, 4400000000)] };
    expect((await sender.send(request, plainTarget())).ok).toBe(true);
    const before = sb.requestLog.length;
    const again = await sender.send(request, plainTarget());
    expect(again).toMatchObject({ ok: false, error: { code: 'already-sent' } });
    expect(sb.requestLog.length).toBe(before);
  });

  it('refuses an invalid request before anything is written or sent', async () => {
    const before = sb.requestLog.length;
    for (const bad of [
      { draft: { ...draft, content: 'x'.repeat(1025) }, batches: [['123456']] },
      { draft, batches: [['123456', '123456']] },
      { draft, batches: [['12345a']] },
      { draft, batches: [numbers(1001, 5500000000)] },
      { draft, batches: [] },
    ]) {
      const result = await sender.send({ sendId: nextId(), ...bad }, plainTarget());
      expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(sb.requestLog.length).toBe(before);
    expect(journal.read().entries).toEqual([]);
  });

  it('names the batch, the entry and why when a batch holds an invalid or repeated number or too many', () => {
    const refusal = (batches: string[][]): unknown => {
      const result = sender.check({ sendId: nextId(), draft, batches });
      return result.ok ? null : result.error;
    };
    expect(refusal([['123456'], ['8613800000011', '+8613800000051,+8613800000052']])).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/^Batch 2, recipient 2 \("\+8613800000051,\+8613800000052"\) is not a phone number/),
      fields: { numbers: expect.stringContaining('Batch 2, recipient 2') },
    });
    expect(refusal([['123456', '12345']])).toMatchObject({
      message: expect.stringMatching(/^Batch 1, recipient 2 \("12345"\) .*fewer than 6 digits/),
      fields: { numbers: expect.any(String) },
    });
    expect(refusal([['123456', '8613800000011'], ['654321', '+8613800000011']])).toMatchObject({
      message: 'Batch 2, recipient 2 ("+8613800000011") repeats batch 1, recipient 2: each number is sent once.',
      fields: { numbers: 'Batch 2, recipient 2 ("+8613800000011") repeats batch 1, recipient 2: each number is sent once.' },
    });
    expect(refusal([['123456', ' ']])).toMatchObject({
      message: 'Batch 1, recipient 2 is empty: remove it.',
      fields: { numbers: expect.any(String) },
    });
    expect(refusal([['+44 7700 900123']])).toMatchObject({
      message: expect.stringMatching(/^Batch 1, recipient 1 \("\+44 7700 900123"\) must be sent as \+447700900123/),
      fields: { numbers: expect.any(String) },
    });
    expect(refusal([['123456'], numbers(1001, 5500000000)])).toMatchObject({
      message: 'Batch 2 holds 1,001 recipients: each batch must hold 1 to 1,000.',
      fields: { numbers: 'Batch 2 holds 1,001 recipients: each batch must hold 1 to 1,000.' },
    });
    expect(refusal([['123456'], []])).toMatchObject({
      message: 'Batch 2 holds 0 recipients: each batch must hold 1 to 1,000.',
      fields: { numbers: expect.any(String) },
    });
  });

  it('a timeout on batch 2 makes it "outcome unknown", stops, and nothing is re-sent', async () => {
    const before = sb.mmsSent.length;
    const logBefore = sb.requestLog.length;
    const all = numbers(2200, 8613900000000);
    timeoutMs = 300;
    const sendId = nextId();
    const result = await sender.send(
      { sendId, draft, batches: splitIntoBatches(all) },
      targetWithFaultOnCall(2, { latencyMs: 600 }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.batches.map((b) => b.status)).toEqual(['sent', 'outcome-unknown', 'not-sent']);
    expect(result.value.batches[1].error?.code).toBe('outcome-unknown');
    // The sandbox still processes the slow request: received once, never again.
    await new Promise((done) => setTimeout(done, 700));
    const mmsCalls = sb.requestLog.slice(logBefore).filter((e) => e.path === '/v3/mmsSend');
    expect(mmsCalls).toHaveLength(2);
    expect(sb.mmsSent.slice(before).map((m) => m.number)).toEqual(all.slice(0, 2000));

    // Resending an unknown batch needs the user's word; a sent batch never goes again.
    expect(await sender.resend(sendId, 2, false, async () => plainTarget())).toMatchObject({ ok: false, error: { code: 'needs-confirmation' } });
    expect(await sender.resend(sendId, 1, true, async () => plainTarget())).toMatchObject({ ok: false, error: { code: 'already-sent' } });
    // The batch that was never sent goes out when asked, once.
    const third = await sender.resend(sendId, 3, false, async () => plainTarget());
    expect(third.ok && third.value.batches.map((b) => b.status)).toEqual(['sent', 'outcome-unknown', 'sent']);
    expect(sb.mmsSent.slice(before).map((m) => m.number)).toEqual([...all.slice(0, 2000), ...all.slice(2000)]);
    const resentTwo = await sender.resend(sendId, 2, true, async () => plainTarget());
    expect(resentTwo.ok && resentTwo.value.batches[1]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a dropped connection after the platform processed the batch is "outcome unknown" too', async () => {
    const sendId = nextId();
    const result = await sender.send(
      { sendId, draft, batches: [numbers(2, 7700000000), numbers(2, 7800000000)] },
      targetWithFaultOnCall(1, { dropRate: 1 }),
    );
    expect(result.ok && result.value.batches.map((b) => b.status)).toEqual(['outcome-unknown', 'not-sent']);
  });

  it('a definite platform refusal (-30, key disabled) is "failed" and stops the send', async () => {
    const before = sb.mmsSent.length;
    sb.setAccount(sb.credentials.apiKey, { enabled: false });
    try {
      const result = await sender.send({ sendId: nextId(), draft, batches: [numbers(2, 6600000000), numbers(2, 6700000000)] }, plainTarget());
      expect(result.ok && result.value.batches.map((b) => [b.status, b.error?.code])).toEqual([['failed', 'platform:-30'], ['not-sent', undefined]]);
    } finally {
      sb.setAccount(sb.credentials.apiKey, { enabled: true });
    }
    expect(sb.mmsSent.length).toBe(before);
  });

  it('-18 (system error) on a send is "outcome unknown", not a failure to resend at once', async () => {
    const result = await sender.send(
      { sendId: nextId(), draft, batches: [numbers(2, 6800000000), numbers(2, 6900000000)] },
      targetWithFaultOnCall(1, { errorRate: 1 }),
    );
    expect(result.ok && result.value.batches.map((b) => b.status)).toEqual(['outcome-unknown', 'not-sent']);
  });

  it('sends nothing when the journal cannot be written', async () => {
    const broken = new MmsHistory(new MmsJournal(join(tmpdir(), 'no-such-dir-for-mms', 'x', 'journal.jsonl')), log);
    const brokenSender = new MmsSender({ history: broken, log, emit: () => {} });
    const before = sb.requestLog.length;
    const result = await brokenSender.send({ sendId: nextId(), draft, batches: [['123456']] }, plainTarget());
    expect(result).toMatchObject({ ok: false, error: { code: 'journal' } });
    expect(sb.requestLog.length).toBe(before);
  });
});
