import type { JobProgress } from '../../../shared/contract';
import type { JobDone, JobRows } from '../../../shared/methods/lists';
import { bridge } from './bridge';

export interface JobWatcher {
  progress?(progress: JobProgress): void;
  rows?(batch: JobRows): void;
  done?(done: JobDone): void;
}

const watchers = new Map<string, JobWatcher>();
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  bridge.onJobProgress((progress) => watchers.get(progress.jobId)?.progress?.(progress));
  bridge.onJobRows((batch) => watchers.get(batch.jobId)?.rows?.(batch));
  bridge.onJobDone((done) => {
    const watcher = watchers.get(done.jobId);
    watchers.delete(done.jobId);
    watcher?.done?.(done);
  });
}

/** Routes a job's events (progress, rows, done) to one watcher; returns a function that stops watching. */
export function watchJob(jobId: string, watcher: JobWatcher): () => void {
  subscribe();
  watchers.set(jobId, watcher);
  return () => watchers.delete(jobId);
}
