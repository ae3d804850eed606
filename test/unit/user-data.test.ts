import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveUserDataDir } from '../../src/main/user-data';

describe('the userData folder outside Electron', () => {
  it('matches Electron on each platform', () => {
    expect(resolveUserDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\a\\AppData\\Roaming', 'Switchboard'),
    );
    expect(resolveUserDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Switchboard'));
    expect(resolveUserDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'Switchboard'));
    expect(resolveUserDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Switchboard'));
  });

  it('is overridden by SWITCHBOARD_USER_DATA', () => {
    expect(resolveUserDataDir({ SWITCHBOARD_USER_DATA: 'rel/dir' }, 'linux')).toBe(resolve('rel/dir'));
  });
});
