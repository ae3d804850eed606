/**
 * The Summary sheet and the Overview's workbook show what the figure declarations have and
 * what the Overview screen shows, no more: hours and days of a set that counts no cost by
 * time get no cost column (never a column of zeros), a peak chart's sentence gives no
 * total, the peaks' interval is said as the screen says it, each note says its figure
 * once, and the window ends at the second the screen and the About sheet say.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rowSummaryFor } from '../../../src/main/export/summary';
import { overviewSheets } from '../../../src/main/export/summary/overview-sheets';
import type { SummarySheet, SummaryTable } from '../../../src/main/export/summary-sheet';
import { intervalMinutesFor } from '../../../src/main/reports/concurrency';
import { summaryOf, type ChartModel } from '../../../src/renderer/src/lib/chart-model';
import { moneyText } from '../../../src/renderer/src/lib/figures';
import { overviewCharts } from '../../../src/renderer/src/lib/overview-charts';
import { voiceFigures } from '../../../src/renderer/src/lib/overview-figures';
import { calendarOf } from '../../../src/shared/calendar';
import { m, setCurrentLocale } from '../../../src/shared/i18n';
import { listOf } from '../../../src/shared/operations';
import { recordCounter } from '../../../src/shared/reports/count-records';
import { NUMBER_FIGURES, VOICE_FIGURES, type Figure } from '../../../src/shared/reports/figures';
import { foldFigures, TallyBook } from '../../../src/shared/reports/fold';
import type { Overview, OverviewCompared, VoiceOverview } from '../../../src/shared/reports/overview';
import { comparedCoverageTexts, coverageTexts } from '../../../src/shared/reports/overview-coverage';
import { formatInstant, parseIsoInstant, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const ZONE = parseTimeZone('+08:00') as TimeZone;
const PARAMS = { strTime: '2026-11-26T00:00:00+08:00', endTime: '2026-11-27T10:12:42+08:00' };
const HOUR = 3_600_000;

/** Four calls over two days: 59.70 EUR and 1.25 USD in all. */
const RAW = [
  { voiceId: 'a', submitTime: '2026-11-26T09:15:00+08:00', callStatus: 50, callDuration: 60, cost: '10.5', currency: 'EUR' },
  { voiceId: 'b', submitTime: '2026-11-26T14:30:00+08:00', callStatus: 10, callDuration: 0, cost: '0', currency: 'EUR' },
  { voiceId: 'c', submitTime: '2026-11-27T10:00:00+08:00', callStatus: 50, callDuration: 120, cost: '49.2', currency: 'EUR' },
  { voiceId: 'd', submitTime: '2026-11-27T10:05:00+08:00', callStatus: 50, callDuration: 30, cost: '1.25', currency: 'USD' },
];

function voiceSummary() {
  const list = listOf('voiceRecords');
  const summary = rowSummaryFor(list, PARAMS, ZONE);
  if (!summary) throw new Error('voice records have a Summary');
  summary.add(RAW.map((raw) => list.toRow(list.normalise(raw, { zone: ZONE }))));
  return summary;
}

const table = (sheet: SummarySheet, title: string): SummaryTable => {
  const found = sheet.tables.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no "${title}" table: ${sheet.tables.map((t) => t.title).join(', ')}`);
  return found;
};
const costHeaders = (t: SummaryTable): string[] => t.columns.map((c) => c.header).filter((header) => header.startsWith('Cost ('));
const column = (t: SummaryTable, header: string): unknown[] => {
  const index = t.columns.findIndex((c) => c.header === header);
  return t.rows.map((row) => row[index]?.value);
};
const chart = (charts: readonly ChartModel[], id: string): ChartModel => {
  const found = charts.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no chart ${id}`);
  return found;
};
const hasCostColumn = (model: ChartModel): boolean => model.columns.some((c) => c.header === 'Cost');

/** The Overview of the same calls, as main would send it, with peaks read every `intervalMinutes`. */
function overviewOf(voice: ReturnType<typeof voiceSummary>, intervalMinutes: number): Overview {
  const window = { fromMs: Date.parse(PARAMS.strTime), toMs: Date.parse('2026-11-27T00:00:00+08:00') };
  const points = [2, 5, 3].map((peak, slot) => ({ startMs: window.fromMs + slot * intervalMinutes * 60_000, label: `slot ${slot}`, peak }));
  const concurrency: VoiceOverview['concurrency'] = { intervalMinutes, peak: 5, points };
  const numbers = recordCounter(NUMBER_FIGURES, calendarOf(ZONE));
  numbers.add({ callDuration: 30, pay: { text: '0.4', value: 0.4 }, currency: 'EUR' }, window.fromMs + 2 * HOUR);
  const none = { complete: true, lastSyncAt: null, syncedUntil: null };
  return {
    profileId: 'p',
    timeZone: '+08:00',
    ...window,
    computedAt: window.toMs,
    computeMs: 1,
    coverage: { voice: none, numbers: none },
    notRefreshed: null,
    compared: null,
    voice: { ...(voice.figures() as VoiceOverview), concurrency },
    numbers: foldFigures(numbers.book, window, ZONE),
    seats: { takenAt: null, total: 0, byStatus: [], byGroup: [] },
    mms: { byDay: [] },
  };
}

afterEach(() => setCurrentLocale('en'));

describe('cost by hour and by day: only where the declaration counts it', () => {
  it('the voice Summary has cost in its totals and breakdowns, and no cost column by hour or by day', () => {
    expect(VOICE_FIGURES.costByTime).toBe(false);
    const sheet = voiceSummary().sheet();
    const totals = table(sheet, 'Totals');
    const cost = (currency: string): unknown => totals.rows.find((row) => row[0].value === `Cost (${currency})`)?.[1].value;
    expect(cost('EUR')).toBeCloseTo(59.7, 6);
    expect(cost('USD')).toBeCloseTo(1.25, 6);
    for (const title of ['By hour of day', 'By day']) {
      const block = table(sheet, title);
      expect(costHeaders(block), title).toEqual([]);
      // Every row has exactly the block's columns: no cost cells left over.
      for (const row of block.rows) expect(row, title).toHaveLength(block.columns.length);
    }
    const byDay = table(sheet, 'By day');
    expect(column(byDay, 'Calls')).toEqual([2, 2]);
    const byStatus = table(sheet, 'By call status');
    expect(costHeaders(byStatus)).toEqual(['Cost (EUR)', 'Cost (USD)']);
    expect(column(byStatus, 'Cost (EUR)')).toEqual([0, 59.7]);
    expect(column(byStatus, 'Cost (USD)')).toEqual([0, 1.25]);
  });

  it('number records count cost by day: their days carry it, computed, on the sheet and on the screen alike', () => {
    expect(NUMBER_FIGURES.costByTime).toBe(true);
    const overview = overviewOf(voiceSummary(), 60);
    const sheet = overviewSheets(overview, 'p')[1].sheet;
    const byDay = table(sheet, 'By day');
    expect(costHeaders(byDay)).toEqual(['Cost (EUR)']);
    expect(column(byDay, 'Cost (EUR)')).toEqual([0.4]);
    expect(hasCostColumn(chart(overviewCharts(overview).numbers, 'numbers-by-day'))).toBe(true);
  });

  it('the Overview workbook and the Overview screen show cost in the same blocks', () => {
    const overview = overviewOf(voiceSummary(), 60);
    const [voiceSheet] = overviewSheets(overview, 'p');
    const charts = overviewCharts(overview);
    expect(costHeaders(table(voiceSheet.sheet, 'By hour of day'))).toEqual([]);
    expect(costHeaders(table(voiceSheet.sheet, 'By day'))).toEqual([]);
    expect(hasCostColumn(chart(charts.voice, 'voice-by-hour'))).toBe(false);
    expect(hasCostColumn(chart(charts.voice, 'voice-by-day'))).toBe(false);
    expect(costHeaders(table(voiceSheet.sheet, 'By caller-id number'))).toEqual(['Cost (EUR)', 'Cost (USD)']);
    expect(hasCostColumn(chart(charts.voice, 'voice-display-numbers'))).toBe(true);
    // The screen's figures of a day are the sheet's: the same declared bucket figures, in order.
    const declared: Readonly<Record<string, Figure<string>>> = VOICE_FIGURES.buckets;
    expect(chart(charts.voice, 'voice-by-day').columns.map((c) => c.header)).toEqual(Object.values(declared).map((figure) => figure.short()));
  });
});

describe('a currency’s name', () => {
  it('is its code on the screen’s tiles and in the workbook’s rows alike, in Chinese too', () => {
    const overview = overviewOf(voiceSummary(), 60);
    setCurrentLocale('zh-CN');
    const tiles = voiceFigures(overview.voice.totals).filter((tile) => tile.id.startsWith('cost-'));
    const [voiceSheet] = overviewSheets(overview, 'p');
    const rows = voiceSheet.sheet.tables[0].rows.map((row) => String(row[0].value)).filter((name) => name.startsWith('费用'));
    expect(tiles.map((tile) => tile.label)).toEqual(['费用（EUR）', '费用（USD）']);
    expect(rows).toEqual(tiles.map((tile) => tile.label));
    expect(table(voiceSheet.sheet, '按外显号码').columns.map((c) => c.header).filter((header) => header.startsWith('费用'))).toEqual(['费用（EUR）', '费用（USD）']);
    expect(moneyText([{ currency: 'EUR', amount: 59.7 }])).toMatch(/ EUR$/);
  });
});

describe('peak concurrent calls', () => {
  it('the chart’s sentence names the highest peak and gives no total of peaks, in either language', () => {
    const overview = overviewOf(voiceSummary(), 60);
    const peaks = chart(overviewCharts(overview).voice, 'voice-concurrency');
    expect(summaryOf(peaks)).toBe('3 intervals. Peak calls up at once: highest 5 at slot 1.');
    setCurrentLocale('zh-CN');
    const chinese = summaryOf(chart(overviewCharts(overview).voice, 'voice-concurrency'));
    expect(chinese).toMatch(/^共 3 个时段。/);
    expect(chinese).toContain('最高 5');
    expect(chinese).not.toContain('，共 10');
  });

  it('calls by team leader, where a call may count under several, give no total either; calls by day do', () => {
    const overview = overviewOf(voiceSummary(), 60);
    // As the archive counts it: one connected call under two team leaders.
    const book = new TallyBook(VOICE_FIGURES, true);
    const oneCall = Object.keys(VOICE_FIGURES.measures).map((name) => (name === 'calls' || name === 'connected' ? 1 : 0));
    book.total.add(oneCall, 'EUR', 1);
    for (const leader of ['Ann', 'Bo']) book.value('byTeamLeader', leader).add(oneCall, 'EUR', 1);
    const joined = foldFigures(book, { fromMs: overview.fromMs, toMs: overview.toMs }, ZONE);
    const charts = overviewCharts({ ...overview, voice: { ...overview.voice, breakdowns: { ...overview.voice.breakdowns, byTeamLeader: joined.breakdowns.byTeamLeader } } });
    expect(summaryOf(chart(charts.voice, 'voice-by-day'))).toContain('4 in all');
    const leaders = summaryOf(chart(charts.bySeat, 'voice-by-team-leader'));
    expect(leaders).toMatch(/^2 team leaders\. Calls: highest 1 at \w+\.$/);
  });

  it('the workbook states the interval the screen’s chart states, for a day and for seven days', () => {
    // One rule, in main, from the window's length: a day reads every 10 minutes, seven days every 60.
    expect(intervalMinutesFor(24 * HOUR)).toBe(10);
    expect(intervalMinutesFor(7 * 24 * HOUR)).toBe(60);
    for (const minutes of [10, 60]) {
      const overview = overviewOf(voiceSummary(), minutes);
      const title = chart(overviewCharts(overview).voice, 'voice-concurrency').title;
      expect(title).toBe(`Peak concurrent calls per ${minutes} minutes`);
      const others = overviewSheets(overview, 'p').at(-1)?.sheet;
      expect(others?.lines).toContain(`Peak concurrent calls: the busiest minute of every ${minutes}-minute interval.`);
    }
  });
});

describe('the Summary sheet’s words', () => {
  it('each note says its figure once: the help alone, not the label before it again', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      setCurrentLocale(locale);
      const sheet = voiceSummary().sheet();
      const declared: Readonly<Record<string, Figure<string>>> = VOICE_FIGURES.totals;
      for (const figure of Object.values(declared).filter((f) => f.unit !== 'count')) {
        const notes = sheet.lines.filter((line) => line.includes(figure.help()));
        expect(notes, `${locale}: ${figure.label()}`).toEqual([figure.help()]);
        // One name, one colon, one definition: "X: Y: definition" was the label said twice.
        expect(notes[0], locale).not.toMatch(/[:：][^:：]*[:：]/);
      }
    }
    setCurrentLocale('en');
    const notes = voiceSummary().sheet().lines;
    expect(notes).toContain('ASR (answer-seizure ratio): connected calls ÷ calls.');
    setCurrentLocale('zh-CN');
    const chinese = voiceSummary().sheet().lines;
    expect(chinese).toContain('ASR（应答占用比，即接通率）：接通数 ÷ 呼叫数。');
    expect(chinese).toContain('平均通话时长：接通呼叫的通话时长 ÷ 接通数。');
  });

  it('the window ends at the last second taken in, as the About sheet and the list screen say it', () => {
    const line = voiceSummary().sheet().lines[0];
    const about = formatInstant(parseIsoInstant(PARAMS.endTime) ?? NaN, ZONE);
    expect(about).toBe('2026-11-27 10:12:42');
    expect(line).toBe('4 records from 2026-11-26 00:00:00 up to 2026-11-27 10:12:42. Hours and days are in +08:00.');
  });

  it('the Overview workbook says what the archive holds of the window and of the compared period, as the screen does', () => {
    const base = overviewOf(voiceSummary(), 60);
    const partial = { complete: false, lastSyncAt: base.toMs - 6 * HOUR, syncedUntil: base.toMs - 6 * HOUR };
    const missing = { complete: false, lastSyncAt: base.toMs - 6 * HOUR, syncedUntil: null };
    const whole = { complete: true, lastSyncAt: base.toMs - 6 * HOUR, syncedUntil: null };
    const compared: OverviewCompared = {
      kind: 'previous',
      fromMs: base.fromMs - 24 * HOUR,
      toMs: base.fromMs,
      voice: base.voice,
      numbers: base.numbers,
      coverage: { voice: missing, numbers: whole },
    };
    const overview: Overview = { ...base, coverage: { voice: partial, numbers: whole }, compared };
    const sheets = overviewSheets(overview, 'p');
    const screen = [...coverageTexts(overview, ZONE), ...comparedCoverageTexts(compared, ZONE)];
    expect(screen).toEqual([
      'Voice records: records after 2026-11-26 18:00 are not synced yet (last synced 2026-11-26 18:00).',
      expect.stringMatching(/^Number records: /),
      expect.stringMatching(/^Voice records, compared period: /),
    ]);
    for (const { sheet } of sheets.slice(0, 2)) for (const line of screen) expect(sheet.lines).toContain(line);
    const comparedVoice = sheets.find(({ name }) => name === m.export_overview_sheet_voice_compared())?.sheet;
    expect(comparedVoice?.lines).toContain(screen[2]);
  });

  it('the Overview workbook’s period ends at the minute the Overview screen shows (the last second’s)', () => {
    const [voiceSheet] = overviewSheets(overviewOf(voiceSummary(), 60), 'p');
    expect(voiceSheet.sheet.lines[0]).toContain('from 2026-11-26 00:00 up to 2026-11-26 23:59');
  });
});
