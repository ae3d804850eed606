/** Saved preferences: a value nested too deep (or too large), or a name too long or holding a control character, is refused through the bridge, naming the preference, never "internal". */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEPTH_MAX, PREFERENCE_KEY_MAX_CHARS } from '../../src/main/preferences';
import { startTestServices } from './support/services';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { inner: value } : [value];
  return value;
}

describe('savePreference', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'preferences-'));
  const { services, call } = startTestServices({ userDataDir });
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

  it('counts the 1 MB limit in the bytes written, so text of emoji or Chinese cannot make the file larger', async () => {
    // 600,000 UTF-16 units but 1.2 MB as UTF-8; and 400,000 characters of Chinese, 1.2 MB.
    for (const [key, value] of [['emoji', '😀'.repeat(300_000)], ['chinese', '中'.repeat(400_000)]]) {
      const refused = await call('savePreference', { key, value });
      expect(refused, key).toMatchObject({ ok: false, error: { code: 'validation', message: `The preference "${key}" is larger than 1 MB, so it was not kept.`, fields: { value: expect.any(String) } } });
    }
    const file = join(userDataDir, 'preferences.json');
    expect(await call('savePreference', { key: 'fits', value: '中'.repeat(300_000) })).toEqual({ ok: true, value: null });
    expect(Buffer.byteLength(readFileSync(file))).toBeLessThanOrEqual(1024 * 1024);
    expect(await call('savePreference', { key: 'fits', value: 1 })).toEqual({ ok: true, value: null });
  });

  it('refuses a name longer than 200 characters or holding a control character, naming the key', async () => {
    expect(await call('savePreference', { key: 'k'.repeat(PREFERENCE_KEY_MAX_CHARS), value: 1 })).toEqual({ ok: true, value: null });
    const tooLong = await call('savePreference', { key: 'k'.repeat(PREFERENCE_KEY_MAX_CHARS + 1), value: 1 });
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'validation', fields: { key: expect.stringContaining(`at most ${PREFERENCE_KEY_MAX_CHARS} characters`) } } });
    for (const key of ['a\u0000b', 'tab\there', 'line\nbreak', 'del\u007f', 'c1\u0085', 'c1\u009f']) {
      const refused = await call('savePreference', { key, value: 1 });
      expect(refused, JSON.stringify(key)).toMatchObject({ ok: false, error: { code: 'validation', fields: { key: expect.stringContaining('no control characters') } } });
    }
    const kept = await call<Record<string, unknown>>('loadPreferences');
    expect(kept.ok && Object.keys(kept.value).filter((key) => key.length > PREFERENCE_KEY_MAX_CHARS || /\p{Cc}/u.test(key))).toEqual([]);
    // Non-ASCII letters are no control characters.
    expect(await call('savePreference', { key: 'vue.列表.é', value: 1 })).toEqual({ ok: true, value: null });
    expect(await call('savePreference', { key: 'k'.repeat(PREFERENCE_KEY_MAX_CHARS), value: null })).toEqual({ ok: true, value: null });
  });

  it('keeps a setting the disk refused for the next write that goes through, so it is not lost', async () => {
    const file = join(userDataDir, 'preferences.json');
    rmSync(file, { force: true });
    // A folder where the file goes: nothing can be written over it (as a full or locked disk).
    mkdirSync(join(file, 'held'), { recursive: true });
    const refused = await call('savePreference', { key: 'numbers.view', value: { size: 50 } });
    expect(refused).toMatchObject({ ok: false });
    // A window opened meanwhile (a reload) is given it too.
    const loaded = await call<Record<string, unknown>>('loadPreferences');
    expect(loaded.ok && loaded.value['numbers.view']).toEqual({ size: 50 });
    rmSync(file, { recursive: true, force: true });
    expect(await call('savePreference', { key: 'seats.view', value: { size: 100 } })).toEqual({ ok: true, value: null });
    const written: unknown = JSON.parse(readFileSync(file, 'utf8'));
    expect(written).toMatchObject({ 'numbers.view': { size: 50 }, 'seats.view': { size: 100 } });
  });
});
