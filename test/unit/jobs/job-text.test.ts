/** How a job is told to a person, in English as before and in Chinese when that is the language. */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobInfo, JobProgress } from '../../../src/shared/methods/jobs';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { cutAround, endingTitleOf, KIND_LABEL, outcomeOf, progressText } from '../../../src/renderer/src/lib/job-text';

const progress: JobProgress = { concurrency: 4, rows: 1200, totalRows: 30000, pagesDone: 3, totalPages: 75, rowsPerSecond: 2400.4, etaSeconds: 12 };

function job(overrides: Partial<JobInfo>): JobInfo {
  return {
    jobId: 'j1',
    kind: 'export',
    title: 'Voice records',
    profileId: null,
    operation: null,
    path: '/tmp/out/voice.xlsx',
    startedAt: 0,
    endedAt: 1,
    cancellable: true,
    state: 'completed',
    progress: null,
    rows: 1234,
    limited: false,
    error: null,
    warnings: [],
    ...overrides,
  };
}

describe('job text', () => {
  afterEach(() => setCurrentLocale('en'));

  it('in English, as before', () => {
    expect(progressText(progress)).toBe('1,200 of 30,000 rows · 2,400 rows/s · 12 s left');
    expect(progressText({ ...progress, totalRows: null, etaSeconds: 125 }, 'recipients')).toBe('1,200 recipients · 2,400 recipients/s · 2 min 5 s left');
    // Past the total the platform gave (it grew while the rows were fetched): the count alone, never "31,000 of 30,000".
    expect(progressText({ ...progress, rows: 31_000, rowsPerSecond: 0 })).toBe('31,000 rows');
    expect(outcomeOf(job({}))).toBe('Saved 1,234 rows to voice.xlsx');
    expect(outcomeOf(job({ state: 'failed', error: { code: 'network', message: 'The platform could not be reached.' } }))).toBe(
      'Failed: The platform could not be reached. No file was written.',
    );
    expect(outcomeOf(job({ kind: 'loadAll', limited: true }))).toBe('Stopped at 1,234 rows: narrow the filters, or export to get everything.');
    expect(endingTitleOf(job({}))).toBe('Export finished');
    expect(endingTitleOf(job({ kind: 'mms', state: 'failed' }))).toBe('MMS needs attention');
    expect(KIND_LABEL.sync.group()).toBe('Syncs');
  });

  it('in Chinese when that is the language', () => {
    setCurrentLocale('zh-CN');
    expect(progressText(progress)).toBe('1,200 / 30,000 行 · 2,400 行/秒 · 剩余 12 秒');
    expect(outcomeOf(job({}))).toBe('已将 1,234 行保存到 voice.xlsx');
    expect(outcomeOf(job({ kind: 'sync', state: 'cancelled' }))).toBe('已取消，之前完成的时间段已保留。');
    expect(endingTitleOf(job({ kind: 'sync', state: 'failed' }))).toBe('同步失败');
    expect(KIND_LABEL.export.group()).toBe('导出');
  });

  it('an export’s line cut around its file name, for the screen that started it to show the name as a path', () => {
    setCurrentLocale('zh-CN');
    expect(cutAround(outcomeOf(job({ rows: 4 })), 'voice.xlsx')).toEqual(['已将 4 行保存到 ', 'voice.xlsx', '']);
    expect(cutAround('Saved 4 rows to a.xlsx', 'b.xlsx')).toEqual(['Saved 4 rows to a.xlsx', '', '']);
    expect(cutAround('Saved', '')).toEqual(['Saved', '', '']);
  });
});
