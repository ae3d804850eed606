import type { MmsSendDetail, MmsSendSummary } from '../../shared/mms/records';
import { formatNumber, m } from '../../shared/i18n';
import { worded } from '../../shared/i18n/said';
import { fail, type Result } from '../../shared/result';
import { computeProgress } from '../jobs/fetch-progress';
import type { JobEnding, JobHandle, JobRegistry } from '../jobs/job-registry';
import { runJob } from '../jobs/run-job';
import type { Logger } from '../log';

/**
 * An MMS send shown in the jobs area: batches done of all, numbers accepted. The
 * sender stays the one that sends; this only follows its summaries.
 */
export class MmsSendJobs {
  private readonly bySend = new Map<string, { job: JobHandle; startedAt: number }>();

  constructor(
    private readonly jobs: JobRegistry,
    private readonly log: Logger,
  ) {}

  async follow(sendId: string, profileId: string, batches: string[][], send: () => Promise<Result<MmsSendDetail>>): Promise<Result<MmsSendDetail>> {
    const recipients = batches.reduce((sum, batch) => sum + batch.length, 0);
    const job = this.jobs.start({
      kind: 'mms',
      title: { key: 'mms_job_title', params: { count: formatNumber(recipients) } },
      profileId,
      operation: null,
      path: null,
      cancellable: false,
    });
    this.bySend.set(sendId, { job, startedAt: Date.now() });
    job.progress(computeProgress({ pagesDone: 0, totalPages: batches.length, rows: 0, totalRows: recipients, concurrency: 1 }, 0));
    let result: Result<MmsSendDetail> = fail('internal', m.mms_send_internal());
    try {
      await runJob(job, 'MMS send', this.log, async () => {
        result = await send();
        return result.ok ? endingOf(result.value) : { state: 'failed', rows: 0, error: result.error, warnings: [] };
      });
    } finally {
      this.bySend.delete(sendId);
    }
    return result;
  }

  /** A batch of a followed send changed state. */
  update(summary: MmsSendSummary): void {
    const followed = this.bySend.get(summary.sendId);
    if (!followed) return;
    const done = summary.batches.filter((batch) => batch.status !== 'sending' && batch.status !== 'not-sent');
    followed.job.progress(
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
    error: { code: 'mms-attention', ...worded({ key: 'mms_job_attention' }) },
    warnings: [],
  };
}
