/**
 * The overview method through the dispatcher against the built-in sandbox profile: "sync
 * first" runs as a Sync job, the figures count the sandbox's own records, and every
 * bucket's drill-down, read back with archivePage, lists exactly the bucket's rows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServices, valueOf } from '../support/services';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArchivePage } from '../../../src/shared/methods/archive';
import { DEFAULT_ARCHIVE_SETTINGS, SANDBOX_PROFILE_ID } from '../../../src/shared/profiles';
import { drillDownPageRequest } from '../../../src/shared/reports/drill-down';
import type { DrillDown, Overview } from '../../../src/shared/reports/overview';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the overview method', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'overview-handler-'));
  const { services, jobChanges: changes, call } = startTestServices({ userDataDir });
  afterAll(() => services.close());
  const value = valueOf;
  const drillTotal = async (drill: DrillDown): Promise<number> =>
    value(await call<ArchivePage<unknown>>('archivePage', drillDownPageRequest(drill, { offset: 0, limit: 1 }))).total;

  it('syncs the window as a job, counts the sandbox records, and each drill-down lists its bucket', async () => {
    const sandbox = await services.sandbox.instance();
    const toMs = Math.floor(sandbox.data.anchor.getTime() / HOUR) * HOUR - 2 * HOUR;
    const fromMs = toMs - 6 * DAY - 5 * HOUR;
    const overview = value(await call<Overview>('overview', { fromMs, toMs, syncFirst: true }));

    const sync = changes.filter((job) => job.kind === 'report');
    expect(sync.at(-1)?.state).toBe('completed');
    expect(overview.profileId).toBe(SANDBOX_PROFILE_ID);
    expect(overview.coverage.voice.complete).toBe(true);
    expect(overview.coverage.numbers.complete).toBe(true);
    expect(overview.computeMs).toBeGreaterThan(0);

    // The sandbox's own count of the window's records, [fromMs, toMs).
    let voiceCalls = 0;
    const voiceRange = sandbox.data.voiceRecordRange(fromMs, toMs);
    for (let i = voiceRange.first; i < voiceRange.end; i++) {
      const at = Date.parse(sandbox.data.voiceRecordAt(i).submitTime);
      if (at >= fromMs && at < toMs) voiceCalls += 1;
    }
    expect(voiceCalls).toBeGreaterThan(100);
    expect(overview.voice.totals.calls).toBe(voiceCalls);

    const hours = overview.voice.byHour.filter((bucket) => bucket.calls > 0);
    expect(hours.length).toBe(24);
    for (const bucket of [hours[0], hours[13], hours[23]]) expect(await drillTotal(bucket.drill)).toBe(bucket.calls);
    for (const bucket of overview.voice.byDay) expect(await drillTotal(bucket.drill)).toBe(bucket.calls);
    for (const bucket of overview.voice.breakdowns.byStatus.buckets) expect(await drillTotal(bucket.drill)).toBe(bucket.calls);
    for (const bucket of overview.voice.breakdowns.displayNumbers.buckets) expect(await drillTotal(bucket.drill)).toBe(bucket.calls);
    expect(overview.numbers.breakdowns.byCountry.buckets.length).toBeGreaterThan(1);
    for (const bucket of [...overview.numbers.breakdowns.byCountry.buckets, ...overview.numbers.breakdowns.byType.buckets, ...overview.numbers.byDay]) {
      expect(await drillTotal(bucket.drill)).toBe(bucket.calls);
    }
    // The seat list is a snapshot of now, taken by the same sync.
    expect(overview.seats.takenAt).not.toBeNull();
    expect(overview.seats.total).toBe(sandbox.data.seats().length);
    expect(overview.seats.byStatus.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(sandbox.data.seats().length);
    // Everything the drill-downs add up to is the window, no row twice.
    expect(overview.voice.byDay.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(voiceCalls);
  }, 120_000);

  it('while a Sync brings its lists up to date, shows what the archive holds and says which job syncs, without syncing them a second time', async () => {
    const sandbox = await services.sandbox.instance();
    const toMs = Math.floor(sandbox.data.anchor.getTime() / HOUR) * HOUR - 2 * HOUR;
    const fromMs = toMs - 6 * DAY - 5 * HOUR;
    // A slow platform: the Sync is still running when the Overview is asked for.
    sandbox.setFaults({ latencyMs: 300 });
    try {
      const sync = value(await call<{ job: { jobId: string } }>('startSync', { operations: ['voiceRecords'] }));
      const overview = value(await call<Overview>('overview', { fromMs, toMs, syncFirst: true }));
      expect(overview.notRefreshed).toEqual({ reason: 'syncing', operation: 'voiceRecords' });
      expect(overview.voice.totals.calls).toBeGreaterThan(100);
      expect(changes.filter((job) => job.kind === 'report').at(-1)?.state).toBe('completed');
      value(await call('cancelJob', { jobId: sync.job.jobId }));
      for (let waited = 0; !changes.some((job) => job.jobId === sync.job.jobId && job.state !== 'running') && waited < 20_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
    }
  }, 120_000);

  it('offline, shows what the archive holds, saying it was not refreshed and why', async () => {
    const sandbox = await services.sandbox.instance();
    const toMs = Math.floor(sandbox.data.anchor.getTime() / HOUR) * HOUR - 2 * HOUR;
    const fromMs = toMs - 6 * DAY - 5 * HOUR;
    await services.sandbox.close(); // the platform is gone: every request is refused
    const overview = value(await call<Overview>('overview', { fromMs, toMs, syncFirst: true }));
    expect(overview.notRefreshed).toEqual({ reason: 'unreachable' });
    expect(overview.voice.totals.calls).toBeGreaterThan(100);
    expect(changes.filter((job) => job.kind === 'report').at(-1)?.state).toBe('failed');
  }, 120_000);

  it('refuses an hour of the day without a window, and says how to fix it', async () => {
    const refused = await call('archivePage', { operation: 'seats', params: {}, offset: 0, limit: 5, hourOfDay: 3 });
    expect(refused.ok === false && refused.error.message).toMatch(/time window/);
    const badHour = await call('archivePage', { operation: 'seats', params: {}, offset: 0, limit: 5, hourOfDay: 24 });
    expect(badHour.ok).toBe(false);
  });

  it('with the archive switched off, says to switch it on in Accounts', async () => {
    const settings = { ...DEFAULT_ARCHIVE_SETTINGS, enabled: false };
    value(await call('setArchiveSettings', { profileId: SANDBOX_PROFILE_ID, settings }));
    const result = await call<Overview>('overview', { fromMs: 0, toMs: DAY, syncFirst: false });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('archive-off');
      expect(result.error.message).toMatch(/Switch it on in Accounts/);
    }
  });
});
