import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { answerOf, call, PATHS, status } from './signed-client';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ volume: 'small' });
});
afterAll(() => sandbox.close());

const base = { appId: 'Ab3xK9pQ', numbers: '+639171234567', content: 'Hello from the sandbox', mmsType: '1' };
const send = (body: unknown): Promise<string> => status(sandbox, PATHS.mmsSend, { body });

describe('MMS send', () => {
  let sentBefore = 0;
  beforeEach(() => {
    sentBefore = sandbox.mmsSent.length;
  });

  it('answers without an envelope: status, reason, success, fail and one msgId per accepted number', async () => {
    const answer = answerOf(
      await call(sandbox, PATHS.mmsSend, {
        body: {
          ...base,
          numbers: '+639171234567, 09171234567,abc,12345,+1234567890123456,639171234568',
          mmsTitle: 'Hi',
          mmsFiles: 'f1,f2',
        },
      }),
    );
    expect(answer).toMatchObject({ status: '0', success: '3', fail: '3' });
    expect(answer).not.toHaveProperty('data');
    const array = answer.array as { msgId: string; number: string }[];
    expect(array.map((item) => item.number)).toEqual(['+639171234567', '09171234567', '639171234568']);
    expect(new Set(array.map((item) => item.msgId)).size).toBe(3);
    const recorded = sandbox.mmsSent.slice(sentBefore);
    expect(recorded.map((item) => item.msgId)).toEqual(array.map((item) => item.msgId));
    expect(recorded[0]).toMatchObject({
      appId: 'Ab3xK9pQ',
      number: '+639171234567',
      content: base.content,
      mmsType: '1',
      title: 'Hi',
      files: ['f1', 'f2'],
      at: expect.any(Number),
    });
  });

  it('gives every accepted number a unique msgId across requests, duplicates included', async () => {
    await send({ ...base, numbers: '+639171234567,+639171234567' });
    await send(base);
    const ids = sandbox.mmsSent.map((item) => item.msgId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sandbox.mmsSent.length - sentBefore).toBe(3);
  });

  it('requires appId, numbers, content and mmsType (-22) and records nothing then', async () => {
    for (const key of ['appId', 'numbers', 'content', 'mmsType'] as const) {
      const { [key]: _left, ...rest } = base;
      expect(await send(rest)).toBe('-22');
      expect(await send({ ...base, [key]: '' })).toBe('-22');
    }
    expect(await send({ ...base, mmsType: 1 })).toBe('-22');
    expect(await send({ ...base, mmsType: '3' })).toBe('-22');
    expect(await send({ ...base, numbers: ['+639171234567'] })).toBe('-22');
    expect(await send('not json')).toBe('-22');
    expect(sandbox.mmsSent.length).toBe(sentBefore);
  });

  it('accepts 1000 recipients and answers -22 to 1001', async () => {
    const numbers = (count: number): string =>
      Array.from({ length: count }, (_, i) => `+63917${String(i).padStart(7, '0')}`).join(',');
    expect(await send({ ...base, numbers: numbers(1001) })).toBe('-22');
    const answer = answerOf(
      await call(sandbox, PATHS.mmsSend, { body: { ...base, numbers: numbers(1000) } }),
    );
    expect(answer).toMatchObject({ status: '0', success: '1000', fail: '0' });
    expect(sandbox.mmsSent.length - sentBefore).toBe(1000);
  });

  it('limits content to 1024 characters, the title to 80 and attachments to 3', async () => {
    expect(await send({ ...base, content: 'x'.repeat(1024) })).toBe('0');
    expect(await send({ ...base, content: 'x'.repeat(1025) })).toBe('-22');
    expect(await send({ ...base, content: '😀'.repeat(1024) })).toBe('0');
    expect(await send({ ...base, mmsTitle: 't'.repeat(80) })).toBe('0');
    expect(await send({ ...base, mmsTitle: 't'.repeat(81) })).toBe('-22');
    expect(await send({ ...base, mmsFiles: 'a,b,c' })).toBe('0');
    expect(await send({ ...base, mmsFiles: 'a,b,c,d' })).toBe('-22');
    expect(await send({ ...base, mmsFiles: 'a,,b' })).toBe('-22');
  });

  it('with mmsType 2 allows one billed unit: 160 GSM-7 characters or 70 otherwise', async () => {
    expect(await send({ ...base, mmsType: '2', content: 'a'.repeat(160) })).toBe('0');
    expect(await send({ ...base, mmsType: '2', content: 'a'.repeat(161) })).toBe('-22');
    expect(await send({ ...base, mmsType: '2', content: '€'.repeat(80) })).toBe('0');
    expect(await send({ ...base, mmsType: '2', content: '€'.repeat(81) })).toBe('-22');
    expect(await send({ ...base, mmsType: '2', content: '你'.repeat(70) })).toBe('0');
    expect(await send({ ...base, mmsType: '2', content: `${'a'.repeat(69)}你` })).toBe('0');
    expect(await send({ ...base, mmsType: '2', content: `${'a'.repeat(70)}你` })).toBe('-22');
    expect(await send({ ...base, mmsType: '1', content: 'a'.repeat(500) })).toBe('0');
  });

  it('counts a request where every number is invalid as all failed, recording nothing', async () => {
    const answer = answerOf(await call(sandbox, PATHS.mmsSend, { body: { ...base, numbers: 'abc,12' } }));
    expect(answer).toMatchObject({ status: '0', success: '0', fail: '2', array: [] });
    expect(sandbox.mmsSent.length).toBe(sentBefore);
  });
});
