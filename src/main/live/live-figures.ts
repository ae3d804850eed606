/**
 * The Live board's figures over the archive: today's voice figures so far, beside the same
 * hours yesterday and on the same weekday last week, counted by the Overview's own code
 * (figure-sql.ts from the declarations in figures.ts, folded by fold.ts); the last 30
 * minutes for the thresholds; and the seat list as last taken, by status, group and team leader.
 */
import type { ArchiveStore } from '../archive/archive-store';
import { joinSql, sql } from '../archive/sql-query';
import { countInArchive } from '../reports/figure-sql';
import { numberOf, tableSql, textOf } from '../reports/sql';
import { compareText } from '../../shared/cell-text';
import { calendarOf, type Window, type ZoneCalendar } from '../../shared/calendar';
import { formatNumber, m } from '../../shared/i18n';
import { VOICE_FIGURES } from '../../shared/reports/figures';
import { foldFigures, type Figures } from '../../shared/reports/fold';
import { teamLeaderLabel } from '../../shared/reports/via';
import type { LiveReadings } from '../../shared/live/alerts';
import type { LiveHour, LivePeriod, LiveSeat, LiveSeats, SeatCounts, SeatStatusCount } from '../../shared/live/board';
import { SEAT_STATUS_LABELS, seatGroupLabels, seatGroupOf, seatStatusText } from '../../shared/platform';
import type { ListRows } from '../../shared/operations';
import type { TimeZone } from '../../shared/time-zone';

export const LAST_MINUTES = 30;
/** Seat status codes (SEAT_STATUS_LABELS) the thresholds watch. */
const IDLE = 2;
const BUSY = 3;
const MINUTE_MS = 60_000;

/** The windows the board reads: today up to now, and the same stretch of the other days. */
export interface LiveWindows {
  today: Window;
  yesterday: Window;
  lastWeek: Window;
  last30: Window;
}

export function liveWindows(calendar: ZoneCalendar, nowMs: number): LiveWindows {
  const todayStart = calendar.dayStartMs(calendar.dayOf(nowMs));
  const shifted = (days: number): Window => ({ fromMs: calendar.shiftDays(todayStart, days), toMs: calendar.shiftDays(nowMs, days) });
  return {
    today: { fromMs: todayStart, toMs: nowMs },
    yesterday: shifted(-1),
    lastWeek: shifted(-7),
    last30: { fromMs: nowMs - LAST_MINUTES * MINUTE_MS, toMs: nowMs },
  };
}

type VoiceFigures = Figures<typeof VOICE_FIGURES>;

/**
 * The voice figures with cost by time and no breakdown: the board's hours show their cost
 * per currency, and the quarter hours' one pass gives the totals' cost too (the board shows
 * no breakdown, so none is counted).
 */
const BOARD_FIGURES: typeof VOICE_FIGURES = { ...VOICE_FIGURES, costByTime: true, breakdowns: [] };

/** The last 30 minutes need no cost (the thresholds read rates and counts): the quarter hours' pass alone. */
const RECENT_FIGURES: typeof VOICE_FIGURES = { ...VOICE_FIGURES, breakdowns: [] };

async function voiceFigures(store: ArchiveStore, window: Window, calendar: ZoneCalendar, set = BOARD_FIGURES): Promise<VoiceFigures> {
  return foldFigures(await countInArchive(store, set, window, calendar), window, calendar.zone);
}

export interface LiveVoice {
  today: LivePeriod;
  yesterday: LivePeriod;
  lastWeek: LivePeriod;
  last30: LivePeriod;
  hours: LiveHour[];
}

/** Today's voice figures so far and the stretches they are set beside. */
export async function liveVoice(store: ArchiveStore, zone: TimeZone, nowMs: number): Promise<LiveVoice> {
  const calendar = calendarOf(zone);
  const windows = liveWindows(calendar, nowMs);
  // Side by side: the archive's readers each read from their own connection.
  const [today, yesterday, lastWeek, last30] = await Promise.all([
    voiceFigures(store, windows.today, calendar),
    voiceFigures(store, windows.yesterday, calendar),
    voiceFigures(store, windows.lastWeek, calendar),
    voiceFigures(store, windows.last30, calendar, RECENT_FIGURES),
  ]);
  // Today's hours so far, in the order the day had them (a repeated hour of a clock change once).
  const hoursSoFar: number[] = [];
  for (let at = windows.today.fromMs; at < nowMs; at += MINUTE_MS * 15) {
    const hour = calendar.hourOf(at);
    if (!hoursSoFar.includes(hour)) hoursSoFar.push(hour);
  }
  const period = (window: Window, figures: VoiceFigures): LivePeriod => ({ ...window, totals: figures.totals });
  return {
    today: period(windows.today, today),
    yesterday: period(windows.yesterday, yesterday),
    lastWeek: period(windows.lastWeek, lastWeek),
    last30: period(windows.last30, last30),
    hours: hoursSoFar.map((hour) => ({
      key: today.byHour[hour].key,
      label: today.byHour[hour].label,
      today: today.byHour[hour],
      yesterday: yesterday.byHour[hour],
      lastWeek: lastWeek.byHour[hour],
    })),
  };
}

/** What the board reads of a seat and of a team leader. */
export type BoardSeat = Pick<ListRows['seats'], 'keyId' | 'name' | 'empNo' | 'groupName' | 'voiceGroupId' | 'status'>;
export type BoardLeader = Pick<ListRows['teamLeaders'], 'keyId' | 'name' | 'empNo' | 'voiceGroupIdList' | 'voiceGroupNameList'>;

/** chr(31), the unit separator: never in an id. */
const LIST_SEPARATOR = '\u001f';

/** The seat list as last taken: a grid of seats, and counts by status, by group and by team leader (one small read each). */
export async function liveSeats(store: ArchiveStore): Promise<LiveSeats> {
  const seatTable = tableSql('seats');
  const leaderTable = tableSql('teamLeaders');
  const takenAt = await store.snapshotTakenAt(seatTable.layout.table, '');
  const leadersAt = await store.snapshotTakenAt(leaderTable.layout.table, '');
  const seats: BoardSeat[] =
    takenAt === null
      ? []
      : (
          await store.read(
            [seatTable.layout],
            sql`SELECT ${joinSql(['keyId', 'name', 'empNo', 'groupName', 'voiceGroupId', 'status'].map((field) => seatTable.column(field)))} FROM ${seatTable.name}`,
          )
        ).map(([keyId, name, empNo, groupName, voiceGroupId, status]) => ({
          keyId: textOf(keyId),
          name: textOf(name),
          empNo: textOf(empNo),
          groupName: textOf(groupName),
          voiceGroupId: textOf(voiceGroupId),
          status: status === null || status === undefined ? null : numberOf(status),
        }));
  const leaders: BoardLeader[] =
    leadersAt === null
      ? []
      : (
          await store.read(
            [leaderTable.layout],
            sql`SELECT ${joinSql(['keyId', 'name', 'empNo'].map((field) => leaderTable.column(field)))}, array_to_string(${leaderTable.column('voiceGroupIdList')}, chr(31)), array_to_string(${leaderTable.column('voiceGroupNameList')}, chr(31)) FROM ${leaderTable.name}`,
          )
        ).map(([keyId, name, empNo, groups, groupNames]) => ({
          keyId: textOf(keyId),
          name: textOf(name),
          empNo: textOf(empNo),
          voiceGroupIdList: (textOf(groups) ?? '').split(LIST_SEPARATOR).filter((id) => id !== ''),
          voiceGroupNameList: (textOf(groupNames) ?? '').split(LIST_SEPARATOR).filter((name) => name !== ''),
        }));
  return seatCounts(takenAt, seats, leaders);
}

/** Counts a seat list (pure: the tests give it rows). */
export function seatCounts(takenAt: number | null, given: readonly BoardSeat[], givenLeaders: readonly BoardLeader[]): LiveSeats {
  // The platform sends "" for a field it has no value for: such a name or group is none, never a blank label.
  const seats = given.map((seat) => ({ ...seat, name: named(seat.name), empNo: named(seat.empNo), groupName: named(seat.groupName), voiceGroupId: named(seat.voiceGroupId) }));
  const leaders = givenLeaders.map((leader) => ({ ...leader, name: named(leader.name), empNo: named(leader.empNo) }));
  // Every labelled status, then any other code a seat has ("status 6", as the Overview counts it), then none.
  const labelled = Object.keys(SEAT_STATUS_LABELS).map(Number);
  const others = [...new Set(seats.flatMap((seat) => (seat.status === null || labelled.includes(seat.status) ? [] : [seat.status])))].sort((a, b) => a - b);
  const codes = [...labelled, ...others];
  const withNone = seats.some((seat) => seat.status === null);
  const byStatus: SeatStatusCount[] = [
    ...codes.map((status) => ({ status, label: seatStatusText(status), count: 0 })),
    ...(withNone ? [{ status: null, label: seatStatusText(null), count: 0 }] : []),
  ];
  const column = (status: number | null): number => {
    const index = status === null ? -1 : codes.indexOf(status);
    return index >= 0 ? index : codes.length;
  };
  const counts = (key: string, label: string, members: readonly BoardSeat[]): SeatCounts => {
    const row = new Array<number>(byStatus.length).fill(0);
    for (const seat of members) row[column(seat.status)] += 1;
    return { key, label, total: members.length, counts: row };
  };
  for (const seat of seats) byStatus[column(seat.status)].count += 1;

  // Grouped and labelled as the Overview groups them (seatGroupOf, seatGroupLabels); a group is named by its least name, as there.
  const groups = new Map<string, { voiceGroupId: string | null; groupName: string | null; seats: BoardSeat[] }>();
  const groupKeyOf = (seat: BoardSeat): string => seatGroupOf(seat).key;
  for (const seat of seats) {
    const key = groupKeyOf(seat);
    const group = groups.get(key) ?? { voiceGroupId: seat.voiceGroupId, groupName: null, seats: [] };
    if (seat.groupName !== null && (group.groupName === null || seat.groupName < group.groupName)) group.groupName = seat.groupName;
    group.seats.push(seat);
    groups.set(key, group);
  }
  const keys = [...groups.keys()];
  const labels = seatGroupLabels([...groups.values()]);
  const byGroup = keys
    .map((key, index) => counts(key, labels[index], groups.get(key)?.seats ?? []))
    .sort((a, b) => compareText(a.label, b.label) || a.key.localeCompare(b.key));
  const groupRow = new Map(byGroup.map((row, index) => [row.key, { label: row.label, order: index }]));

  const byLeader = leaders
    .map((leader) => {
      // A leader leads the groups in its id list, and (as the Overview reads it) those named in its name list;
      // a seat's group with an id is found by the id, as two groups may share a name.
      const ids = new Set(leader.voiceGroupIdList);
      const names = new Set(leader.voiceGroupNameList);
      const label = teamLeaderLabel(leader) ?? m.overview_unnamed_leader();
      const led = (seat: BoardSeat): boolean => (seat.voiceGroupId !== null ? ids.has(seat.voiceGroupId) : seat.groupName !== null && names.has(seat.groupName));
      return counts(leader.keyId ?? label, label, seats.filter(led));
    })
    .sort((a, b) => compareText(a.label, b.label) || a.key.localeCompare(b.key));

  // A seat's group is its row in the group table ('' for none), and the grid runs in that table's order.
  const grid: LiveSeat[] = seats
    .map((seat, index) => {
      const key = groupKeyOf(seat);
      const row = groupRow.get(key);
      return {
        seat: {
          id: seat.keyId ?? `seat-${index}`,
          label: seat.name ?? seat.empNo ?? seat.keyId ?? m.overview_seat_number({ number: formatNumber(index + 1) }),
          group: key === '' ? '' : (row?.label ?? ''),
          status: seat.status,
        },
        order: row?.order ?? 0,
      };
    })
    .sort((a, b) => a.order - b.order || compareText(a.seat.label, b.seat.label) || a.seat.id.localeCompare(b.seat.id))
    .map(({ seat }) => seat);
  return { takenAt, total: seats.length, byStatus, byGroup, byLeader, grid };
}

/** Text with something in it, else null. */
function named(text: string | null): string | null {
  return text === null || text.trim() === '' ? null : text;
}

/** What the thresholds read: the last 30 minutes' connect rate (%) and average talk time, and seats idle and busy. */
export function readingsOf(last30: LivePeriod, seats: LiveSeats): LiveReadings {
  const countOf = (status: number): number | null =>
    seats.takenAt === null ? null : (seats.byStatus.find((entry) => entry.status === status)?.count ?? 0);
  return {
    connectRate: last30.totals.asr === null ? null : last30.totals.asr * 100,
    acd: last30.totals.acdSeconds,
    idleSeats: countOf(IDLE),
    busySeats: countOf(BUSY),
  };
}
