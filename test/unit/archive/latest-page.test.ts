/**
 * A newer archive page from the same screen gives up the older one (it answers
 * "cancelled", which the screen ignores), while pages of other screens are all answered.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchivePage } from '../../../src/shared/methods/archive';
import type { VoiceRecord } from '../../../src/shared/records';
import type { Result } from '../../../src/shared/result';
import { startTestServices, type TestServices } from '../support/services';
import { generateVoiceArchive } from './generated-archive';

const NEWEST_MS = Date.UTC(2026, 10, 22);
const window = { strTime: new Date(NEWEST_MS - 60 * 86_400_000).toISOString(), endTime: new Date(NEWEST_MS + 1000).toISOString() };
const pageOf = (more: object) => ({ operation: 'voiceRecords', params: window, offset: 0, limit: 25, ...more });

describe('archive pages of one screen', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'latest-page-'));
  let test: TestServices;
  beforeAll(async () => {
    mkdirSync(join(userDataDir, 'archive'));
    await generateVoiceArchive(join(userDataDir, 'archive', 'sandbox.duckdb'), 50_000, { newestMs: NEWEST_MS });
    test = startTestServices({ userDataDir });
  }, 60_000);
  afterAll(() => test.services.close());

  it('a newer page from the same screen gives up the older one; other screens are answered', async () => {
    const [older, newer, elsewhere] = (await Promise.all([
      test.call('archivePage', pageOf({ screen: 'voice-1', search: 'Callee 4' })),
      test.call('archivePage', pageOf({ screen: 'voice-1', offset: 25 })),
      test.call('archivePage', pageOf({ screen: 'voice-2', search: 'Callee 4' })),
    ])) as Result<ArchivePage<VoiceRecord>>[];
    expect(older).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(newer).toMatchObject({ ok: true, value: { total: 50_000 } });
    expect(elsewhere.ok && elsewhere.value.total).toBeGreaterThan(0);
    // The screen's next page, once the older one is done with, is answered as ever.
    expect(await test.call('archivePage', pageOf({ screen: 'voice-1' }))).toMatchObject({ ok: true, value: { total: 50_000 } });
  });

  it('pages without a screen key are never given up', async () => {
    const answers = await Promise.all([test.call('archivePage', pageOf({})), test.call('archivePage', pageOf({ offset: 25 }))]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
  });
});
