import { describe, expect, it } from 'vitest';
import { eventChannel, eventNames, methodChannel, methodNames, subscriptionName } from '../../src/shared/contract';
import { builtFile, loadBundle } from './support/built';

function loadPreload() {
  const exposed: Record<string, Record<string, unknown>> = {};
  const invoked: { channel: string; request: unknown }[] = [];
  const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) => {
        exposed[key] = api;
      },
    },
    ipcRenderer: {
      invoke: (channel: string, request: unknown) => {
        invoked.push({ channel, request });
        return Promise.resolve({ ok: true, value: null });
      },
      on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      },
      removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
        listeners.set(channel, (listeners.get(channel) ?? []).filter((l) => l !== listener));
      },
    },
  };
  const { required } = loadBundle(builtFile('preload/index.js'), { electron });
  return { exposed, invoked, listeners, required };
}

describe('the built preload', () => {
  it('requires nothing but electron (a sandboxed preload can load nothing else)', () => {
    expect(loadPreload().required).toEqual(['electron']);
  });

  it('exposes exactly the contract: its methods and one subscription per event', () => {
    const { exposed } = loadPreload();
    expect(Object.keys(exposed)).toEqual(['switchboard']);
    const expected = [...methodNames, ...eventNames.map(subscriptionName)].sort();
    expect(Object.keys(exposed.switchboard).sort()).toEqual(expected);
    for (const value of Object.values(exposed.switchboard)) expect(typeof value).toBe('function');
    expect(Object.isFrozen(exposed.switchboard)).toBe(true);
    for (const generic of ['invoke', 'send', 'on', 'ipcRenderer', 'require', 'process']) {
      expect(exposed.switchboard).not.toHaveProperty(generic);
    }
  });

  it('sends each method on its own channel and forwards events to subscribers', async () => {
    const { exposed, invoked, listeners } = loadPreload();
    const api = exposed.switchboard as Record<string, (arg?: unknown) => unknown>;
    await api.openExternal({ url: 'https://example.com' });
    expect(invoked).toEqual([{ channel: methodChannel('openExternal'), request: { url: 'https://example.com' } }]);

    const received: unknown[] = [];
    const unsubscribe = api[subscriptionName('jobChanged')]((payload: unknown) => received.push(payload)) as () => void;
    const channel = eventChannel('jobChanged');
    for (const listener of listeners.get(channel) ?? []) listener({ senderId: 0 }, { jobId: 'a' });
    expect(received).toEqual([{ jobId: 'a' }]);
    unsubscribe();
    expect(listeners.get(channel)).toEqual([]);
  });
});
