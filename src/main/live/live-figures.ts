/**
 * The Live board's figures over the archive: today's voice figures so far, beside the same
 * hours yesterday and on the same weekday last week, counted by the Overview's own code
 * (figure-sql.ts from the declarations in figures.ts, folded by fold.ts); the last 30
 * minutes for the thresholds; and the seat list as last taken, by status, group and team leader.
 */
import type { ArchiveStore } from '../archive/archive-store';
import { archiveTableFor } from '../archive/tables';
import { countInArchive } from '../reports/figure-sql';
import { calendarOf, type Window, type ZoneCalendar } from '../../shared/calendar';
import { VOICE_FIGURES } from '../../shared/reports/figures';
import { foldFigures, type Figures } from '../../shared/reports/fold';
import type { LiveReadings } from '../../shared/live/alerts';
import type { LiveHour, LivePeriod, LiveSeat, LiveSeats, SeatCounts, SeatStatusCount } from '../../shared/live/board';
import { SEAT_STATUS_LABELS } from '../../shared/platform';
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

async function voiceFigures(store: ArchiveStore, window: Window, calendar: ZoneCalendar): Promise<VoiceFigures> {
  return foldFigures(await countInArchive(store, VOICE_FIGURES, window, calendar), window, calendar.zone);
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
  const today = await voiceFigures(store, windows.today, calendar);
  const yesterday = await voiceFigures(store, windows.yesterday, calendar);
  const lastWeek = await voiceFigures(store, windows.lastWeek, calendar);
  const last30 = await voiceFigures(store, windows.last30, calendar);
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

type SeatRow = ListRows['seats'];
type LeaderRow = ListRows['teamLeaders'];

async function snapshotRows<O extends 'seats' | 'teamLeaders'>(store: ArchiveStore, operation: O): Promise<ListRows[O][]> {
  const rows: ListRows[O][] = [];
  await store.each(archiveTableFor(operation), { scope: '' }, (chunk) => {
    rows.push(...chunk);
  });
  return rows;
}

/** The seat list as last taken: a grid of seats, and counts by status, by group and by team leader. */
export async function liveSeats(store: ArchiveStore): Promise<LiveSeats> {
  const takenAt = await store.snapshotTakenAt(archiveTableFor('seats').layout.table, '');
  const seats = takenAt === null ? [] : await snapshotRows(store, 'seats');
  const leaders = (await store.snapshotTakenAt(archiveTableFor('teamLeaders').layout.table, '')) === null ? [] : await snapshotRows(store, 'teamLeaders');
  return seatCounts(takenAt, seats, leaders);
}

/** Counts a seat list (pure: the tests give it rows). */
export function seatCounts(takenAt: number | null, seats: readonly SeatRow[], leaders: readonly LeaderRow[]): LiveSeats {
  const codes = Object.keys(SEAT_STATUS_LABELS).map(Number);
  const withNone = seats.some((seat) => seat.status === null || !codes.includes(seat.status));
  const byStatus: SeatStatusCount[] = [
    ...codes.map((status) => ({ status, label: SEAT_STATUS_LABELS[status], count: 0 })),
    ...(withNone ? [{ status: null, label: 'no status', count: 0 }] : []),
  ];
  const column = (status: number | null): number => {
    const index = status === null ? -1 : codes.indexOf(status);
    return index >= 0 ? index : codes.length;
  };
  const counts = (key: string, label: string, members: readonly SeatRow[]): SeatCounts => {
    const row = new Array<number>(byStatus.length).fill(0);
    for (const seat of members) row[column(seat.status)] += 1;
    return { key, label, total: members.length, counts: row };
  };
  for (const seat of seats) byStatus[column(seat.status)].count += 1;

  const groups = new Map<string, { label: string; seats: SeatRow[] }>();
  for (const seat of seats) {
    const key = seat.voiceGroupId ?? seat.groupName ?? '';
    const group = groups.get(key) ?? { label: seat.groupName ?? (seat.voiceGroupId ? `Group ${seat.voiceGroupId}` : 'no group'), seats: [] };
    group.seats.push(seat);
    groups.set(key, group);
  }
  const byGroup = [...groups.entries()]
    .map(([key, group]) => counts(key, group.label, group.seats))
    .sort((a, b) => a.label.localeCompare(b.label));

  const byLeader = leaders
    .map((leader) => {
      const led = new Set(leader.voiceGroupIdList);
      const label = leader.name ?? leader.empNo ?? leader.keyId ?? 'unnamed team leader';
      return counts(leader.keyId ?? label, label, seats.filter((seat) => seat.voiceGroupId !== null && led.has(seat.voiceGroupId)));
    })
    .sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));

  const grid: LiveSeat[] = seats
    .map((seat, index) => ({
      id: seat.keyId ?? `seat-${index}`,
      label: seat.name ?? seat.empNo ?? seat.keyId ?? `Seat ${index + 1}`,
      group: seat.groupName ?? '',
      status: seat.status,
    }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.label.localeCompare(b.label) || a.id.localeCompare(b.id));
  return { takenAt, total: seats.length, byStatus, byGroup, byLeader, grid };
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
