/**
 * The Overview's charts, tiles and chart sentences in Simplified Chinese: built from the same
 * figures main sent in English, so every word (titles, headers, day, code and missing-value
 * labels) is read again in the language of the moment.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../src/shared/calendar';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { recordCounter } from '../../../src/shared/reports/count-records';
import { NUMBER_FIGURES, VOICE_FIGURES } from '../../../src/shared/reports/figures';
import { foldFigures } from '../../../src/shared/reports/fold';
import type { Overview } from '../../../src/shared/reports/overview';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { hasData, readoutOf, summaryOf } from '../../../src/renderer/src/lib/chart-model';
import { percentText } from '../../../src/renderer/src/lib/figures';
import { overviewCharts } from '../../../src/renderer/src/lib/overview-charts';
import { voiceFigures } from '../../../src/renderer/src/lib/overview-figures';
import { OVERVIEW_PRESETS } from '../../../src/renderer/src/lib/overview-window';

const ZONE = parseTimeZone('+08:00') as TimeZone;
/** 2026-11-02 (Monday) and 2026-11-03 in +08:00. */
const WINDOW = { fromMs: Date.UTC(2026, 10, 1, 16), toMs: Date.UTC(2026, 10, 3, 16) };

/** An Overview as main computes it, in English: three calls, one without a caller id, one seat without a status. */
function overview(): Overview {
  const voice = recordCounter(VOICE_FIGURES, calendarOf(ZONE));
  const at = WINDOW.fromMs + 3_600_000;
  voice.add({ callStatus: 50, callDuration: 60, displayNum: '02150001234', cost: 0.1, currency: 'USD' }, at);
  voice.add({ callStatus: 50, callDuration: 30, displayNum: '02150001234', cost: 0.1, currency: 'USD' }, at);
  voice.add({ callStatus: 10, callDuration: 0, displayNum: null, cost: 0, currency: 'USD' }, at + 86_400_000);
  const numbers = recordCounter(NUMBER_FIGURES, calendarOf(ZONE));
  return {
    profileId: 'p',
    timeZone: '+08:00',
    ...WINDOW,
    computedAt: WINDOW.toMs,
    computeMs: 1,
    coverage: { voice: { complete: true, lastSyncAt: null, syncedUntil: null }, numbers: { complete: true, lastSyncAt: null, syncedUntil: null } },
    notRefreshed: null,
    compared: null,
    voice: { ...foldFigures(voice.book, WINDOW, ZONE), concurrency: { intervalMinutes: 15, peak: 0, points: [] } },
    numbers: foldFigures(numbers.book, WINDOW, ZONE),
    seats: {
      takenAt: 1,
      total: 2,
      byStatus: [
        { key: '2', label: 'idle', count: 1, drill: null },
        { key: '', label: 'no status', count: 1, drill: null },
      ],
      byGroup: [
        { key: '12', label: 'Group 12', count: 1, drill: null, voiceGroupId: '12', groupName: null },
        { key: '', label: 'no group', count: 1, drill: null, voiceGroupId: null, groupName: null },
      ],
    },
    mms: { byDay: [{ key: '2026-11-02', label: 'Mon 2026-11-02', sends: 1, accepted: 2, refused: 0, unknown: 0 }] },
  };
}

afterEach(() => setCurrentLocale('en'));

/** The caller-id breakdown's table headers: a breakdown's rows always carry cost. */
const callerIdsHeaders = (charts: ReturnType<typeof overviewCharts>): string[] =>
  charts.voice.find((chart) => chart.id === 'voice-display-numbers')?.columns.map((column) => column.header) ?? [];

describe('the Overview in Chinese', () => {
  it('charts: titles, headers and labels of days, codes and missing values', () => {
    const shown = overview();
    setCurrentLocale('zh-CN');
    const charts = overviewCharts(shown);
    const byDay = charts.voice.find((chart) => chart.id === 'voice-by-day');
    expect(byDay?.title).toBe('每日呼叫数和 ASR');
    expect(byDay?.categoryHeader).toBe('日期');
    expect(byDay?.categories).toEqual(['周一 2026-11-02', '周二 2026-11-03']);
    // Voice days carry no cost (VOICE_FIGURES.costByTime): no cost column, as the Summary sheet has none.
    expect(byDay?.columns.map((column) => column.header)).toEqual(['呼叫数', '接通数', 'ASR', '接通通话时长', '平均通话时长']);
    expect(callerIdsHeaders(charts)).toContain('费用');
    const callerIds = charts.voice.find((chart) => chart.id === 'voice-display-numbers');
    expect(callerIds?.title).toBe('按外显号码');
    expect(callerIds?.categories).toEqual(['02150001234', '无外显号码']);
    expect(charts.voice.find((chart) => chart.id === 'voice-concurrency')?.title).toBe('每 15 分钟并发通话峰值');
    expect(charts.seats[0].categories[1]).toBe('无状态');
    expect(charts.seats[1].categories).toEqual(['坐席组 12', '无坐席组']);
    expect(charts.mms[0].categories).toEqual(['周一 2026-11-02']);
    expect(charts.numbers[0].empty).toBe('此时间窗口内没有号码通话记录。');
  });

  it('chart sentences, tiles and presets', () => {
    const shown = overview();
    setCurrentLocale('zh-CN');
    const byDay = overviewCharts(shown).voice.find((chart) => chart.id === 'voice-by-day');
    if (!byDay) throw new Error('no day chart');
    expect(summaryOf(byDay)).toBe('共 2 天。呼叫数：最高 2，在 周一 2026-11-02，共 3。ASR：最高 100.0%，在 周一 2026-11-02。');
    expect(readoutOf(byDay, 1)).toBe('周二 2026-11-03：呼叫数 1，ASR 0.0% · 单击或按 Enter 打开其记录');
    const tiles = voiceFigures(shown.voice.totals);
    expect(tiles.find((tile) => tile.id === 'asr')).toMatchObject({ label: 'ASR', value: '66.7%', hint: 'ASR（应答占用比，即接通率）：接通数 ÷ 呼叫数。' });
    expect(tiles.find((tile) => tile.id === 'cost-USD')?.label).toBe('费用（USD）');
    expect(tiles.find((tile) => tile.id === 'cost-USD')?.value).toBe('0.2000');
    expect(OVERVIEW_PRESETS.map((preset) => preset.label())).toEqual(['昨天', '最近 7 天', '本月', '自定义']);
  });

  it('each chart counts its rows with its own measure word: no "项" bolted onto a header', () => {
    const shown = overview();
    setCurrentLocale('zh-CN');
    const charts = overviewCharts(shown);
    const counts = Object.fromEntries(
      [...charts.voice, ...charts.bySeat, ...charts.seats, ...charts.mms].filter(hasData).map((chart) => [chart.id, summaryOf(chart).split('。')[0]]),
    );
    expect(counts).toMatchObject({
      'voice-by-hour': '共 24 小时',
      'voice-by-day': '共 2 天',
      'voice-by-status': '共 2 种呼叫状态',
      'voice-display-numbers': '共 2 个外显号码',
      'seats-by-status': '共 2 种状态',
      'seats-by-group': '共 2 个坐席组',
      'mms-by-day': '共 1 天',
    });
    setCurrentLocale('en');
    const english = overviewCharts(shown);
    expect(summaryOf(english.voice.find((chart) => chart.id === 'voice-by-day') ?? english.voice[0])).toMatch(/^2 days\. /);
    expect(summaryOf(english.seats[1])).toMatch(/^2 seat groups\. /);
  });

  it('reads as before in English', () => {
    const charts = overviewCharts(overview());
    const byDay = charts.voice.find((chart) => chart.id === 'voice-by-day');
    expect(byDay?.title).toBe('Calls and ASR by day');
    expect(byDay?.categories).toEqual(['Mon 2026-11-02', 'Tue 2026-11-03']);
    expect(charts.voice.find((chart) => chart.id === 'voice-by-hour')?.title).toBe('Calls and ASR by hour of day');
    expect(charts.seats.map((chart) => chart.title)).toEqual(['Seats by status', 'Seats by group']);
    expect(percentText(0.4567)).toBe('45.7%');
  });
});

describe('the period compared', () => {
  it("names its own day where its figure is said: the chart's sentence, the readout and the table", () => {
    const shown = overview();
    const before = recordCounter(VOICE_FIGURES, calendarOf(ZONE));
    const earlier = { fromMs: WINDOW.fromMs - 2 * 86_400_000, toMs: WINDOW.fromMs };
    before.add({ callStatus: 50, callDuration: 60, displayNum: '1', cost: 0, currency: 'USD' }, earlier.fromMs + 3_600_000);
    const compared = { kind: 'previous' as const, ...earlier, voice: foldFigures(before.book, earlier, ZONE), numbers: shown.numbers };
    const byDay = overviewCharts({ ...shown, compared: compared as never }).voice.find((chart) => chart.id === 'voice-by-day');
    if (!byDay) throw new Error('no chart by day');
    expect(summaryOf(byDay)).toContain('Calls, compared period: highest 1 at Sat 2026-10-31');
    expect(readoutOf(byDay, 0)).toContain('Calls, compared period 1 (Sat 2026-10-31)');
    expect(byDay.columns.at(-1)?.cells).toEqual(['1 (Sat 2026-10-31)', '0 (Sun 2026-11-01)']);
  });
});
