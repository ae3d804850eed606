/**
 * SIGTERM and SIGINT end the process within two seconds whatever it is doing. The archive's
 * work under way (a long query, a merge) is interrupted at once, so a command's own clean-up
 * (a cancelled export removes its partial file, the browser host closes its archives) runs
 * without waiting for it; what still runs at the deadline is cut short. A signal nobody
 * else listens for ends the process at once, as it would without this.
 */
import { ArchiveStore } from './archive/archive-store';

/** Time the process's own clean-up gets after a signal, inside the two seconds promised. */
export const SIGNAL_GRACE_MS = 1_500;

const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;
type EndSignal = keyof typeof SIGNALS;

export interface EndOnSignalsOptions {
  /** Asked to end the process the host's own way (the desktop app quits). */
  onSignal?: (signal: EndSignal) => void;
  graceMs?: number;
  /** Ends the process (tests); default process.exit. */
  exit?: (code: number) => void;
}

/** Listens for SIGTERM and SIGINT until the returned function is called. */
export function endOnSignals(options: EndOnSignalsOptions = {}): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const graceMs = options.graceMs ?? SIGNAL_GRACE_MS;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  const listeners = (Object.keys(SIGNALS) as EndSignal[]).map((signal) => {
    const listener = (): void => {
      const code = 128 + SIGNALS[signal];
      // A second signal, or nobody to clean up: end now.
      if (deadline !== null || (process.listenerCount(signal) <= 1 && !options.onSignal)) {
        ArchiveStore.interruptAll();
        exit(code);
        return;
      }
      deadline = setTimeout(() => exit(code), graceMs);
      deadline.unref();
      ArchiveStore.interruptAll();
      options.onSignal?.(signal);
    };
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    if (deadline !== null) clearTimeout(deadline);
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
