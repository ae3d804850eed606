/** The main-process services in plain Node for tests: a desktop that does nothing, a memory keychain, the small sandbox. */
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import type { DesktopPort } from '../../../src/main/desktop-port';
import { createServices, type Services } from '../../../src/main/handlers';
import { createLogger, type Logger } from '../../../src/main/log';
import type { SandboxOptions } from '../../../src/main/sandbox';
import type { EventName, PayloadOf } from '../../../src/shared/contract';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import type { Result } from '../../../src/shared/result';

export const INERT_DESKTOP: DesktopPort = {
  host: 'electron',
  openExternal: async () => {},
  chooseSavePath: async () => null,
  showInFolder: async () => {},
  openPath: async () => null,
  offerDownload: () => null,
};

export interface TestServices {
  services: Services;
  /** Every jobChanged event, in order. */
  jobChanges: JobInfo[];
  /** A bridge call by name, as the renderer makes it. */
  call<T>(method: string, input?: unknown): Promise<Result<T>>;
}

export function startTestServices(options: {
  userDataDir: string;
  sandboxOptions?: SandboxOptions;
  log?: Logger;
  /** Default: a desktop whose save dialog is always closed. */
  desktop?: DesktopPort;
}): TestServices {
  const jobChanges: JobInfo[] = [];
  const services = createServices({
    userDataDir: options.userDataDir,
    desktop: options.desktop ?? INERT_DESKTOP,
    log: options.log ?? createLogger({ console: false }),
    secrets: createMemorySecretStore(),
    sandboxOptions: options.sandboxOptions ?? { volume: 'small' },
    emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => {
      if (name === 'jobChanged') jobChanges.push(payload as JobInfo);
    },
  });
  return {
    services,
    jobChanges,
    call: async <T>(method: string, input?: unknown) => (await services.dispatch(method, input)) as Result<T>,
  };
}

/** The value of a result that must have succeeded; its code and message otherwise. */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
