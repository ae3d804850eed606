import { platform } from 'node:os';
import { version } from '../../../package.json';
import type { EventName, PayloadOf } from '../../shared/contract';
import { fail, ok } from '../../shared/result';
import type { Logger } from '../log';
import { isSafeExternalUrl } from '../../shared/links';
import type { DesktopPort } from './desktop';
import { createDispatcher, type Dispatch, type Handlers } from './dispatcher';

export type EmitEvent = <E extends EventName>(name: E, payload: PayloadOf<E>) => void;

export interface ServiceOptions {
  userDataDir: string;
  desktop: DesktopPort;
  log: Logger;
  emit: EmitEvent;
}

export interface Services {
  dispatch: Dispatch;
  close(): Promise<void>;
}

/** Builds the main-process services in plain Node: the same for Electron, the harness and the CLI. */
export function createServices(options: ServiceOptions): Services {
  const { desktop, log } = options;
  const handlers: Handlers = {
    getAppInfo: () =>
      ok({ name: 'Switchboard', version, host: desktop.host, platform: platform() }),
    getActiveProfile: () => ok({ id: 'sandbox', name: 'Sandbox (demo)', builtIn: true }),
    openExternal: async ({ url }) => {
      if (!isSafeExternalUrl(url)) {
        return fail('unsafe-link', 'Only https links can be opened.', url);
      }
      await desktop.openExternal(url);
      return ok(null);
    },
  };
  return {
    dispatch: createDispatcher(handlers, log),
    close: async () => {},
  };
}
