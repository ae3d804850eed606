/**
 * The bridge: exposes exactly the contract's named methods and one `onX`
 * subscription per event as `window.switchboard`. No generic invoke/send/on, and
 * no Electron or Node object crosses into the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventChannel, eventNames, methodChannel, methodNames, subscriptionName } from '../shared/contract';

const bridge: Record<string, unknown> = {};

for (const name of methodNames) {
  const channel = methodChannel(name);
  bridge[name] = (request?: unknown): Promise<unknown> => ipcRenderer.invoke(channel, request);
}

for (const name of eventNames) {
  const channel = eventChannel(name);
  bridge[subscriptionName(name)] = (listener: unknown): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError(`${subscriptionName(name)} needs a function`);
    const forward = (_event: IpcRendererEvent, payload: unknown): void => {
      listener(payload);
    };
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  };
}

contextBridge.exposeInMainWorld('switchboard', Object.freeze(bridge));
