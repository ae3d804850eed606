import { describe, expect, it } from 'vitest';
import { JobRegistry, type JobDescription, type JobEnding } from '../../../src/main/jobs/job-registry';
import { JOB_KINDS, keepRecent, type JobInfo, type JobKind } from '../../../src/shared/methods/jobs';
import { m, setCurrentLocale } from '../../../src/shared/i18n';
import { platformError } from '../../../src/shared/errors';

const describing = (kind: JobKind, title: string): JobDescription => ({
  kind,
  title,
  profileId: 'p1',
  operation: kind === 'export' || kind === 'loadAll' ? 'voiceRecords' : null,
  path: kind === 'export' ? `/tmp/${title}.csv` : null,
  cancellable: kind !== 'mms',
});
const progress = { concurrency: 2, rows: 200, totalRows: 1000, pagesDone: 2, totalPages: 10, rowsPerSecond: 400, etaSeconds: 2 };
const cancelled: JobEnding = { state: 'cancelled', rows: 0, error: null, warnings: [] };

describe('JobRegistry', () => {
  it('tells every change once, as the whole job, for every kind alike', () => {
    const changes: JobInfo[] = [];
    let now = 1_000;
    const jobs = new JobRegistry((job) => changes.push(job), () => now);
    const started = JOB_KINDS.map((kind) => jobs.start(describing(kind, kind)));
    expect(changes.map((job) => [job.kind, job.state])).toEqual(JOB_KINDS.map((kind) => [kind, 'running']));

    const [exporting] = started;
    changes.length = 0;
    exporting.progress(progress);
    now = 4_000;
    exporting.end({ state: 'completed', rows: 1000, error: null, warnings: ['drift'] });
    // Nothing after the end: no second ending, no late progress.
    exporting.end({ state: 'failed', rows: 0, error: { code: 'x', message: 'x' }, warnings: [] });
    exporting.progress({ ...progress, rows: 300 });
    expect(changes).toEqual([
      expect.objectContaining({ jobId: exporting.id, state: 'running', progress, endedAt: null }),
      expect.objectContaining({ jobId: exporting.id, state: 'completed', rows: 1000, warnings: ['drift'], startedAt: 1_000, endedAt: 4_000, limited: false }),
    ]);
    expect(exporting.started).toMatchObject({ kind: 'export', title: 'export', profileId: 'p1', operation: 'voiceRecords', path: '/tmp/export.csv', state: 'running' });
    expect(jobs.list().map((job) => job.kind)).toEqual([...JOB_KINDS].reverse());
  });

  it('starts a job under the id its caller chose, and refuses an id already in use', () => {
    const jobs = new JobRegistry();
    const id = '0b7a4c2e-5f1d-4c3b-9a8e-1d2c3b4a5f6e';
    const job = jobs.start(describing('loadAll', 'load'), id);
    expect(job?.id).toBe(id);
    expect(jobs.start(describing('loadAll', 'again'), id)).toBeNull();
    expect(jobs.cancel(id)).toBe(true);
    expect(job?.signal.aborted).toBe(true);
    job?.end(cancelled);
    expect(jobs.cancel(id)).toBe(false);
  });

  it('keeps the last 10 finished jobs of each kind, and every running one', () => {
    const jobs = new JobRegistry();
    const long = jobs.start(describing('export', 'long'));
    for (let i = 0; i < 14; i++) jobs.start(describing('export', `export-${i}`)).end(cancelled);
    for (let i = 0; i < 3; i++) jobs.start(describing('sync', `sync-${i}`)).end(cancelled);
    const listed = jobs.list();
    expect(listed.filter((job) => job.kind === 'export' && job.state !== 'running').map((job) => job.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `export-${13 - i}`),
    );
    expect(listed.filter((job) => job.kind === 'sync').map((job) => job.title)).toEqual(['sync-2', 'sync-1', 'sync-0']);
    expect(listed.find((job) => job.jobId === long.id)?.state).toBe('running');
  });

  it('clears finished jobs, of one kind or all, never a running one', () => {
    const jobs = new JobRegistry();
    const running = jobs.start(describing('sync', 'running'));
    jobs.start(describing('sync', 'synced')).end({ state: 'completed', rows: 5, error: null, warnings: [] });
    jobs.start(describing('export', 'exported')).end(cancelled);
    expect(jobs.clearFinished('sync').map((job) => job.title)).toEqual(['exported', 'running']);
    expect(jobs.clearFinished().map((job) => job.jobId)).toEqual([running.id]);
    expect(jobs.list().map((job) => job.state)).toEqual(['running']);
  });

  it('cancels every running job when the app closes', () => {
    const jobs = new JobRegistry();
    const first = jobs.start(describing('export', 'a'));
    const second = jobs.start(describing('mms', 'b'));
    jobs.cancelAll();
    expect([first.signal.aborted, second.signal.aborted]).toEqual([true, true]);
  });
});

describe('JobRegistry after a language switch', () => {
  it('writes again the titles given in words of the interface, tells each once, and leaves a fixed title alone', () => {
    try {
      const changes: JobInfo[] = [];
      const jobs = new JobRegistry((job) => changes.push(job));
      const overview = jobs.start({ ...describing('report', 'unused'), title: m.export_overview_name });
      const fixed = jobs.start(describing('export', 'calls.csv'));
      overview.end({ state: 'completed', rows: 1, error: null, warnings: [] });
      expect(jobs.list().map((job) => job.title)).toEqual(['calls.csv', 'Overview']);
      changes.length = 0;
      setCurrentLocale('zh-CN');
      jobs.reword();
      expect(jobs.list().map((job) => job.title)).toEqual(['calls.csv', m.export_overview_name()]);
      expect(changes.map((job) => [job.jobId, job.title, job.state])).toEqual([[overview.id, m.export_overview_name(), 'completed']]);
      jobs.reword();
      expect(changes).toHaveLength(1);
      expect(fixed.started.title).toBe('calls.csv');
    } finally {
      setCurrentLocale('en');
    }
  });
});

describe('JobRegistry after a language switch, a finished job', () => {
  it("says its error and warnings in the new language, a server's reason as it came, and back again", () => {
    try {
      const jobs = new JobRegistry();
      const failed = jobs.start(describing('sync', 'unused'));
      const error = { ...platformError(-18, 'system error'), detail: 'system error' };
      const warned = jobs.start(describing('export', 'calls.xlsx'));
      const warning = m.export_cells_cut({ count: '3' });
      failed.end({ state: 'failed', rows: 0, error, warnings: [] });
      warned.end({ state: 'completed', rows: 10, error: null, warnings: [warning, 'A note from elsewhere'] });
      setCurrentLocale('zh-CN');
      jobs.reword();
      const [exported, synced] = jobs.list();
      expect(synced.error).toEqual({ ...error, message: m.errors_platform_internal() });
      expect(synced.error?.message).not.toBe(error.message);
      expect(exported.warnings).toEqual([m.export_cells_cut({ count: '3' }), 'A note from elsewhere']);
      setCurrentLocale('en');
      jobs.reword();
      expect(jobs.list()[1].error).toEqual(error);
      expect(jobs.list()[0].warnings).toEqual([warning, 'A note from elsewhere']);
    } finally {
      setCurrentLocale('en');
    }
  });
});

describe('keepRecent', () => {
  it('keeps the first finished of each kind in the order given, and all running', () => {
    const job = (kind: JobKind, state: JobInfo['state'], title: string): JobInfo => ({
      ...describing(kind, title),
      title,
      jobId: title,
      startedAt: 0,
      endedAt: null,
      state,
      progress: null,
      rows: 0,
      limited: false,
      error: null,
      warnings: [],
    });
    const listed = [job('sync', 'completed', 's1'), job('export', 'failed', 'e1'), job('sync', 'running', 's2'), job('sync', 'cancelled', 's3'), job('export', 'completed', 'e2')];
    expect(keepRecent(listed, 1).map((kept) => kept.title)).toEqual(['s1', 'e1', 's2']);
  });
});
