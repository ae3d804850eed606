import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const USER_DATA_ENV = 'SWITCHBOARD_USER_DATA';
const APP_FOLDER = 'Switchboard';

/**
 * The same folder Electron's app.getPath('userData') gives the desktop app, computed
 * without Electron so the CLI and the browser harness share profiles and history
 * with it. SWITCHBOARD_USER_DATA overrides it (tests, side-by-side installs).
 */
export function resolveUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const overridden = env[USER_DATA_ENV];
  if (overridden) return resolve(overridden);
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_FOLDER);
}
