/**
 * What a job card says follows the language on show: a job's title and the error of a failed
 * job travel as messages of the catalog (with their inputs) and are worded where they are
 * shown, so a switch of language words them again without main sending the job anew.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { completed, runJob } from '../../../src/main/jobs/run-job';
import { describeDrift } from '../../../src/main/jobs/drift-warnings';
import { createLogger } from '../../../src/main/log';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { say } from '../../../src/shared/i18n/said';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { outcomeOf, titleOf, warningsOf } from '../../../src/renderer/src/lib/job-text';
import { errorText } from '../../../src/shared/errors';

const log = createLogger({ sink: () => {}, console: false });

describe('a job worded where it is shown', () => {
  afterEach(() => setCurrentLocale('en'));

  it('words a message with inputs, itself a message or not, in the current language', () => {
    const said = { key: 'export_outcome_failed', params: { why: { key: 'export_crashed_sync' } } } as const;
    expect(say(said)).toBe('Failed: The sync stopped because of an internal error. The details are in the log file.');
    setCurrentLocale('zh-CN');
    expect(say(said)).toBe('失败：同步因内部错误而停止。详情见日志文件。');
  });

  it('a title given as a message, with its inputs, is told in the language on show', () => {
    const jobs = new JobRegistry();
    const mms = jobs.start({ kind: 'mms', title: { key: 'mms_job_title', params: { count: '1,200' } }, profileId: 'p1', operation: null, path: null, cancellable: false });
    const sync = jobs.start({ kind: 'sync', title: { key: 'export_sync_title' }, profileId: 'p1', operation: null, path: null, cancellable: true });
    expect(titleOf(mms.started)).toBe('MMS to 1,200 recipients');
    expect(mms.started.title).toBe('MMS to 1,200 recipients');
    setCurrentLocale('zh-CN');
    // The job as main sent it in English, worded again by the screen alone.
    expect(titleOf(mms.started)).toBe('彩信发送给 1,200 个收件人');
    expect(titleOf(sync.started)).toBe('同步');
    // A title of plain text (a name a user typed) stays as it is.
    expect(titleOf({ title: 'My list' })).toBe('My list');
  });

  it('the error line of a failed job follows the language on show', async () => {
    const jobs = new JobRegistry();
    const job = jobs.start({ kind: 'sync', title: { key: 'export_sync_title' }, profileId: 'p1', operation: null, path: null, cancellable: true });
    await runJob(job, 'sync', log, () => Promise.reject(new Error('boom')));
    const failed = jobs.list()[0] as JobInfo;
    expect(failed.state).toBe('failed');
    expect(outcomeOf(failed)).toBe('Failed: The sync stopped because of an internal error. The details are in the log file. The ranges finished before are kept.');
    setCurrentLocale('zh-CN');
    expect(outcomeOf(failed)).toBe('失败：同步因内部错误而停止。详情见日志文件。之前完成的时间段已保留。');
    // A platform's own reason, outside the catalog, is told as it came.
    expect(errorText({ message: 'socket hang up' })).toBe('socket hang up');
  });

  it('main words the same again after a switch, for what reads its text (a notification, the command line)', () => {
    const jobs = new JobRegistry();
    const job = jobs.start({ kind: 'report', title: { key: 'export_overview_name' }, profileId: 'p1', operation: null, path: null, cancellable: true });
    job.end({ state: 'failed', rows: 0, error: { code: 'mms-attention', message: 'Some batches need attention: open MMS to see which, and whether to send them again.', said: { key: 'mms_job_attention' } }, warnings: [] });
    setCurrentLocale('zh-CN');
    jobs.reword();
    const [reworded] = jobs.list();
    expect(reworded?.title).toBe('概览');
    expect(reworded?.error?.message).toBe('部分批次需要处理：请打开“彩信”查看是哪些批次，以及是否重新发送。');
  });

  it('the warnings of a finished job follow the language on show, a count among them', () => {
    const jobs = new JobRegistry();
    const job = jobs.start({ kind: 'export', title: { key: 'export_overview_name' }, profileId: 'p1', operation: null, path: '/tmp/o.xlsx', cancellable: true });
    const drift = describeDrift({
      rows: 10,
      pages: 2,
      windows: 1,
      elapsedMs: 5,
      drift: [{ kind: 'duplicate', window: 0, page: 1, id: '7' }],
      boundaryDuplicatesSkipped: 0,
      lowestConcurrency: 1,
      newestFirst: true,
      heldStill: false,
    });
    job.end(completed(10, drift));
    const [done] = jobs.list();
    if (!done) throw new Error('the job is listed');
    expect(done.warnings).toEqual(['1 row(s) moved between pages while loading and were not repeated. Load again for a consistent view.']);
    setCurrentLocale('zh-CN');
    expect(warningsOf(done)).toEqual(['加载期间有 1 行在页间移动，未重复计入。请重新加载以获得一致的结果。']);
    // Warnings given as text (none is a message) are told as they came.
    expect(warningsOf({ warnings: ['as it came'] })).toEqual(['as it came']);
    expect(completed(1, ['as it came'])).toMatchObject({ warnings: ['as it came'] });
    expect(completed(1)).not.toHaveProperty('warningsSaid');
  });
});
