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

  it('refuses a number JSON cannot keep anywhere in the value, naming where, instead of keeping null', async () => {
    for (const [value, path] of [
      [Infinity, 'value'],
      [{ widths: { name: 120, notes: -Infinity } }, 'value.widths.notes'],
      [{ columns: ['a', 'b'], sizes: [10, NaN] }, 'value.sizes[1]'],
    ] as const) {
      const refused = await call('savePreference', { key: 'voiceRecords.view', value });
      expect(refused, path).toMatchObject({
        ok: false,
        error: { code: 'validation', message: `The preference "voiceRecords.view" holds a number that is not finite at ${path}, so it was not kept.`, fields: { [path]: expect.any(String) } },
      });
    }
    const kept = await call<Record<string, unknown>>('loadPreferences');
    expect(kept.ok && Object.hasOwn(kept.value, 'voiceRecords.view')).toBe(false);
  });

  it('refuses an empty name and the names of an object\'s machinery', async () => {
    for (const key of ['', '  ', '__proto__', 'constructor', 'prototype']) {
      const refused = await call('savePreference', { key, value: 1 });
      expect(refused, key).toMatchObject({ ok: false, error: { code: 'validation', fields: { key: expect.stringContaining('cannot name a preference') } } });
    }
    const kept = await call<Record<string, unknown>>('loadPreferences');
    expect(kept.ok && Object.keys(kept.value).filter((key) => ['', '  ', '__proto__', 'constructor', 'prototype'].includes(key))).toEqual([]);
  });

  it('refuses a value too large to keep, naming it', async () => {
    const refused = await call('savePreference', { key: 'big', value: 'x'.repeat(2 * 1024 * 1024) });
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation', message: 'The preference "big" is larger than 1 MB, so it was not kept.' } });
  });
});
