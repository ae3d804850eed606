/**
 * The readers of one open archive: a few connections reading side by side (the engine
 * lets every connection of one database read at once, each from its own snapshot),
 * handed out in the order asked. A read has a time limit, after which its statement is
 * interrupted with the engine's own interrupt; a read whose asker no longer wants it (a
 * newer page from the same screen, the archive closing, the process ending) is
 * interrupted too. An interrupted connection is closed, never handed out again.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { m } from '../../shared/i18n';

/** A read ran past its time limit and was interrupted. */
export class ArchiveReadTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(m.cli_archive_read_timeout({ limit: formatSeconds(limitMs) }));
  }
}

/**
 * A read asked while as many others already waited for a connection: refused at once, so a
 * flood of reads (hundreds of searches at once) answers quickly instead of queueing for minutes.
 */
export class ArchiveReadsQueued extends Error {
  constructor(readonly waiting: number) {
    super(m.cli_archive_reads_queued({ waiting }));
  }
}

/** A read was given up by its asker (or the archive closed) before it answered. */
export class ArchiveReadCancelled extends Error {
  constructor(message?: string) {
    super(message ?? m.cli_archive_read_cancelled());
  }
}

export interface ReadOptions {
  /** Aborting it interrupts the read (or takes it out of the queue). */
  signal?: AbortSignal;
  /** Overrides the pool's time limit; null: none (a long export, stopped by its signal). */
  timeLimitMs?: number | null;
  /** On a connection of its own, outside the pool's count: a long export never holds up the pages. */
  apart?: boolean;
}

/**
 * Reads that may wait for a connection at once. One person's screens ask a few at a time
 * (a newer page gives up the older one); 64 waiting reads of 30-60 ms are answered within
 * a few seconds.
 */
export const MAX_WAITING_READS = 64;

/** How often an interrupt is repeated until the read lets go: a read of several statements may start the next after the first was interrupted. */
const INTERRUPT_EVERY_MS = 25;

interface Waiter {
  grant(connection: DuckDBConnection): void;
  refuse(error: Error): void;
}

export class ReadPool {
  private readonly idle: DuckDBConnection[] = [];
  /** The connections reading now (the pool's and those apart), with what stops each. */
  private readonly busy = new Map<DuckDBConnection, (why: Error) => void>();
  private readonly waiting: Waiter[] = [];
  /** The pool's connections reading or being opened: never more than `size`. */
  private taken = 0;
  /** Connections apart, open or being opened. */
  private apart = 0;
  private closing: Error | null = null;
  private drained: (() => void) | null = null;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly size: number,
    private readonly timeLimitMs: number,
  ) {}

  /** Runs `work` on a connection of its own, within the time limit. */
  async run<T>(work: (connection: DuckDBConnection) => Promise<T>, options: ReadOptions = {}): Promise<T> {
    const { signal } = options;
    if (this.closing) throw this.closing;
    if (signal?.aborted) throw new ArchiveReadCancelled();
    const apart = options.apart === true;
    const connection = apart ? await this.openApart() : await this.acquire(signal);
    const done = (interrupted: boolean): void => (apart ? this.releaseApart(connection) : this.release(connection, interrupted));
    if (this.closing) {
      done(true);
      throw this.closing;
    }
    let stopped: Error | null = null;
    let repeat: ReturnType<typeof setInterval> | null = null;
    const stop = (why: Error): void => {
      if (stopped) return;
      stopped = why;
      connection.interrupt();
      repeat = setInterval(() => connection.interrupt(), INTERRUPT_EVERY_MS);
    };
    const limitMs = options.timeLimitMs === undefined ? this.timeLimitMs : options.timeLimitMs;
    const timer = limitMs === null ? null : setTimeout(() => stop(new ArchiveReadTimeout(limitMs)), limitMs);
    const onAbort = (): void => stop(new ArchiveReadCancelled());
    signal?.addEventListener('abort', onAbort, { once: true });
    this.busy.set(connection, stop);
    try {
      const result = await work(connection);
      if (stopped) throw stopped;
      return result;
    } catch (error) {
      throw stopped ?? error;
    } finally {
      if (timer) clearTimeout(timer);
      if (repeat) clearInterval(repeat);
      signal?.removeEventListener('abort', onAbort);
      this.busy.delete(connection);
      done(stopped !== null);
    }
  }

  /** Interrupts every read under way (the process is ending); each answers `why`. */
  interruptAll(why: Error = new ArchiveReadCancelled(m.cli_archive_closed_while_read())): void {
    for (const stop of [...this.busy.values()]) stop(why);
  }

  /** Refuses new reads, interrupts those under way, waits until they let go, then closes every connection. */
  async close(): Promise<void> {
    this.closing ??= new ArchiveReadCancelled(m.cli_archive_closed_while_read());
    for (const waiter of this.waiting.splice(0)) waiter.refuse(this.closing);
    this.interruptAll(this.closing);
    if (this.taken > 0 || this.apart > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    for (const connection of this.idle.splice(0)) closeQuietly(connection);
  }

  private acquire(signal: AbortSignal | undefined): Promise<DuckDBConnection> {
    const ready = this.idle.pop();
    if (ready) {
      this.taken += 1;
      return Promise.resolve(ready);
    }
    if (this.taken < this.size) {
      this.taken += 1;
      return this.connectTaken();
    }
    if (this.waiting.length >= MAX_WAITING_READS) return Promise.reject(new ArchiveReadsQueued(this.waiting.length));
    return new Promise<DuckDBConnection>((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new ArchiveReadCancelled());
      };
      const waiter: Waiter = {
        grant: (connection) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(connection);
        },
        refuse: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Opens a connection for a slot already taken; the slot is given back if it cannot be opened. */
  private async connectTaken(): Promise<DuckDBConnection> {
    try {
      return await this.instance.connect();
    } catch (error) {
      this.taken -= 1;
      this.settleIfDrained();
      throw error;
    }
  }

  private async openApart(): Promise<DuckDBConnection> {
    this.apart += 1;
    try {
      return await this.instance.connect();
    } catch (error) {
      this.apart -= 1;
      this.settleIfDrained();
      throw error;
    }
  }

  private releaseApart(connection: DuckDBConnection): void {
    closeQuietly(connection);
    this.apart -= 1;
    this.settleIfDrained();
  }

  /** Gives a pool connection back: to the next waiter (the slot stays taken), or idle. */
  private release(connection: DuckDBConnection, interrupted: boolean): void {
    if (this.closing || interrupted) closeQuietly(connection);
    const waiter = this.closing ? undefined : this.waiting.shift();
    if (waiter) {
      // An interrupted connection is never reused: the waiter gets a fresh one.
      if (interrupted) this.connectTaken().then(waiter.grant, waiter.refuse);
      else waiter.grant(connection);
      return;
    }
    this.taken -= 1;
    if (!this.closing && !interrupted) this.idle.push(connection);
    this.settleIfDrained();
  }

  private settleIfDrained(): void {
    if (this.closing && this.taken === 0 && this.apart === 0) this.drained?.();
  }
}

function closeQuietly(connection: DuckDBConnection): void {
  try {
    connection.closeSync();
  } catch {
    // Already let go.
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return m.cli_seconds({ seconds: Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1) });
}
