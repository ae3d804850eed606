/**
 * The MMS fields the spec leaves loose are bounded before anything is journaled or sent:
 * the app id, the attachment ids (ids as the upload returns them, never links or paths),
 * and no control character or broken character in the subject or the content.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkComposer, type MmsDraft } from '../../../src/shared/mms/composer';
import type { MmsSendSummary } from '../../../src/shared/mms/records';
import { cleanRecipientText } from '../../../src/shared/mms/recipients';
import type { MmsSendRequest } from '../../../src/shared/requests';
import { validateMmsSend } from '../../../src/shared/validation';
import { startSandbox } from '../../../src/main/sandbox';
import { startTestServices, type TestServices, valueOf } from '../support/services';

const request: MmsSendRequest = { appId: '4luaKsL2', numbers: '91856321412,91856321413', content: 'helloworld', mmsType: '1' };
const MB = 1024 * 1024;

function fieldsOf(patch: Partial<MmsSendRequest>): Record<string, string> {
  const result = validateMmsSend({ ...request, ...patch });
  return result.ok ? {} : (result.error.fields ?? {});
}

describe('the MMS fields the spec leaves loose', () => {
  it('refuses an app id longer than 64 characters or holding anything but letters, digits, - and _', () => {
    for (const appId of ['a'.repeat(65), 'A'.repeat(MB), 'app id', 'app/1', 'app\u0000', '应用']) {
      expect(fieldsOf({ appId }).appId, appId.slice(0, 20)).toMatch(/1 to 64 letters, digits/);
    }
    for (const appId of ['4luaKsL2', 'Ab3xK9pQ', 'app-demo-01', 'app_2', ' 0042 ', 'a'.repeat(64)]) expect(fieldsOf({ appId }), appId).toEqual({});
  });

  it('refuses content that only looks typed: invisible characters (zero-width space, word joiner, BOM) and spaces bill a blank MMS', () => {
    for (const content of ['\u200b', '\u200b\u2060\ufeff', ' \u200c \n\u200d ', '\u00a0\u3000']) {
      expect(fieldsOf({ content }).content, JSON.stringify(content)).toBe('Enter the message content.');
    }
    expect(fieldsOf({ content: 'hi\u200b' })).toEqual({});
    // An emoji sequence joined by zero-width joiners is content.
    expect(fieldsOf({ content: '👩\u200d💻' })).toEqual({});
  });

  it('refuses the same attachment id twice, naming both places', () => {
    expect(fieldsOf({ mmsFiles: '57_3_1.png, 57_3_2.png,57_3_1.png' }).mmsFiles).toBe(
      'Attachment 3 ("57_3_1.png") repeats attachment 1: attach each file once.',
    );
    expect(fieldsOf({ mmsFiles: '57_3_1.png,57_3_2.png' })).toEqual({});
  });

  it('refuses attachment entries that are links, paths, control characters or too long, naming the entry', () => {
    const bad = ['javascript:alert(1)', 'file:///etc/passwd', 'https://cdn.example/a.png', '../a.png', 'a\u0000b', 'a b', 'x'.repeat(129), 'x'.repeat(MB)];
    for (const entry of bad) {
      const message = fieldsOf({ mmsFiles: `57_3_1727059993381.txt,${entry}` }).mmsFiles;
      expect(message, entry.slice(0, 20)).toMatch(/^Attachment 2 \(".*"\) is not an attachment id/);
      expect(message.length).toBeLessThan(400);
    }
    // The platform's own sample, the sandbox tests' ids, and the longest id taken.
    expect(fieldsOf({ mmsFiles: '57_3_1727059993381.txt,57_5_1727059993382.txt', mmsTitle: 'title' })).toEqual({});
    expect(fieldsOf({ mmsFiles: ['f1', 'f2.png', 'A-b_c.JPG'] })).toEqual({});
    expect(fieldsOf({ mmsFiles: 'x'.repeat(128) })).toEqual({});
  });

  it('refuses control characters and broken characters in the subject', () => {
    for (const mmsTitle of ['a\u0000b', 'two\nlines', 'tab\there', 'bell\u0007', 'c1\u0085', 'half \uD83D']) {
      expect(fieldsOf({ mmsTitle }).mmsTitle, JSON.stringify(mmsTitle)).toMatch(/control character|half of a character/);
    }
    expect(fieldsOf({ mmsTitle: '周末优惠 🎉 Offer' })).toEqual({});
  });

  it('keeps line breaks and tabs in the content, and refuses other control characters and broken characters', () => {
    expect(fieldsOf({ content: 'Dear customer,\r\n\tyour order 😀 已发货。\nThanks' })).toEqual({});
    expect(fieldsOf({ content: 'a\u0000b' }).content).toBe('Character 2 is an invisible control character (U+0000): delete it.');
    expect(fieldsOf({ content: 'ok \uDE00' }).content).toMatch(/^Character 4 is half of a character \(U\+DE00/);
    expect(fieldsOf({ content: 'esc\u001b[31m' }).content).toMatch(/U\+001B/);
  });

  it('refuses content of nothing but spaces and line breaks: that is an empty message', () => {
    for (const content of [' ', '   \n  ', '\t\r\n', '\u3000\u3000']) {
      expect(fieldsOf({ content }).content, JSON.stringify(content)).toBe('Enter the message content.');
    }
    expect(fieldsOf({ content: '  hi  ' })).toEqual({});
  });

  it('shows the same refusals in the composer, at their fields', () => {
    const draft: MmsDraft = { appId: 'app-1', content: 'Hello', mmsType: '1', mmsTitle: 'Hi\u0000', mmsFiles: 'javascript:alert(1)' };
    const { fields } = checkComposer(draft, cleanRecipientText('123456'));
    expect(Object.keys(fields).sort()).toEqual(['mmsFiles', 'mmsTitle']);
  });
});

describe('sendMms through the bridge', () => {
  let test: TestServices;
  let sent = 0;
  const sendId = (): string => `field-limit-${String(++sent).padStart(4, '0')}`;
  const draft: MmsDraft = { appId: 'Ab3xK9pQ', content: 'Hello', mmsType: '1', mmsTitle: '', mmsFiles: '' };

  beforeAll(() => {
    test = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'mms-limits-')) });
  });
  afterAll(async () => {
    await test.services.close();
  });

  it('journals nothing for a draft with a 1 MB app id or attachment id, says which field to fix, and sends a realistic draft', async () => {
    const bad: Partial<MmsDraft>[] = [
      { appId: 'A'.repeat(MB) },
      { mmsFiles: 'f'.repeat(MB) },
      { mmsFiles: 'javascript:alert(1)' },
      { mmsTitle: 'title\u0000' },
    ];
    for (const patch of bad) {
      const result = await test.call('sendMms', { sendId: sendId(), draft: { ...draft, ...patch }, batches: [['4470400000001']] });
      expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
      if (!result.ok) expect(Object.keys(result.error.fields ?? {})).toEqual(Object.keys(patch));
    }
    expect(await test.call<MmsSendSummary[]>('listMmsHistory')).toEqual({ ok: true, value: [] });

    const good = { ...draft, mmsTitle: '周末优惠', mmsFiles: '57_3_1727059993381.txt', content: 'Line one\nLine two' };
    const result = await test.call('sendMms', { sendId: sendId(), draft: good, batches: [['4470400000001']] });
    expect(result.ok).toBe(true);
    const history = await test.call<MmsSendSummary[]>('listMmsHistory');
    expect(history.ok ? history.value.length : 0).toBe(1);
  });

  it('goes out through the profile the confirmation named, even when another window made another profile active meanwhile', async () => {
    const other = await startSandbox({ volume: 'small', accounts: [{ apiKey: 'other-desk-key', apiSecret: 'Other-Desk-Secret-91f3' }] });
    try {
      const shown = valueOf(await test.call<{ activeProfileId: string }>('listProfiles')).activeProfileId;
      const saved = valueOf(
        await test.call<{ id: string }>('saveProfile', {
          name: 'Other desk',
          baseUrl: other.baseUrl,
          apiKey: 'other-desk-key',
          apiSecret: 'Other-Desk-Secret-91f3',
          defaultAppId: 'Ab3xK9pQ',
          timeZone: '+08:00',
          pageSize: 25,
        }),
      );
      // The second window switches: the first still shows, and its user confirmed, the first profile.
      valueOf(await test.call('setActiveProfile', { id: saved.id }));
      const result = await test.call<{ profileId: string }>('sendMms', {
        sendId: sendId(),
        profileId: shown,
        draft: { ...draft, content: 'Sent from the profile shown' },
        batches: [['4470400000009']],
      });
      expect(valueOf(result).profileId).toBe(shown);
      expect(other.mmsSent).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
