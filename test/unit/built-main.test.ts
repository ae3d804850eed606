import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { methodChannel, methodNames } from '../../src/shared/contract';
import { CONTENT_SECURITY_POLICY } from '../../src/main/security/csp';
import { builtFile, flush, loadBundle } from './support/built';
import { createFakeElectron } from './support/fake-electron';

/** Loads out/main/index.js with a stand-in electron and lets it reach "ready". */
async function launch(options: { singleInstance?: boolean; userDataEnv?: string } = {}) {
  const userData = mkdtempSync(join(tmpdir(), 'switchboard-shell-'));
  const fake = createFakeElectron({ userData, singleInstance: options.singleInstance });
  if (options.userDataEnv) process.env.SWITCHBOARD_USER_DATA = options.userDataEnv;
  const { required } = loadBundle(builtFile('main/index.js'), { electron: fake.electron });
  await flush();
  return { ...fake, required, userData };
}

function mainWindow(recorded: ReturnType<typeof createFakeElectron>['recorded']) {
  const window = recorded.windows[0];
  if (!window) throw new Error('no window was created');
  return window;
}

describe('the built Electron main bundle', () => {
  const savedEnv = process.env.SWITCHBOARD_USER_DATA;
  beforeEach(() => {
    delete process.env.SWITCHBOARD_USER_DATA;
  });
  afterEach(() => {
    if (savedEnv === undefined) delete process.env.SWITCHBOARD_USER_DATA;
    else process.env.SWITCHBOARD_USER_DATA = savedEnv;
  });

  it('opens one window with isolation, sandbox and no Node integration', async () => {
    const { recorded } = await launch();
    expect(recorded.windows).toHaveLength(1);
    const prefs = mainWindow(recorded).options.webPreferences ?? {};
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String(prefs.preload)).toMatch(/out[\\/]preload[\\/]index\.js$/);
    expect(mainWindow(recorded).loaded.file).toMatch(/out[\\/]renderer[\\/]index\.html$/);
    expect(recorded.sandboxEnabled).toBe(true);
  });

  it('registers a handler for every contract method and nothing else', async () => {
    const { recorded } = await launch();
    expect([...recorded.handlers.keys()].sort()).toEqual(methodNames.map(methodChannel).sort());
  });

  // Which senders IPC answers, new windows and navigation: security/built-ipc-senders.test.ts.

  it('sends the strict CSP on every response and denies every permission but desktop notifications', async () => {
    const { recorded } = await launch();
    let headers: Record<string, string[]> = {};
    recorded.headersHandler?.({ responseHeaders: { 'X-Other': ['1'] } }, (response) => {
      headers = response.responseHeaders;
    });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['X-Other']).toEqual(['1']);
    let granted: boolean | undefined;
    recorded.permissionHandler?.({}, 'media', (answer) => (granted = answer));
    expect(granted).toBe(false);
    recorded.permissionHandler?.({}, 'notifications', (answer) => (granted = answer));
    expect(granted).toBe(true);
    expect(recorded.permissionCheck?.({}, 'notifications')).toBe(true);
    expect(recorded.permissionCheck?.({}, 'geolocation')).toBe(false);
  });

  it('names itself to Windows, which shows the desktop notifications of a named app only', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform');
    Object.defineProperty(process, 'platform', { value: 'win32', configurable: true });
    try {
      const { recorded } = await launch();
      expect(recorded.appUserModelId).toBe('com.switchboard.desktop');
    } finally {
      if (platform) Object.defineProperty(process, 'platform', platform);
    }
  });

  it('takes the userData folder from SWITCHBOARD_USER_DATA', async () => {
    const override = mkdtempSync(join(tmpdir(), 'switchboard-override-'));
    const { recorded } = await launch({ userDataEnv: override });
    expect(recorded.setPaths.userData).toBe(override);
  });

  it('quits at once when another instance holds the lock', async () => {
    const { recorded } = await launch({ singleInstance: false });
    expect(recorded.quitCalls).toBe(1);
    expect(recorded.windows).toHaveLength(0);
    expect(recorded.handlers.size).toBe(0);
  });

  it('remembers the window bounds when it closes', async () => {
    const { recorded, userData } = await launch();
    mainWindow(recorded).emit('close');
    const saved: unknown = JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ bounds: { x: 0, y: 0, width: 1280, height: 800 }, maximized: false });
  });
});
