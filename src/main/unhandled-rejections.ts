/**
 * A promise rejected with nobody to hear it is logged, and the long-running hosts (the desktop
 * app, the browser host) go on: Node's default ends the process, which the desktop app shows as
 * an error dialog and the browser host as a page that stops answering, over work that may have
 * nothing to do with what the user is doing. The commands keep Node's default: they end anyway.
 */
import type { Logger } from './log';

/** Logs every unhandled rejection from now on, for the rest of the process. */
export function logUnhandledRejections(log: Pick<Logger, 'error'>): void {
  process.on('unhandledRejection', (reason: unknown) => log.error('A promise was rejected with nothing to handle it; the app goes on.', reason));
}
