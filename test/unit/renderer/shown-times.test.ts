/**
 * One zone per question: every time a screen shows is the active profile's wall time, written
 * one way (formatInstant), never this computer's clock in the locale's own style. QA saw the
 * Overview say "records after 2026-11-27 10:22 are not synced yet (last synced 2026年11月27日
 * 02:22)" for one instant, with this computer on UTC and the profile on +08:00.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import type { ListCoverage } from '../../../src/shared/reports/overview';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { calendarOf, lastSecondIn } from '../../../src/shared/calendar';
import { startedText } from '../../../src/renderer/src/lib/job-text';
import { comparedText, computedText, notRefreshedText, seatsTakenText, windowText } from '../../../src/renderer/src/lib/overview-text';
import { coverageText } from '../../../src/shared/reports/overview-coverage';

const profileZone = parseTimeZone('+08:00') as TimeZone;
const syncedAt = Date.parse('2026-11-27T02:22:00Z'); // 10:22 in the profile's zone
const machineZone = process.env.TZ;

describe('times on the screens, in the profile zone with this computer on UTC', () => {
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });
  afterEach(() => setCurrentLocale('en'));

  it("the Overview's coverage names one time for one instant", () => {
    setCurrentLocale('zh-CN');
    const voice: ListCoverage = { complete: false, lastSyncAt: syncedAt, syncedUntil: syncedAt };
    expect(coverageText('语音记录', voice, profileZone)).toBe('语音记录：2026-11-27 10:22 之后的记录尚未同步（上次同步于 2026-11-27 10:22）。');
    setCurrentLocale('en');
    expect(coverageText('Number records', { complete: true, lastSyncAt: syncedAt, syncedUntil: null }, profileZone)).toBe(
      'Number records: the whole window is in the archive (last synced 2026-11-27 10:22).',
    );
  });

  it('computed at, the window, the seats taken and "as of" are the same wall clock', () => {
    setCurrentLocale('zh-CN');
    const shown = {
      fromMs: Date.parse('2026-11-25T16:00:00Z'),
      toMs: Date.parse('2026-11-26T16:00:00Z'),
      timeZone: '+08:00',
      computedAt: Date.parse('2026-11-27T02:17:30Z'),
      computeMs: 35,
    };
    expect(windowText(shown, profileZone)).toBe('2026-11-26 00:00 至 2026-11-26 23:59（小时和日期按 +08:00）');
    expect(computedText(shown, profileZone)).toBe('2026-11-26 00:00 至 2026-11-26 23:59（小时和日期按 +08:00） · 计算于 2026-11-27 10:17，耗时 35 毫秒');
    expect(seatsTakenText(150, syncedAt, profileZone)).toBe('2026-11-27 10:22 获取的坐席列表中共有 150 个坐席。');
    const coverage = { voice: { complete: true, lastSyncAt: syncedAt, syncedUntil: null }, numbers: { complete: true, lastSyncAt: null, syncedUntil: null } };
    expect(notRefreshedText({ coverage }, { reason: 'unreachable' }, profileZone)).toContain('截至 2026-11-27 10:22，');
    setCurrentLocale('en');
    expect(comparedText({ kind: 'previous', fromMs: shown.fromMs - 86_400_000, toMs: shown.fromMs }, profileZone)).toBe(
      'Compared with the previous period: 2026-11-25 00:00 to 2026-11-25 23:59, drawn faintly behind the hour and day charts.',
    );
  });

  it('a window ends at the last whole second it takes in, on the screen as in the workbook', () => {
    setCurrentLocale('en');
    // [00:00, 00:00:00.500 the next day) takes in the second 00:00:00 of the next day.
    const shown = { fromMs: Date.parse('2026-11-26T00:00:00+08:00'), toMs: Date.parse('2026-11-27T00:00:00.500+08:00'), timeZone: '+08:00' };
    const inFile = calendarOf(profileZone).minuteLabel(lastSecondIn(shown));
    expect(inFile).toBe('2026-11-27 00:00');
    expect(windowText(shown, profileZone)).toBe(`2026-11-26 00:00 to ${inFile} (hours and days in +08:00)`);
    expect(comparedText({ kind: 'last-week', ...shown }, profileZone)).toContain(`2026-11-26 00:00 to ${inFile},`);
  });

  it('a job says when it started in the profile zone, as the list says when it last synced', () => {
    const job: Pick<JobInfo, 'startedAt'> = { startedAt: Date.parse('2026-11-27T02:15:40Z') };
    setCurrentLocale('zh-CN');
    expect(startedText(job, profileZone)).toBe('2026-11-27 10:15 开始');
    setCurrentLocale('en');
    expect(startedText(job, profileZone)).toBe('started 2026-11-27 10:15');
    expect(startedText(job, parseTimeZone('America/New_York') as TimeZone)).toBe('started 2026-11-26 21:15');
  });
});

describe('no screen writes an instant in the locale style of this computer', () => {
  const roots = ['src/renderer/src', 'src/shared'];
  const DATE_IN_LOCALE = /\.toLocale(?:Date|Time)?String\(|\bdateStyle\b|\btimeStyle\b/;

  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'paraglide' ? [] : files(path);
      return /\.(ts|svelte)$/.test(name) ? [path] : [];
    });
  }

  it('the renderer and shared code format times only through formatInstant', () => {
    const offenders = roots.flatMap(files).filter((path) => DATE_IN_LOCALE.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
