/** An archive file that could not be read is told in the archive's status until the user dismisses it, across restarts. */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveStatus } from '../../../src/shared/methods/archive';
import { noteSetAside } from '../../../src/main/archive/set-aside-notes';
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

  it('dismisses only the set-asides the user saw: one noted since (by the command line) is still told', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'archive-set-aside-seen-'));
    const { services, call } = startTestServices({ userDataDir });
    const path = services.archives.pathOf('sandbox');
    noteSetAside(path, { keptAt: `${path}.unreadable-1`, reason: 'seen', atMs: 1_000 });
    const seen = valueOf(await call<ArchiveStatus>('archiveStatus', { profileId: 'sandbox' })).setAside.map((kept) => kept.keptAt);
    noteSetAside(path, { keptAt: `${path}.unreadable-2`, reason: 'noted since', atMs: 2_000 });
    const left = valueOf(await call<ArchiveStatus>('dismissSetAside', { profileId: 'sandbox', keptAt: seen }));
    expect(left.setAside.map((kept) => kept.reason)).toEqual(['noted since']);
    expect(await call('dismissSetAside', { profileId: 'sandbox', keptAt: 'all' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(valueOf(await call<ArchiveStatus>('dismissSetAside', { profileId: 'sandbox', keptAt: [`${path}.unreadable-2`] })).setAside).toEqual([]);
    await services.close();
  });
});
