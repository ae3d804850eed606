/** Saved preferences: a value nested too deep (or too large) is refused through the bridge, naming the preference, never "internal". */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEPTH_MAX } from '../../src/main/preferences';
import { startTestServices } from './support/services';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { inner: value } : [value];
  return value;
}

describe('savePreference', () => {
  const { services, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'preferences-')) });
  afterAll(() => services.close());

  it('refuses a value nested deeper than a preference can be, naming it, and keeps the others', async () => {
    expect(await call('savePreference', { key: 'voiceRecords.columns', value: nested(PREFERENCE_DEPTH_MAX) })).toEqual({ ok: true, value: null });
    for (const depth of [PREFERENCE_DEPTH_MAX + 1, 100_000]) {
      const refused = await call('savePreference', { key: 'voiceRecords.filters', value: nested(depth) });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'validation', message: `The preference "voiceRecords.filters" nests deeper than ${PREFERENCE_DEPTH_MAX} levels, so it was not kept.`, fields: { value: expect.any(String) } },
      });
    }
    const kept = await call<Record<string, unknown>>('loadPreferences');
    expect(kept.ok && Object.keys(kept.value)).toEqual(['voiceRecords.columns']);
  });

  it('refuses a value too large to keep, naming it', async () => {
    const refused = await call('savePreference', { key: 'big', value: 'x'.repeat(2 * 1024 * 1024) });
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation', message: 'The preference "big" is larger than 1 MB, so it was not kept.' } });
  });
});
