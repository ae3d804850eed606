import type { MmsSendDetail, MmsSendSummary } from '../../shared/mms/records';
import type { Result } from '../../shared/result';
import { computeProgress } from '../jobs/fetch-progress';
import type { JobEnding, JobRegistry } from '../jobs/job-registry';

/**
 * An MMS send shown in the jobs area: batches done of all, numbers accepted. The
 * sender stays the one that sends; this only follows its summaries.
 */
export class MmsSendJobs {
  private readonly bySend = new Map<string, { jobId: string; startedAt: number }>();

  constructor(private readonly jobs: JobRegistry) {}

  async follow(sendId: string, batches: string[][], send: () => Promise<Result<MmsSendDetail>>): Promise<Result<MmsSendDetail>> {
    const recipients = batches.reduce((sum, batch) => sum + batch.length, 0);
    const job = this.jobs.startShown({
      kind: 'mms-send',
      title: `MMS to ${recipients.toLocaleString('en')} recipients`,
      operation: null,
      path: null,
      cancellable: false,
    });
    this.bySend.set(sendId, { jobId: job.id, startedAt: Date.now() });
    this.jobs.progress(job.id, computeProgress({ pagesDone: 0, totalPages: batches.length, rows: 0, totalRows: recipients, concurrency: 1 }, 0));
    try {
      const result = await send();
      this.jobs.end(job.id, result.ok ? endingOf(result.value) : { state: 'failed', rows: 0, error: result.error, warnings: [] });
      return result;
    } finally {
      this.bySend.delete(sendId);
      this.jobs.finish(job.id);
    }
  }

  /** A batch of a followed send changed state. */
  update(summary: MmsSendSummary): void {
    const followed = this.bySend.get(summary.sendId);
    if (!followed) return;
    const done = summary.batches.filter((batch) => batch.status !== 'sending' && batch.status !== 'not-sent');
    this.jobs.progress(
      followed.jobId,
      computeProgress(
        {
          pagesDone: done.length,
          totalPages: summary.batches.length,
          rows: done.reduce((sum, batch) => sum + batch.size, 0),
          totalRows: summary.recipients,
          concurrency: 1,
        },
        Date.now() - followed.startedAt,
      ),
    );
  }
}

function endingOf(detail: MmsSendDetail): JobEnding {
  if (detail.status === 'completed') return { state: 'completed', rows: detail.accepted, error: null, warnings: [] };
  return {
    state: 'failed',
    rows: detail.accepted,
    error: { code: 'mms-attention', message: 'Some batches need attention: open MMS to see which, and whether to send them again.' },
    warnings: [],
  };
}
