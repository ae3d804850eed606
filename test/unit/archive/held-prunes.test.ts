/**
 * The app asks before a large retention prune (issue 27): a sync whose prune of more than
 * half a list was held says so (a notice with Remove them / Keep them, and the archive's
 * status), Keep forgets it until the next sync finds it again, Remove runs it, and Remove
 * is refused while a sync of the archive runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createServices } from '../../../src/main/handlers';
import { createLogger } from '../../../src/main/log';
import type { AppNotice, EventName, PayloadOf } from '../../../src/shared/contract';
import { heldPruneText, type ArchiveStatus } from '../../../src/shared/methods/archive';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import type { Result } from '../../../src/shared/result';
import { INERT_DESKTOP, valueOf } from '../support/services';

const HELD_TEXT = /^Retention would remove ([\d,]+) of ([\d,]+) voice records \(older than \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/;
const number = (text: string | undefined): number => Number((text ?? '').replaceAll(',', ''));

describe('a held retention prune in the app', () => {
  const notices: AppNotice[] = [];
  const jobs: JobInfo[] = [];
  const services = createServices({
    userDataDir: mkdtempSync(join(tmpdir(), 'held-prunes-')),
    desktop: INERT_DESKTOP,
    log: createLogger({ console: false }),
    secrets: createMemorySecretStore(),
    sandboxOptions: { volume: 'small', seed: 11 },
    emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => {
      if (name === 'notice') notices.push(payload as AppNotice);
      if (name === 'jobChanged') jobs.push(payload as JobInfo);
    },
  });
  afterAll(() => services.close());
  const call = async <T>(method: string, input?: unknown): Promise<Result<T>> => (await services.dispatch(method, input)) as Result<T>;
  const status = async (): Promise<ArchiveStatus> => valueOf(await call<ArchiveStatus>('archiveStatus', { profileId: 'sandbox' }));
  const voiceRows = async (): Promise<number> => (await status()).lists.find((list) => list.operation === 'voiceRecords')?.rows ?? 0;
  const settings = (retentionDays: number) => ({ profileId: 'sandbox', settings: { enabled: true, retentionDays, refreshHours: 24, historyDays: 60 } });

  async function syncVoice(): Promise<void> {
    const { job } = valueOf(await call<{ job: JobInfo }>('startSync', { operations: ['voiceRecords'] }));
    await expect.poll(() => jobs.find((change) => change.jobId === job.jobId && change.state !== 'running')?.state, { timeout: 60_000 }).toBe('completed');
  }

  it('holds a prune of more than half, says so, and keeps it only until the next sync finds it again', async () => {
    // 60 days synced with the default 180-day retention: nothing is removed, nothing asked.
    await syncVoice();
    const synced = await voiceRows();
    expect(synced).toBeGreaterThan(1000);
    expect((await status()).heldPrunes).toEqual([]);

    // A retention of 20 days would remove about two thirds: the sync holds it and asks.
    valueOf(await call('setArchiveSettings', settings(20)));
    await syncVoice();
    const [held] = (await status()).heldPrunes;
    expect(held).toMatchObject({ operation: 'voiceRecords', rows: synced });
    const text = held ? heldPruneText(held, await services.accounts.shownZone('sandbox')) : '';
    const told = HELD_TEXT.exec(text);
    expect(told, text).not.toBeNull();
    expect(number(told?.[2])).toBe(synced);
    expect(number(told?.[1])).toBe(held?.wouldRemove);
    expect(held?.wouldRemove).toBeGreaterThan(synced / 2);
    expect(await voiceRows()).toBe(synced);
    expect(notices.at(-1)).toEqual({
      kind: 'archive',
      message: `${text}, in the archive of Sandbox (demo).`,
      heldPrune: { ...held, profileId: 'sandbox', profileName: 'Sandbox (demo)' },
    });

    // Keep them: nothing removed, nothing waits, and there is nothing left to remove.
    const kept = valueOf(await call<ArchiveStatus>('decideRetention', { profileId: 'sandbox', operation: 'voiceRecords', decision: 'keep' }));
    expect(kept.heldPrunes).toEqual([]);
    expect(await voiceRows()).toBe(synced);
    const gone = await call('decideRetention', { profileId: 'sandbox', operation: 'voiceRecords', decision: 'remove' });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringContaining('No removal of voice records is waiting') } });
    expect(await voiceRows()).toBe(synced);

    // The next sync finds it again.
    const toldBefore = notices.length;
    await syncVoice();
    expect((await status()).heldPrunes).toMatchObject([{ operation: 'voiceRecords', rows: synced }]);
    expect(notices.length).toBe(toldBefore + 1);
  }, 180_000);

  it('refuses Remove while a sync of the archive runs, then removes what it said', async () => {
    const [held] = (await status()).heldPrunes;
    if (!held) throw new Error('the first test left no held prune');
    const before = await voiceRows();

    const store = await services.archives.store('sandbox');
    if (!store) throw new Error('no archive');
    const lease = store.beginSync(() => undefined);
    try {
      const refused = await call('decideRetention', { profileId: 'sandbox', operation: 'voiceRecords', decision: 'remove' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'busy', message: expect.stringContaining('A sync of this archive is running') } });
    } finally {
      lease.release();
    }
    expect(await voiceRows()).toBe(before);
    expect((await status()).heldPrunes).toHaveLength(1);

    const removed = valueOf(await call<ArchiveStatus>('decideRetention', { profileId: 'sandbox', operation: 'voiceRecords', decision: 'remove' }));
    expect(removed.heldPrunes).toEqual([]);
    expect(removed.message).toMatch(/^Removed [\d,]+ voice records older than \d{4}-\d{2}-\d{2} \d{2}:\d{2} from the archive \(the retention\)\.$/);
    const after = await voiceRows();
    expect(after).toBe(before - held.wouldRemove);
    expect(after).toBeGreaterThan(0);
    expect(number(/^Removed ([\d,]+)/.exec(removed.message ?? '')?.[1])).toBe(held.wouldRemove);
  }, 60_000);

  it('forgets a held prune when the retention changes, and refuses an unknown profile or decision', async () => {
    valueOf(await call('setArchiveSettings', settings(10)));
    await syncVoice();
    expect((await status()).heldPrunes).toHaveLength(1);
    const changed = valueOf(await call<ArchiveStatus>('setArchiveSettings', settings(40)));
    expect(changed.heldPrunes).toEqual([]);
    expect(await call('decideRetention', { profileId: 'nobody', operation: 'voiceRecords', decision: 'remove' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await call('decideRetention', { profileId: 'sandbox', operation: 'voiceRecords', decision: 'maybe' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  }, 90_000);
});
