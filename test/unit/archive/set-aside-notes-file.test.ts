/**
 * The set-aside notes file is read as the screen can show it, whatever is found under its
 * name: damaged, too large, not a file, or notes of the wrong shape never fail the status or
 * break the Accounts screen, and a dismiss leaves what the app did not make alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissSetAsideNotes, setAsideNotes } from '../../../src/main/archive/set-aside-notes';
import { formatInstant, parseTimeZone } from '../../../src/shared/time-zone';

let folder = '';
let archive = '';
const notes = (): string => `${archive}.set-aside.json`;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'set-aside-notes-'));
  archive = join(folder, 'sandbox.duckdb');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('set-aside notes as read', () => {
  it('tells a file moved aside once, however often the notes name it (the screen lists them by where they were kept)', () => {
    writeFileSync(notes(), JSON.stringify([
      { keptAt: '/a/x.unreadable-1', reason: 'first', atMs: 1 },
      { keptAt: '/a/x.unreadable-2', reason: 'other', atMs: 2 },
      { keptAt: '/a/x.unreadable-1', reason: 'again', atMs: 3 },
    ]));
    expect(setAsideNotes(archive)).toEqual([
      { keptAt: '/a/x.unreadable-2', reason: 'other', atMs: 2 },
      { keptAt: '/a/x.unreadable-1', reason: 'again', atMs: 3 },
    ]);
  });

  it('skips a note whose time cannot be shown as a date, and every one it shows formats', () => {
    writeFileSync(notes(), JSON.stringify([
      { keptAt: 'a', reason: 'r', atMs: 1e300 },
      { keptAt: 'b', reason: 'r', atMs: -5 },
      { keptAt: 'c', reason: 'r', atMs: 8.64e15 },
      { keptAt: 'd', reason: 'r', atMs: 0.5 },
      { keptAt: 'e', reason: 'r', atMs: 1_795_000_000_000 },
    ]));
    const read = setAsideNotes(archive);
    expect(read.map((note) => note.keptAt)).toEqual(['e']);
    const zone = parseTimeZone('Pacific/Kiritimati');
    if (!zone) throw new Error('zone');
    for (const note of read) expect(formatInstant(note.atMs, zone, 'minute')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('shortens a reason to its first line and skips a path with line breaks or an empty one', () => {
    writeFileSync(notes(), JSON.stringify([
      { keptAt: '/a/x\n<b>y</b>', reason: 'r', atMs: 1 },
      { keptAt: '', reason: 'r', atMs: 1 },
      { keptAt: '/a/<b>ok</b>', reason: `first line.\nsecond line${'x'.repeat(500)}`, atMs: 2 },
      { keptAt: '/a/long', reason: 'y'.repeat(5000), atMs: 3 },
    ]));
    const read = setAsideNotes(archive);
    expect(read.map((note) => note.keptAt)).toEqual(['/a/<b>ok</b>', '/a/long']);
    expect(read[0]?.reason).toBe('first line');
    expect(read[1]?.reason.length).toBeLessThanOrEqual(201);
  });

  it('holds no more than the notes kept, however many the file lists', () => {
    writeFileSync(notes(), JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ keptAt: `/a/k${i}`, reason: 'r', atMs: i }))));
    const read = setAsideNotes(archive);
    expect(read).toHaveLength(20);
    expect(read.at(-1)?.keptAt).toBe('/a/k4999');
  });

  it('reads none from a file far larger than notes are (not read, so the status is not held up)', () => {
    const one = JSON.stringify({ keptAt: '/a/k', reason: 'r', atMs: 1 });
    writeFileSync(notes(), `[${Array.from({ length: 20_000 }, () => one).join(',')}]`);
    expect(setAsideNotes(archive)).toEqual([]);
  });

  it('reads none from a damaged file, an object, or a folder', () => {
    writeFileSync(notes(), '{"keptAt":"k","reason":"r","atMs":1}');
    expect(setAsideNotes(archive)).toEqual([]);
    writeFileSync(notes(), '[{"keptAt":');
    expect(setAsideNotes(archive)).toEqual([]);
    rmSync(notes());
    mkdirSync(notes());
    expect(setAsideNotes(archive)).toEqual([]);
  });
});

describe('dismissing set-aside notes', () => {
  it('removes the notes file', () => {
    writeFileSync(notes(), JSON.stringify([{ keptAt: '/a/k', reason: 'r', atMs: 1 }]));
    dismissSetAsideNotes(archive);
    expect(setAsideNotes(archive)).toEqual([]);
    dismissSetAsideNotes(archive);
  });

  it('leaves a folder under the notes name alone, and does not fail', () => {
    mkdirSync(notes());
    writeFileSync(join(notes(), 'keep.txt'), 'mine');
    expect(() => dismissSetAsideNotes(archive)).not.toThrow();
    expect(setAsideNotes(archive)).toEqual([]);
  });
});
