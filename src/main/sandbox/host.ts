import type { SandboxEndpoint } from '../accounts/accounts';
import type { Logger } from '../log';
import { startSandbox, type Sandbox, type SandboxOptions } from './index';

/** The built-in demo platform: started inside main on a random loopback port when first used. */
export interface SandboxHost {
  endpoint(): Promise<SandboxEndpoint>;
  address(): string | null;
  /** The running simulator itself (tests inspect what it holds and what it received). */
  instance(): Promise<Sandbox>;
  close(): Promise<void>;
}

export function createSandboxHost(log: Logger, options: SandboxOptions = {}): SandboxHost {
  let starting: Promise<Sandbox> | null = null;
  let running: Sandbox | null = null;
  return {
    async instance() {
      await this.endpoint();
      if (!running) throw new Error('the sandbox did not start');
      return running;
    },
    async endpoint() {
      starting ??= startSandbox({ ...options, port: 0 }).then(
        (sandbox) => {
          running = sandbox;
          log.info(`sandbox listening on ${sandbox.baseUrl}`);
          return sandbox;
        },
        (error: unknown) => {
          starting = null;
          throw error;
        },
      );
      const sandbox = await starting;
      return { baseUrl: sandbox.baseUrl, ...sandbox.credentials };
    },
    address: () => running?.baseUrl ?? null,
    async close() {
      const sandbox = await starting?.catch(() => null);
      await sandbox?.close();
    },
  };
}
