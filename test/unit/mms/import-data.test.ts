/**
 * importMmsRecipients: the file crosses the bridge as standard base64 (padded or not, no
 * spaces or line breaks). Data that is not base64 arrived broken: it is refused at its field,
 * never read as what is left of it (Buffer.from skips what it cannot decode).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBase64 } from '../../../src/shared/base64';
import type { ImportedRecipients } from '../../../src/shared/methods/mms';
import { startTestServices } from '../support/services';

const NOT_WHOLE = 'The file could not be read: it did not arrive whole. Choose it again.';
const whole = Buffer.from('8613800000001\n8613800000002\n').toString('base64');

describe('importMmsRecipients', () => {
  const { services, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'mms-import-data-')) });
  afterAll(() => services.close());

  it('refuses data that is not base64 at dataBase64, saying the file did not arrive whole, instead of calling it empty', async () => {
    const broken = [
      '!!!!',
      'not base64',
      `${whole.slice(0, 8)}\r\n${whole.slice(8)}`,
      `${whole}A`,
      `_${whole.slice(1)}`,
      'QQ=Q',
      'QQ===',
      'QUJD=',
      '====',
    ];
    for (const dataBase64 of broken) {
      const refused = await call<ImportedRecipients>('importMmsRecipients', { fileName: 'list.csv', dataBase64 });
      expect(refused, JSON.stringify(dataBase64)).toEqual({ ok: false, error: { code: 'validation', message: NOT_WHOLE, fields: { dataBase64: NOT_WHOLE } } });
    }
  });

  it('passes data sent whole, padded or not, on to the reader, and still calls an empty file empty', async () => {
    // A kind the reader refuses before it starts a worker: what answers is the reader, not the data check.
    for (const dataBase64 of [whole, whole.replace(/=+$/, '')]) {
      const read = await call('importMmsRecipients', { fileName: 'list.pdf', dataBase64 });
      expect(read, dataBase64).toMatchObject({ ok: false, error: { code: 'unsupported-file' } });
    }
    expect(await call('importMmsRecipients', { fileName: 'list.csv', dataBase64: '' })).toMatchObject({ ok: false, error: { code: 'import-failed', message: 'The file is empty.' } });
  });
});

describe('isBase64', () => {
  it('takes standard base64 padded or not, and nothing else', () => {
    for (const text of ['', 'QQ==', 'QQ', 'QUI=', 'QUI', 'QUJD', 'a+/9', 'QUJDRA']) expect(isBase64(text), text).toBe(true);
    for (const text of ['Q', 'QUJDR', 'Q===', 'QQ=', 'QUJD=', 'QUJD==', 'QQ=Q', '=', 'a-_9', 'QU JD', 'QUJD\n', '中文']) expect(isBase64(text), text).toBe(false);
  });
});
