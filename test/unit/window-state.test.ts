import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppUrlCheck } from '../../src/main/electron/app-url';
import { isVisibleOnSomeDisplay, readWindowState, writeWindowState } from '../../src/main/electron/window-state';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('round-trips through its file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ws-')), 'nested', 'window-state.json');
    const state = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true };
    expect(writeWindowState(file, state)).toBe(true);
    expect(readWindowState(file)).toEqual(state);
  });

  it('a disk that refuses the file (full, read-only) leaves the place unkept, without throwing as the window closes', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ws-')), 'window-state.json');
    // A folder where the file goes: nothing can be written over it.
    mkdirSync(join(file, 'held'), { recursive: true });
    expect(writeWindowState(file, { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false })).toBe(false);
    expect(readWindowState(file)).toBeNull();
  });

  it('ignores missing, corrupt or absurd files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-'));
    expect(readWindowState(join(dir, 'none.json'))).toBeNull();
    const file = join(dir, 'bad.json');
    for (const content of ['{', '[]', '{"bounds":{"x":"1","y":0,"width":900,"height":600}}', '{"bounds":{"x":0,"y":0,"width":10,"height":10}}']) {
      writeFileSync(file, content);
      expect(readWindowState(file)).toBeNull();
    }
  });

  it('drops a position that is no longer on any display', () => {
    expect(isVisibleOnSomeDisplay({ x: 100, y: 100, width: 800, height: 600 }, [screen])).toBe(true);
    expect(isVisibleOnSomeDisplay({ x: 3000, y: 100, width: 800, height: 600 }, [screen])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: 1900, y: 100, width: 800, height: 600 }, [screen])).toBe(false);
  });
});

describe('app URL check', () => {
  it('accepts only the built index page', () => {
    const isApp = createAppUrlCheck({ indexFile: '/opt/switchboard/out/renderer/index.html' });
    expect(isApp('file:///opt/switchboard/out/renderer/index.html')).toBe(true);
    expect(isApp('file:///opt/switchboard/out/renderer/index.html#seats')).toBe(true);
    expect(isApp('file:///etc/passwd')).toBe(false);
    expect(isApp('https://evil.example/')).toBe(false);
    expect(isApp('garbage')).toBe(false);
  });

  it('accepts the dev server origin while developing', () => {
    const isApp = createAppUrlCheck({ devServerUrl: 'http://localhost:5173', indexFile: '/x/index.html' });
    expect(isApp('http://localhost:5173/src/main.ts')).toBe(true);
    expect(isApp('http://localhost:5174/')).toBe(false);
  });
});
