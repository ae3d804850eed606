/**
 * An exclusive lock on the MMS journal that holds across processes (the desktop app,
 * `switchboard browser` and the CLI can share one data folder): a lock file created
 * with the `wx` flag (fails if it exists, on every platform), holding who took it.
 * It is held only while the journal is re-read and a claim appended, never across a
 * network call. A lock left by a process that died, or older than `staleMs`, is
 * taken over; a second lock file guards the takeover so two waiters never both do it.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { isRecord } from '../../shared/parse';

/** Who holds a lock or a claim: this process is told apart from any other, even one that reused its pid. */
export interface Owner {
  pid: number;
  host: string;
  /** Random per process. */
  process: string;
}

export const THIS_PROCESS: Owner = { pid: process.pid, host: hostname(), process: randomUUID() };

export function isThisProcess(owner: Owner): boolean {
  return owner.process === THIS_PROCESS.process;
}

/** Whether the owner's process still runs. Another machine's processes cannot be seen: assumed alive. */
export function isOwnerAlive(owner: Owner): boolean {
  if (isThisProcess(owner)) return true;
  if (owner.host !== THIS_PROCESS.host) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isOwner(value: unknown): value is Owner {
  return isRecord(value) && Number.isSafeInteger(value.pid) && typeof value.host === 'string' && typeof value.process === 'string';
}

export class JournalLockTimeout extends Error {
  constructor(path: string) {
    super(`the journal lock ${path} stayed taken`);
    this.name = 'JournalLockTimeout';
  }
}

export interface JournalLockOptions {
  /** A lock older than this is a leftover whatever its owner (the hold is milliseconds). */
  staleMs?: number;
  /** How long to wait for the lock before giving up. */
  waitMs?: number;
}

export class JournalLock {
  private readonly staleMs: number;
  private readonly waitMs: number;
  /** Tells this lock's holds apart from another JournalLock on the same file in this process. */
  private readonly token = randomUUID();

  constructor(
    readonly path: string,
    options: JournalLockOptions = {},
  ) {
    this.staleMs = options.staleMs ?? 30_000;
    this.waitMs = options.waitMs ?? 15_000;
  }

  /** Runs `critical` (synchronous: no await can slip in) while holding the lock. */
  async hold<T>(critical: () => T): Promise<T> {
    const deadline = Date.now() + this.waitMs;
    let pause = 2;
    while (!this.tryTake()) {
      if (Date.now() > deadline) throw new JournalLockTimeout(this.path);
      await new Promise((done) => setTimeout(done, pause));
      pause = Math.min(pause * 2, 25);
    }
    try {
      return critical();
    } finally {
      this.release();
    }
  }

  private tryTake(): boolean {
    if (this.createOwned()) return true;
    this.takeOverIfStale();
    return this.createOwned();
  }

  private takeOverIfStale(): void {
    const seen = readLock(this.path);
    if (seen === 'missing' || !this.isStale(seen)) return;
    const guard = `${this.path}.takeover`;
    if (!createExclusive(guard)) {
      // A takeover guard left by a crash mid-takeover is itself cleared after staleMs.
      if (ageMs(guard) > this.staleMs) removeQuietly(guard);
      return;
    }
    try {
      // Still the same stale lock? Another waiter may have taken over and locked since.
      const now = readLock(this.path);
      if (now !== 'missing' && sameLock(now, seen) && this.isStale(now)) removeQuietly(this.path);
    } finally {
      removeQuietly(guard);
    }
  }

  private isStale(lock: LockFile): boolean {
    if (lock.owner === null) return ageMs(this.path) > this.staleMs;
    return !isOwnerAlive(lock.owner) || Date.now() - lock.at > this.staleMs;
  }

  private release(): void {
    const lock = readLock(this.path);
    if (lock !== 'missing' && lock.owner !== null && isThisProcess(lock.owner) && lock.token === this.token) {
      removeQuietly(this.path);
    }
  }

  private createOwned(): boolean {
    return createExclusive(this.path, JSON.stringify({ owner: THIS_PROCESS, token: this.token, at: Date.now() }));
  }
}

interface LockFile {
  /** Null when the file cannot be read (torn by a crash while it was written). */
  owner: Owner | null;
  token: string;
  at: number;
}

function createExclusive(path: string, contents = ''): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    if (contents !== '') writeSync(fd, contents);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): LockFile | 'missing' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value) && isOwner(value.owner) && typeof value.token === 'string' && typeof value.at === 'number') {
      return { owner: value.owner, token: value.token, at: value.at };
    }
  } catch {
    // Torn: judged by the file's age.
  }
  return { owner: null, token: text, at: 0 };
}

function sameLock(a: LockFile, b: LockFile): boolean {
  return a.token === b.token && a.at === b.at;
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
