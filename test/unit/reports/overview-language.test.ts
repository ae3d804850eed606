/**
 * The Overview's and the Live board's words in Simplified Chinese, and in English as they
 * were: figure labels read when shown (and in a fixed language for a file), weekdays, how a
 * figure moved, the window rule, the Live thresholds and alerts, main's refusals.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { calendarOf, dayLabelOfKey } from '../../../src/shared/calendar';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { alertText, alertTitle, DEFAULT_THRESHOLDS, limitWords, stepAlerts, thresholdProblems, valueText } from '../../../src/shared/live/alerts';
import { platformZone } from '../../../src/shared/platform-zone';
import { SEAT_STATUS_LABELS } from '../../../src/shared/platform';
import { deltaOf } from '../../../src/shared/reports/compare';
import { NUMBER_FIGURES, VOICE_FIGURES } from '../../../src/shared/reports/figures';
import { labelOf } from '../../../src/shared/reports/fold';
import { overviewWindowProblem } from '../../../src/shared/reports/overview-window';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { checkOverviewWindow } from '../../../src/main/reports/compute-overview';
import { seatCounts } from '../../../src/main/live/live-figures';
import { seatOverview } from '../../../src/main/reports/seats';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { SeatRow } from '../../../src/shared/records';
import { stagedArchive } from '../archive/staged-archive';
import { seatTitle } from '../../../src/renderer/src/lib/figures';

const SHANGHAI = parseTimeZone('+08:00') as TimeZone;
/** 2026-11-02, a Monday, as days since 1970-01-01. */
const MONDAY = Math.floor(Date.UTC(2026, 10, 2) / 86_400_000);

afterEach(() => setCurrentLocale('en'));

describe('figure labels', () => {
  it('are read in the language of the moment, or in a fixed one for a file', () => {
    const asr = VOICE_FIGURES.totals.asr;
    expect([asr.label(), asr.short(), VOICE_FIGURES.totals.talkSeconds.short()]).toEqual(['ASR (connected ÷ calls)', 'ASR', 'Talk time, all calls']);
    setCurrentLocale('zh-CN');
    expect(asr.label()).toBe('ASR（接通数 ÷ 呼叫数）');
    expect(VOICE_FIGURES.totals.acdSeconds.label()).toBe('平均通话时长（秒）');
    expect(VOICE_FIGURES.totals.connected.short()).toBe('接通数');
    expect(NUMBER_FIGURES.totals.durationSeconds.help()).toBe('通话时长。');
    // An English header while the interface is Chinese.
    expect(asr.label({}, { locale: 'en' })).toBe('ASR (connected ÷ calls)');
  });

  it('name breakdowns and their missing values in the language of the moment', () => {
    const [byStatus, callerIds] = VOICE_FIGURES.breakdowns;
    expect([callerIds.title(), callerIds.header(), labelOf(callerIds, null)]).toEqual(['By caller-id number', 'Caller id', 'no caller id']);
    expect(labelOf(byStatus, '999')).toBe('status 999');
    setCurrentLocale('zh-CN');
    expect([callerIds.title(), callerIds.header(), labelOf(callerIds, null)]).toEqual(['按外显号码', '外显号码', '无外显号码']);
    expect(labelOf(byStatus, '999')).toBe('状态 999');
    expect(labelOf(callerIds, '02150001234')).toBe('02150001234');
  });
});

describe('days and changes', () => {
  it('weekdays come from Intl in the language', () => {
    expect(calendarOf(SHANGHAI).dayLabel(MONDAY)).toBe('Mon 2026-11-02');
    expect(dayLabelOfKey('2026-11-02')).toBe('Mon 2026-11-02');
    setCurrentLocale('zh-CN');
    expect(calendarOf(SHANGHAI).dayLabel(MONDAY)).toBe('周一 2026-11-02');
    expect(dayLabelOfKey('2026-11-08')).toBe('周日 2026-11-08');
    expect(calendarOf(SHANGHAI).days({ fromMs: Date.UTC(2026, 10, 1, 16), toMs: Date.UTC(2026, 10, 2, 16) })[0].label).toBe('周一 2026-11-02');
  });

  it('a change reads in points or per cent, and "new" in words', () => {
    expect(deltaOf(0.45, 0.43, 'percent')?.text).toBe('+2.0 pt');
    expect(deltaOf(12, 10, 'count')?.text).toBe('+20.0%');
    expect(deltaOf(0, 0, 'count')?.text).toBe('±0%');
    setCurrentLocale('zh-CN');
    expect(deltaOf(0.43, 0.45, 'percent')?.text).toBe('−2.0 个百分点');
    expect(deltaOf(5, 0, 'count')?.text).toBe('新增');
    expect(deltaOf(12, 10, 'count')?.text).toBe('+20.0%');
  });
});

describe('the window rule and main refusals', () => {
  const rules = { maxDays: 60, nowMs: Date.UTC(2026, 10, 20) };

  it('say what to fix in Chinese', () => {
    setCurrentLocale('zh-CN');
    expect(overviewWindowProblem({ fromMs: Date.UTC(2026, 11, 1), toMs: Date.UTC(2026, 11, 2) }, SHANGHAI, rules)?.message).toBe(
      '时间窗口从未来开始，那里还没有记录：请选择早于现在的开始时间。',
    );
    expect(overviewWindowProblem({ fromMs: Date.UTC(2026, 6, 1), toMs: Date.UTC(2026, 10, 1) }, SHANGHAI, rules)?.message).toMatch(/^概览最多涵盖 60 天/);
    const backwards = checkOverviewWindow({ fromMs: 2000, toMs: 1000 });
    expect(!backwards.ok && backwards.error.message).toBe('概览时间窗口的结束必须晚于开始：请选择更晚的结束时间。');
    const zone = platformZone({ profile: 'Mars/Olympus' });
    expect(!zone.ok && zone.message).toBe('配置的时区必须是 IANA 时区（如 Asia/Shanghai）或时差（如 +08:00），而不是“Mars/Olympus”：请在账户中更正。');
  });

  it('stay as they were in English', () => {
    const backwards = checkOverviewWindow({ fromMs: 2000, toMs: 1000 });
    expect(!backwards.ok && backwards.error.message).toBe('The Overview window must end after it starts: pick a later end.');
    const zone = platformZone({ option: 'Mars/Olympus' });
    expect(!zone.ok && zone.message).toBe('--platform-zone must be an IANA zone such as Asia/Shanghai or an offset such as +08:00, not "Mars/Olympus".');
  });
});

describe('the Live board', () => {
  const busy = { ...DEFAULT_THRESHOLDS, busySeats: { amber: 10, red: 20 } };

  it('alerts are written in the language of the moment, and again in another from their facts', () => {
    setCurrentLocale('zh-CN');
    const { events } = stepAlerts({ connectRate: 'ok', acd: 'ok', idleSeats: 'ok', busySeats: 'ok' }, { connectRate: 39, acd: null, idleSeats: null, busySeats: 12 }, busy, 0);
    expect(events.map((event) => event.title)).toEqual(['黄色告警：接通率（近 30 分钟）', '黄色告警：忙碌坐席']);
    expect(events[1].text).toBe('忙碌坐席为 12 个坐席，高于黄色阈值 10 个坐席。');
    setCurrentLocale('en');
    expect(alertTitle(events[1])).toBe('Amber: Busy seats');
    expect(alertText(events[0])).toBe('Connect rate, last 30 min is 39 %, below the amber limit of 40 %.');
    expect(alertText({ ...events[1], kind: 'recovered', value: 1 })).toBe('Busy seats is back to 1 seat (amber limit 10 seats).');
  });

  it('limits and their problems', () => {
    expect([valueText('acd', 45.5), valueText('idleSeats', 1), limitWords('connectRate', 30)]).toEqual(['45.5 s', '1 seat', 'below 30 %']);
    setCurrentLocale('zh-CN');
    expect([valueText('acd', 45.5), valueText('connectRate', 30), limitWords('busySeats', 3)]).toEqual(['45.5 秒', '30%', '高于 3 个坐席']);
    const problems = thresholdProblems({ ...DEFAULT_THRESHOLDS, connectRate: { amber: 30, red: 40 }, idleSeats: { amber: 2.5, red: null } });
    expect(problems['connectRate.red']).toBe('接通率（近 30 分钟）：红色阈值必须低于黄色阈值（30%）。');
    expect(problems['idleSeats.amber']).toBe('空闲坐席：请输入 0 到 100000 之间的整数，或留空。');
  });

  it('seats without a status, group or name are named in the language', () => {
    setCurrentLocale('zh-CN');
    const seats = seatCounts(1, [{ keyId: null, name: null, empNo: null, groupName: null, voiceGroupId: '7', status: null }], []);
    expect(seats.byStatus.at(-1)?.label).toBe('无状态');
    expect(seats.byGroup[0].label).toBe('坐席组 7');
    expect(seats.grid[0].label).toBe('坐席 1');
  });

  it('a seat or leader the platform sends with empty text for its name or group is named as one without', () => {
    const seats = seatCounts(
      1,
      [
        { keyId: '11', name: '', empNo: '8001', groupName: '', voiceGroupId: '', status: 2 },
        { keyId: '12', name: ' ', empNo: '', groupName: '', voiceGroupId: null, status: 3 },
      ],
      [{ keyId: '5', name: '', empNo: 'TL-9', voiceGroupIdList: [], voiceGroupNameList: [] }],
    );
    expect(seats.grid.map((seat) => seat.label).sort()).toEqual(['12', '8001']);
    // Its tile's title names no empty group.
    expect(seats.grid.map((tile) => seatTitle(tile, 'Idle')).sort()).toEqual(['12: Idle', '8001: Idle']);
    expect(seatTitle({ label: '8001', group: 'North' }, 'Idle')).toBe('8001, North: Idle');
    expect(seats.byGroup.map((group) => [group.label, group.total])).toEqual([['no group', 2]]);
    expect(seats.byLeader.map((leader) => leader.label)).toEqual(['TL-9']);
  });
});

const seatStatusLabel = (status: number): string => SEAT_STATUS_LABELS[status];

describe("seats by status and group, the Overview's (and its workbook's) and the Live board's", () => {
  const seat = (keyId: string, status: number | null, groupName: string | null): SeatRow => ({
    keyId, empNo: null, petName: null, name: `Seat ${keyId}`, appId: null, appName: null, deleteFlag: null, enable: null, priority: null,
    voiceGroupId: groupName === null ? null : `g-${groupName}`, groupName, account: null, createTime: null, updateTime: null, displayNum: null, ccode: null, status, extra: {},
  });
  const rows = [seat('1', 1, 'North'), seat('2', 6, 'North'), seat('3', null, null), seat('4', 6, null)];
  const archive = stagedArchive(archiveTableFor('seats'), rows);

  it('name a status without a label, no status and no group alike, in the language of the moment', async () => {
    setCurrentLocale('zh-CN');
    const overview = await seatOverview(archive(), { fromMs: 0, toMs: 1 });
    const board = seatCounts(1, rows, []);
    const labelled = (buckets: readonly { label: string; count: number }[]) => buckets.filter((bucket) => bucket.count > 0).map((bucket) => [bucket.label, bucket.count]);
    // A status the platform has no label for is its own bucket on both, not folded into "no status" by one of them.
    expect(labelled(overview.byStatus)).toEqual([[seatStatusLabel(1), 1], ['状态 6', 2], ['无状态', 1]]);
    expect(labelled(board.byStatus)).toEqual(labelled(overview.byStatus));
    expect(overview.byGroup.map((group) => group.label).sort()).toEqual(['North', '无坐席组']);
    expect(board.byGroup.map((group) => group.label).sort()).toEqual(['North', '无坐席组']);
  });
});
