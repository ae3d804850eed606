import { describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import type { JobInfo } from '../../../src/shared/methods/jobs';

const exportOf = (title: string) => ({ kind: 'export' as const, title, operation: 'voiceRecords' as const, path: `/tmp/${title}.csv`, cancellable: true });
const progress = { concurrency: 2, rows: 200, totalRows: 1000, pagesDone: 2, totalPages: 10, rowsPerSecond: 400, etaSeconds: 2 };

describe('JobRegistry', () => {
  it('starts a job under the id its caller chose, and refuses an id already in use', () => {
    const jobs = new JobRegistry();
    const id = '0b7a4c2e-5f1d-4c3b-9a8e-1d2c3b4a5f6e';
    const job = jobs.claim(id);
    expect(job?.id).toBe(id);
    expect(jobs.claim(id)).toBeNull();
    expect(jobs.cancel(id)).toBe(true);
    expect(job?.signal.aborted).toBe(true);
    const shown = jobs.startShown(exportOf('shown'));
    expect(jobs.claim(shown.id)).toBeNull();
  });

  it('lists the shown jobs newest first, running and finished, and tells each change', () => {
    const changes: JobInfo[] = [];
    const jobs = new JobRegistry((job) => changes.push(job), () => 1_000);
    const first = jobs.startShown(exportOf('first'));
    const second = jobs.startShown(exportOf('second'));
    jobs.progress(first.id, progress);
    jobs.end(first.id, { state: 'completed', rows: 1000, error: null, warnings: [] });

    const listed = jobs.list();
    expect(listed.map((job) => [job.title, job.state])).toEqual([
      ['second', 'running'],
      ['first', 'completed'],
    ]);
    expect(listed[1]).toMatchObject({ jobId: first.id, rows: 1000, path: '/tmp/first.csv', startedAt: 1_000, progress: { ...progress, jobId: first.id } });
    expect(changes.map((job) => `${job.title}:${job.state}:${job.progress?.rows ?? '-'}`)).toEqual([
      'first:running:-',
      'second:running:-',
      'first:running:200',
      'first:completed:200',
    ]);
    expect(jobs.cancel(second.id)).toBe(true);
    expect(second.signal.aborted).toBe(true);
  });

  it('keeps jobs started without being shown (a table loading all pages) out of the list', () => {
    const changes: JobInfo[] = [];
    const jobs = new JobRegistry((job) => changes.push(job));
    const hidden = jobs.start();
    jobs.progress(hidden.id, progress);
    expect(jobs.list()).toEqual([]);
    expect(changes).toEqual([]);
    expect(jobs.cancel(hidden.id)).toBe(true);
  });

  it('forgets the oldest finished jobs beyond a few, never a running one', () => {
    const jobs = new JobRegistry(() => {}, Date.now, 3);
    const running = jobs.startShown(exportOf('long'));
    for (let i = 0; i < 6; i++) {
      const job = jobs.startShown(exportOf(`short-${i}`));
      jobs.end(job.id, { state: 'cancelled', rows: 0, error: null, warnings: [] });
      jobs.finish(job.id);
    }
    expect(jobs.list().map((job) => job.title)).toEqual(['short-5', 'short-4', 'short-3', 'long']);
    expect(jobs.list().find((job) => job.jobId === running.id)?.state).toBe('running');
  });
});
