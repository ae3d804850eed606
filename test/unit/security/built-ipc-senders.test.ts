/**
 * Every IPC handler of the BUILT main bundle answers only the app's own window main
 * frame: any other sender gets `forbidden` for every method, and nothing it asked
 * for happens (no profile saved, no link opened).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { methodChannel, methodNames } from '../../../src/shared/contract';
import { builtFile, flush, loadBundle } from '../support/built';
import { createFakeElectron, type FakeInvokeEvent } from '../support/fake-electron';

async function launch() {
  const fake = createFakeElectron({ userData: mkdtempSync(join(tmpdir(), 'switchboard-ipc-')) });
  loadBundle(builtFile('main/index.js'), { electron: fake.electron });
  await flush();
  const window = fake.recorded.windows[0];
  if (!window) throw new Error('no window was created');
  const own: FakeInvokeEvent = { sender: { id: window.webContents.id }, senderFrame: window.webContents.mainFrame };
  const call = (name: string, event: FakeInvokeEvent, input: unknown): Promise<unknown> => {
    const handler = fake.recorded.handlers.get(methodChannel(name as (typeof methodNames)[number]));
    if (!handler) throw new Error(`${name} is not registered`);
    return Promise.resolve(handler(event, input));
  };
  const strangers: [string, FakeInvokeEvent][] = [
    ['another web contents', { sender: { id: window.webContents.id + 1000 }, senderFrame: window.webContents.mainFrame }],
    ['a subframe of the window', { sender: { id: window.webContents.id }, senderFrame: { url: window.webContents.mainFrame.url, parent: window.webContents.mainFrame } }],
    ['a foreign page in the window', { sender: { id: window.webContents.id }, senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a local file that is not the app', { sender: { id: window.webContents.id }, senderFrame: { url: 'file:///tmp/evil.html', parent: null } }],
    ['no frame', { sender: { id: window.webContents.id }, senderFrame: null }],
  ];
  return { ...fake, window, own, call, strangers };
}

const draft = {
  name: 'Injected',
  baseUrl: 'https://api.example.com',
  apiKey: 'injected-key',
  apiSecret: 'injected-secret',
  defaultAppId: '',
  timeZone: '+08:00',
  pageSize: 25,
};

/** A plausible input per method, so a refusal cannot come from input validation. */
function inputFor(name: string): unknown {
  if (name === 'saveProfile') return draft;
  if (name === 'openExternal') return { url: 'https://docs.example.com/' };
  return undefined;
}

describe('IPC sender check on every method (built main bundle)', () => {
  it('refuses every method from every sender that is not the app window main frame', async () => {
    const { call, strangers } = await launch();
    expect(methodNames.length).toBeGreaterThan(10);
    for (const name of methodNames) {
      for (const [who, event] of strangers) {
        const answer = await call(name, event, inputFor(name));
        expect(answer, `${name} from ${who}`).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
  });

  it('does nothing a refused sender asked for', async () => {
    const { call, strangers, own, recorded } = await launch();
    for (const [, event] of strangers) {
      await call('saveProfile', event, draft);
      await call('openExternal', event, { url: 'https://docs.example.com/' });
    }
    expect(recorded.openedExternally).toEqual([]);
    const state = (await call('listProfiles', own, undefined)) as { ok: boolean; value: { profiles: { name: string }[] } };
    expect(state.ok).toBe(true);
    expect(state.value.profiles.map((profile) => profile.name)).not.toContain('Injected');
  });

  it('answers the app window itself (the check is not refusing everything)', async () => {
    const { call, own } = await launch();
    await expect(call('getAppInfo', own, undefined)).resolves.toMatchObject({ ok: true });
    await expect(call('listProfiles', own, undefined)).resolves.toMatchObject({ ok: true });
  });

  it('denies every new window, whatever the link, and never navigates away', async () => {
    const { window, recorded } = await launch();
    const contents = window.webContents;
    const open = contents.windowOpenHandler;
    if (!open) throw new Error('no window-open handler');
    const urls = ['https://docs.example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'about:blank', contents.mainFrame.url, 'https://user:pw@evil.example/'];
    for (const url of urls) expect(open({ url }), url).toEqual({ action: 'deny' });
    expect(recorded.openedExternally).toEqual(['https://docs.example.com/']);
    for (const url of ['https://evil.example/', 'http://127.0.0.1:9/', 'file:///etc/passwd', 'javascript:alert(1)', 'about:blank']) {
      expect(contents.attempt('will-navigate', url), url).toBe(true);
      expect(contents.attempt('will-redirect', url), url).toBe(true);
      expect(contents.attempt('will-attach-webview', url), url).toBe(true);
    }
    // The app's own page is not blocked (the guard is not refusing everything).
    expect(contents.attempt('will-navigate', contents.mainFrame.url)).toBe(false);
  });
});
