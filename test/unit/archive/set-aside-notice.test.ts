/** An archive file that could not be read is told in the archive's status until the user dismisses it, across restarts. */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveStatus } from '../../../src/shared/methods/archive';
import { startTestServices, valueOf } from '../support/services';

describe('a set-aside archive', () => {
  it('stays in the status after a restart until dismissed, and the file moved aside stays where it was kept', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'archive-set-aside-'));
    mkdirSync(join(userDataDir, 'archive'), { recursive: true });
    writeFileSync(join(userDataDir, 'archive', 'sandbox.duckdb'), 'this is not a database');

    const first = startTestServices({ userDataDir });
    const found = valueOf(await first.call<ArchiveStatus>('archiveStatus', { profileId: 'sandbox' }));
    expect(found.state).toBe('open');
    expect(found.setAside).toHaveLength(1);
    const [kept] = found.setAside;
    expect(kept?.keptAt).toMatch(/sandbox\.duckdb\.unreadable-\d+$/);
    expect(kept?.reason).not.toBe('');
    expect(kept?.reason).not.toContain('\n');
    await first.services.close();

    const second = startTestServices({ userDataDir });
    expect(valueOf(await second.call<ArchiveStatus>('archiveStatus', { profileId: 'sandbox' })).setAside).toEqual(found.setAside);
    // Only a profile's own notes: an unknown one is refused and the notes stay.
    expect(await second.call('dismissSetAside', { profileId: 'nobody' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(valueOf(await second.call<ArchiveStatus>('dismissSetAside', { profileId: 'sandbox' })).setAside).toEqual([]);
    expect(existsSync(kept?.keptAt ?? '')).toBe(true);
    await second.services.close();

    const third = startTestServices({ userDataDir });
    expect(valueOf(await third.call<ArchiveStatus>('archiveStatus', { profileId: 'sandbox' })).setAside).toEqual([]);
    await third.services.close();
  });
});
