/**
 * A promise rejected with nobody to hear it is logged, and the long-running hosts (the desktop
 * app, the browser host) go on: Node's default ends the process, which the desktop app shows as
 * an error dialog and the browser host as a page that stops answering, over work that may have
 * nothing to do with what the user is doing. The commands keep Node's default: they end anyway.
 */
import type { Logger } from './log';

/** Logs every unhandled rejection from now on; returns the function that stops it. */
export function logUnhandledRejections(log: Pick<Logger, 'error'>): () => void {
  const listener = (reason: unknown): void => log.error('A promise was rejected with nothing to handle it; the app goes on.', reason);
  process.on('unhandledRejection', listener);
  return () => process.off('unhandledRejection', listener);
}
