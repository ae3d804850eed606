import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomically } from './atomic-file';
import { echoInput } from '../shared/echo';
import { m } from '../shared/i18n';
import { isRecord } from '../shared/parse';
import { ok, type Result } from '../shared/result';

const MAX_BYTES = 1024 * 1024;
/** Deeper than any screen's preference (filters, columns, sizes): deeper is no preference, and too deep to write as JSON safely. */
export const PREFERENCE_DEPTH_MAX = 32;
/** Longer than any screen's name for a preference (`view:voice-records`, `live.<profile id>`). */
export const PREFERENCE_KEY_MAX_CHARS = 200;
/** Names no preference may have: nothing, or an object's own machinery. */
const RESERVED_KEYS = new Set(['', '__proto__', 'constructor', 'prototype']);

/**
 * Small per-screen preferences (filters, page sizes, columns) in userData, so each
 * screen comes back as the user left it. Written atomically; a corrupt file starts over.
 */
export class Preferences {
  private cache: Record<string, unknown> | null = null;
  /** The file as it was when read: another process (or a reset) that rewrites it is seen. */
  private readStamp = '';
  /** Settings the disk refused (full, locked): the next write that goes through carries them, so none is lost. */
  private unsaved: Record<string, unknown> = {};

  constructor(private readonly file: string) {}

  /** The preferences: the file's, and any the disk refused this session. */
  all(): Record<string, unknown> {
    const onDisk = this.onDisk();
    return Object.keys(this.unsaved).length === 0 ? onDisk : { ...onDisk, ...this.unsaved };
  }

  private onDisk(): Record<string, unknown> {
    const stamp = this.stamp();
    if (this.cache && stamp === this.readStamp) return this.cache;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      this.cache = isRecord(parsed) ? parsed : {};
    } catch {
      this.cache = {};
    }
    this.readStamp = stamp;
    return this.cache;
  }

  private stamp(): string {
    try {
      const { mtimeMs, size } = statSync(this.file);
      return `${mtimeMs}:${size}`;
    } catch {
      return 'none';
    }
  }

  /**
   * Keeps a preference. Refused, naming the field: a reserved or empty name, one too long or
   * holding a control character, a value nested too deep or too large to keep, or one holding
   * a number JSON cannot keep (NaN, ±Infinity would come back as null).
   */
  set(key: string, value: unknown): Result<null> {
    const shown = echoInput(key, 60);
    const badKey = keyProblem(key, shown);
    if (badKey !== null) return refuse('key', badKey);
    const { depth, notFinite } = shapeOf(value, PREFERENCE_DEPTH_MAX);
    if (depth > PREFERENCE_DEPTH_MAX) {
      return refuse('value', m.errors_pref_too_deep({ key: shown, depth: PREFERENCE_DEPTH_MAX }));
    }
    if (notFinite !== null) {
      const path = echoInput(notFinite);
      return refuse(path, m.errors_pref_not_finite({ key: shown, path }));
    }
    const next = { ...this.all(), [key]: value };
    const text = JSON.stringify(next);
    // Bytes as written (UTF-8): an emoji is 2 UTF-16 units but 4 bytes, a Chinese character 1 but 3.
    if (Buffer.byteLength(text) > MAX_BYTES) return refuse('value', m.errors_pref_too_large({ key: shown, size: MAX_BYTES / 1024 / 1024 }));
    try {
      writeFileAtomically(this.file, text);
    } catch (error) {
      this.unsaved = { ...this.unsaved, [key]: value };
      throw error;
    }
    this.unsaved = {};
    this.cache = next;
    this.readStamp = this.stamp();
    return ok(null);
  }
}

/** Why `key` cannot name a preference (`shown` is how a message repeats it), or null. */
function keyProblem(key: string, shown: string): string | null {
  if (RESERVED_KEYS.has(key.trim())) return m.errors_pref_key_reserved({ key: shown });
  if (key.length > PREFERENCE_KEY_MAX_CHARS) return m.errors_pref_key_too_long({ key: shown, max: PREFERENCE_KEY_MAX_CHARS });
  if (/\p{Cc}/u.test(key)) return m.errors_pref_key_control({ key: shown });
  return null;
}

function refuse(field: string, message: string): Result<never> {
  return { ok: false, error: { code: 'validation', message, fields: { [field]: message } } };
}

/**
 * In one walk without recursion: how deep a value nests (a leaf is 0), counted no further
 * than just past `limit`, and where in it the first NaN or ±Infinity is (`value.widths[1]`), or null.
 */
function shapeOf(value: unknown, limit: number): { depth: number; notFinite: string | null } {
  let deepest = 0;
  let notFinite: string | null = null;
  const pending: [unknown, number, string][] = [[value, 0, 'value']];
  while (pending.length > 0) {
    const [current, depth, at] = pending.pop() as [unknown, number, string];
    if (typeof current === 'number' && !Number.isFinite(current)) notFinite ??= at;
    if (typeof current !== 'object' || current === null) continue;
    const inner = depth + 1;
    deepest = Math.max(deepest, inner);
    if (inner > limit) return { depth: inner, notFinite };
    if (Array.isArray(current)) current.forEach((item: unknown, index) => pending.push([item, inner, `${at}[${index}]`]));
    else for (const [name, child] of Object.entries(current)) pending.push([child, inner, `${at}.${name}`]);
  }
  return { depth: deepest, notFinite };
}
