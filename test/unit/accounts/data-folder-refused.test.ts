/**
 * A data folder the file system refuses (here: a file stands where the folder should be)
 * answers a save with what to check and where, never as a fault of the app.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServices, valueOf } from '../support/services';

describe('a save into a data folder the file system refuses', () => {
  const root = mkdtempSync(join(tmpdir(), 'data-folder-refused-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says which folder could not be used and what to check, as a file error, not "internal"', async () => {
    const dataFolder = join(root, 'Switchboard');
    const { call } = startTestServices({ userDataDir: dataFolder });
    valueOf(await call('savePreference', { key: 'voiceRecords.columns', value: ['voiceId'] }));
    // The folder goes, and a file takes its place: nothing can be written there.
    rmSync(dataFolder, { recursive: true });
    writeFileSync(dataFolder, 'not a folder');
    const refused = await call('savePreference', { key: 'voiceRecords.columns', value: ['callee'] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'file-error', said: { key: 'errors_file_failed' } } });
    if (refused.ok) throw new Error('saved');
    expect(refused.error.message).toBe(`Switchboard could not use ${dataFolder}. Check that its disk is there and working, then try again.`);
    expect(refused.error.detail).toMatch(/^(ENOTDIR|EEXIST)/);
  });
});
