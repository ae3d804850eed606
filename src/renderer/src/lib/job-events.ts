import type { JobRows } from '../../../shared/methods/lists';
import { bridge } from './bridge';

const watchers = new Map<string, (batch: JobRows) => void>();
let subscribed = false;

/**
 * Routes a Load all's rows to the view that started it; returns a function that stops.
 * How the job goes (progress, its end) comes from the jobs store, like every job's.
 */
export function watchRows(jobId: string, onRows: (batch: JobRows) => void): () => void {
  if (!subscribed) {
    subscribed = true;
    bridge.onJobRows((batch) => watchers.get(batch.jobId)?.(batch));
  }
  watchers.set(jobId, onRows);
  return () => {
    if (watchers.get(jobId) === onRows) watchers.delete(jobId);
  };
}
