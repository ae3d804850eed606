import type { JobProgress } from '../../shared/methods/jobs';

/** Progress of a fetch-all: pages, rows, rate and ETA, as a job reports it. */
export type FetchProgress = JobProgress;

export function computeProgress(
  counts: {
    pagesDone: number;
    totalPages: number | null;
    rows: number;
    totalRows: number | null;
    concurrency: number;
  },
  elapsedMs: number,
): FetchProgress {
  const seconds = elapsedMs / 1000;
  const rowsPerSecond = seconds > 0 ? counts.rows / seconds : 0;
  const remaining = counts.totalRows === null ? null : Math.max(0, counts.totalRows - counts.rows);
  let etaSeconds: number | null = null;
  if (remaining === 0) etaSeconds = 0;
  else if (remaining !== null && rowsPerSecond > 0) etaSeconds = remaining / rowsPerSecond;
  return { ...counts, rowsPerSecond, etaSeconds };
}
