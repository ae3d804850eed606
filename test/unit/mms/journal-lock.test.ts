import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalLock, JournalLockTimeout } from '../../../src/main/mms/journal-lock';

const lockPath = (): string => join(mkdtempSync(join(tmpdir(), 'mms-lock-')), 'mms-journal.jsonl.lock');
/** The pid of a process that has ended. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid ?? 0;

describe('JournalLock', () => {
  it('holds while the critical part runs and is gone after', async () => {
    const path = lockPath();
    const lock = new JournalLock(path);
    const seen = await lock.hold(() => existsSync(path));
    expect(seen).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('lets one holder in at a time, across lock objects on one file', async () => {
    const path = lockPath();
    const a = new JournalLock(path, { waitMs: 2000 });
    const b = new JournalLock(path, { waitMs: 2000 });
    writeFileSync(path, JSON.stringify({ owner: { pid: process.pid, host: hostname(), process: 'another-live-one' }, token: 't', at: Date.now() }));
    await expect(new JournalLock(path, { waitMs: 100 }).hold(() => 1)).rejects.toBeInstanceOf(JournalLockTimeout);
    setTimeout(() => unlinkSync(path), 100);
    expect(await Promise.all([a.hold(() => 'a'), b.hold(() => 'b')])).toEqual(['a', 'b']);
  });

  it('takes over a lock left by a process that died, or one too old', async () => {
    const path = lockPath();
    writeFileSync(path, JSON.stringify({ owner: { pid: deadPid(), host: hostname(), process: 'gone' }, token: 't', at: Date.now() }));
    expect(await new JournalLock(path, { waitMs: 500 }).hold(() => 'taken')).toBe('taken');
    writeFileSync(path, JSON.stringify({ owner: { pid: process.pid, host: hostname(), process: 'hung' }, token: 't', at: Date.now() - 60_000 }));
    expect(await new JournalLock(path, { waitMs: 500, staleMs: 30_000 }).hold(() => 'taken')).toBe('taken');
  });
});
