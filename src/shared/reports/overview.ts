/**
 * The Overview: the figures supervisors used to work out in a spreadsheet, for one
 * profile and window. Computed in main over the archive (src/main/reports) and, for the
 * rows of one export, by the Summary sheet's accumulator; both fill these shapes and
 * read the definitions below, so a figure means the same everywhere.
 *
 * Hours and days are the profile's time zone. Money is summed per currency, never across.
 */
import type { ListOperation } from '../operations';

/** Call status 50 is connected, 40 voicemail (CALL_STATUS_LABELS). */
export const CONNECTED_STATUS = 50;
export const VOICEMAIL_STATUS = 40;

/** ASR: connected calls ÷ calls; null when there were no calls. */
export function answerSeizureRatio(calls: number, connected: number): number | null {
  return calls === 0 ? null : connected / calls;
}

/** ACD: talk time (callDuration, s) of connected calls ÷ connected calls; null when none connected. */
export function averageCallDuration(connectedTalkSeconds: number, connected: number): number | null {
  return connected === 0 ? null : connectedTalkSeconds / connected;
}

/** A sum of one currency's amounts. `currency` is '' when the records named none. */
export interface MoneyTotal {
  currency: string;
  amount: number;
}

/**
 * Where a bucket's rows are: the list screen opens the archive with these set.
 * `hourOfDay` (0-23, profile zone) narrows to that hour of every day in the window.
 * `equals` values are matched exactly; null matches a missing value.
 */
export interface DrillDown {
  operation: ListOperation;
  fromMs: number;
  toMs: number;
  equals?: { field: string; value: string | number | null }[];
  hourOfDay?: number;
}

/** A voice figure group: one hour of day, one day, one caller-id number, one region... */
export interface VoiceBucket {
  /** Stable key: '00'..'23' for hours, 'YYYY-MM-DD' for days, the value itself otherwise ('' = missing). */
  key: string;
  label: string;
  calls: number;
  connected: number;
  asr: number | null;
  /** Talk seconds of the connected calls. */
  talkSeconds: number;
  acdSeconds: number | null;
  drill: DrillDown;
}

export interface CountBucket {
  key: string;
  label: string;
  count: number;
  drill: DrillDown | null;
}

export interface VoiceTotals {
  calls: number;
  connected: number;
  asr: number | null;
  voicemail: number;
  /** Sum of callDuration over all calls (s). */
  talkSeconds: number;
  acdSeconds: number | null;
  /** Sum of chargedDuration ÷ 60. */
  billedMinutes: number;
  /** cost summed per `currency`. */
  cost: MoneyTotal[];
  /** baseCost is always USD. */
  baseCostUsd: number;
}

export interface ConcurrencyPoint {
  /** Start of the interval (epoch ms). */
  startMs: number;
  label: string;
  /**
   * Most calls up at once within the interval, read minute by minute: a call is up from
   * callTime (or answerTime when it has none) to hangupTime and counts in every minute it is
   * up for any part of; the peak is the interval's busiest minute.
   */
  peak: number;
}

export interface VoiceOverview {
  totals: VoiceTotals;
  /** 24 buckets, '00'..'23', in the profile's zone, empty hours included. */
  byHour: VoiceBucket[];
  /** One bucket per calendar day of the window in the profile's zone, empty days included. */
  byDay: VoiceBucket[];
  /** By callStatus ('' key = not recorded: data before 2025-12-10 10:00). */
  byStatus: CountBucket[];
  concurrency: { intervalMinutes: number; peak: number; points: ConcurrencyPoint[] };
  /** Top caller-id numbers (displayNum) by calls; ties broken by key. */
  displayNumbers: VoiceBucket[];
  /** Top regions (`code`) by calls. */
  regions: VoiceBucket[];
  /** feedbackValue counts (keys pressed). */
  keysPressed: CountBucket[];
}

export interface NumberBucket {
  key: string;
  label: string;
  calls: number;
  durationSeconds: number;
  cost: MoneyTotal[];
  drill: DrillDown;
}

export interface NumberOverview {
  totals: { calls: number; durationSeconds: number; cost: MoneyTotal[] };
  byDay: NumberBucket[];
  byNumber: NumberBucket[];
  byCountry: NumberBucket[];
  /** MOBILE / FIXED (the record's number type). */
  byType: NumberBucket[];
}

export interface SeatOverview {
  /** When the seat list was last taken; null when never. */
  takenAt: number | null;
  total: number;
  byStatus: CountBucket[];
  byGroup: CountBucket[];
}

export interface MmsDay {
  key: string;
  label: string;
  sends: number;
  accepted: number;
  refused: number;
  unknown: number;
}

export interface ListCoverage {
  /** Every part of the window was fetched completely. */
  complete: boolean;
  lastSyncAt: number | null;
}

export interface Overview {
  profileId: string;
  timeZone: string;
  fromMs: number;
  toMs: number;
  computedAt: number;
  /** How long the figures took to compute (ms), for the status line and the benchmark. */
  computeMs: number;
  coverage: { voice: ListCoverage; numbers: ListCoverage };
  voice: VoiceOverview;
  numbers: NumberOverview;
  seats: SeatOverview;
  mms: { byDay: MmsDay[] };
}

/** The window presets of the Overview screen and `switchboard report`. */
export type OverviewPreset = 'yesterday' | 'last-7-days' | 'this-month' | 'custom';

export interface OverviewRequest {
  /** Default: the active profile. */
  profileId?: string;
  fromMs: number;
  toMs: number;
  /** Sync the parts of the window the archive does not cover before computing (a job with progress). */
  syncFirst: boolean;
}
