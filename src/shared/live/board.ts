/**
 * The Live board: the floor right now (seats by status, group and team leader) and today's
 * voice figures so far, beside the same hours yesterday and on the same weekday last week.
 * Computed in main over the archive by the Overview's own counting (figures.ts), after a
 * refresh that fetches only what changed.
 */
import type { AlertEvent, AlertLevels, LiveReadings, LiveThresholds } from './alerts';
import type { VoiceBucket, VoiceTotals } from '../reports/overview';

/** How often the board refreshes by itself, in seconds. */
export const LIVE_REFRESH_SECONDS = { min: 10, max: 600, default: 30 } as const;

/** A refresh period as asked, held to 10 s - 10 min. */
export function refreshSecondsOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return LIVE_REFRESH_SECONDS.default;
  return Math.min(LIVE_REFRESH_SECONDS.max, Math.max(LIVE_REFRESH_SECONDS.min, Math.round(value)));
}

/**
 * The wait before the next refresh: the period, or after `rateLimited` refreshes in a
 * row refused with -15, the period doubled that many times (at most 10 minutes).
 */
export function nextRefreshMs(periodSeconds: number, rateLimitedInARow: number): number {
  const doubled = periodSeconds * 2 ** Math.min(rateLimitedInARow, 10);
  return Math.min(Math.max(periodSeconds, LIVE_REFRESH_SECONDS.max), doubled) * 1000;
}

/** The seats of one status. */
export interface SeatStatusCount {
  /** The status code (SEAT_STATUS_LABELS), null when the seat has none. */
  status: number | null;
  label: string;
  count: number;
}

/** Seats of one group or one team leader's groups, by status. */
export interface SeatCounts {
  key: string;
  label: string;
  total: number;
  /** By status, in the order of `LiveSeats.byStatus`. */
  counts: number[];
}

export interface LiveSeat {
  id: string;
  /** The seat's name, else its employee number, else its id. */
  label: string;
  group: string;
  status: number | null;
}

export interface LiveSeats {
  /** When the seat list was taken; null before the first. */
  takenAt: number | null;
  total: number;
  /** Every status code there is, in order, then "no status" when a seat has none. */
  byStatus: SeatStatusCount[];
  byGroup: SeatCounts[];
  byLeader: SeatCounts[];
  grid: LiveSeat[];
}

/** One local hour of today so far, beside the same hour yesterday and a week before (each up to the same time). */
export interface LiveHour {
  key: string;
  label: string;
  today: VoiceBucket;
  yesterday: VoiceBucket;
  lastWeek: VoiceBucket;
}

export interface LivePeriod {
  fromMs: number;
  toMs: number;
  totals: VoiceTotals;
}

/** What the refresh fetched, and why it did not when it could not. */
export interface LiveRefresh {
  /** Requests sent to the platform by this refresh (0 when it only read the archive). */
  requests: number;
  /** Voice records and seats fetched. */
  rows: number;
  /** The platform answered -15 (too many requests): the board waits longer before the next refresh. */
  rateLimited: boolean;
  /** The platform answered -15 but the refresh waited its turn and went on: it took longer. */
  slowed: boolean;
  /** The platform could not be reached: the figures are the archive's as they were. */
  offline: boolean;
  /** Why this refresh fetched nothing, in words; null when it fetched. */
  problem: string | null;
  /** When the platform's data last arrived (the "updated" time, the platform's clock); null before the first. */
  updatedAt: number | null;
  /**
   * The platform's clock less this computer's, in ms, as its answers showed it (0 when they agree within
   * their precision): the board shows every time on the platform's clock, the next refresh's too.
   */
  platformOffsetMs: number;
}

export interface LiveBoard {
  profileId: string;
  timeZone: string;
  /** The figures are up to this instant. */
  asOfMs: number;
  refresh: LiveRefresh;
  seats: LiveSeats;
  today: LivePeriod;
  /** Yesterday from midnight up to the same time of day. */
  yesterday: LivePeriod;
  /** The same weekday a week before, up to the same time of day. */
  lastWeek: LivePeriod;
  /** The last 30 minutes (the connect rate and talk time thresholds read it). */
  last30: LivePeriod;
  /** Today's hours so far, oldest first. */
  hours: LiveHour[];
  readings: LiveReadings;
  levels: AlertLevels;
  /** Every alert raised or recovered since the board was first shown (newest first, at most 50). */
  alerts: AlertEvent[];
  /** The ones this refresh raised, and whether the desktop already showed them (Electron); otherwise the page does. */
  newAlerts: AlertEvent[];
  notifiedByDesktop: boolean;
  /** How long the figures took to compute over the archive. */
  computeMs: number;
}

export interface LiveBoardRequest {
  profileId?: string;
  thresholds: LiveThresholds;
  /** false: compute from the archive only (the page is offline); true: fetch what changed first. */
  fetch: boolean;
}
