/**
 * The Overview: the figures supervisors used to work out in a spreadsheet, for one
 * profile and window. Computed in main over the archive (src/main/reports) and, for the
 * rows of one export, by the Summary sheet's accumulator; both fill these shapes and
 * read the definitions below, so a figure means the same everywhere.
 *
 * Hours and days are the profile's time zone. Money is summed per currency, never across.
 */
import { m } from '../i18n';
import { listOf, type ListOperation } from '../operations';
import type { NUMBER_FIGURES, VOICE_FIGURES } from './figures';
import type { BucketOf, Figures, TotalsOf } from './fold';
import type { SeatGroupNamed } from '../platform';
import type { ViaFilter } from './via';

export { CONNECTED_STATUS, VOICEMAIL_STATUS } from './figures';

/**
 * Why an Overview's figures are the archive's as it was, not refreshed first: sent as what
 * happened, worded where it is shown, so it follows a language switch. `syncing`: a sync
 * already brings the lists up to date (of one list, or of several: null); `stopped`: the
 * sync failed, with its error's message.
 */
export type NotRefreshed =
  | { reason: 'syncing'; operation: ListOperation | null }
  | { reason: 'cancelled' }
  | { reason: 'unreachable' }
  | { reason: 'stopped'; message: string };

/** "the platform could not be reached": why the figures were not refreshed, in the language of the moment. */
export function notRefreshedReason(notRefreshed: NotRefreshed): string {
  switch (notRefreshed.reason) {
    case 'syncing': {
      const title = notRefreshed.operation === null ? m.export_sync_title() : listOf(notRefreshed.operation).endpoint.title();
      return m.export_not_refreshed_syncing({ title });
    }
    case 'cancelled':
      return m.export_not_refreshed_cancelled();
    case 'unreachable':
      return m.export_not_refreshed_unreachable();
    case 'stopped':
      return m.export_not_refreshed_stopped({ message: notRefreshed.message });
  }
}

/** A sum of one currency's amounts. `currency` is '' when the records named none. */
export interface MoneyTotal {
  currency: string;
  amount: number;
}

/**
 * Where a bucket's rows are, `[fromMs, toMs)`: the list screen opens the archive with these set.
 * `hourOfDay` (0-23, profile zone) narrows to that hour of every day in the window.
 * `equals` values are matched exactly; null matches a missing value.
 */
export interface DrillDown {
  operation: ListOperation;
  fromMs: number;
  toMs: number;
  equals?: { field: string; value: string | number | null }[];
  hourOfDay?: number;
  /** The rows of one seat or team leader, found through other archived lists (./via.ts). */
  via?: ViaFilter;
  /**
   * The equals are one seat group's (seatGroupOf): the list shows them as one filter, said
   * as the Overview said the group, and takes them off together. Only the equals are asked of the archive.
   */
  seatGroup?: SeatGroupNamed;
}

/** A voice figure group: one hour of day, one day, one caller-id number, one region... (declared in ./figures). */
export type VoiceBucket = BucketOf<typeof VOICE_FIGURES>;

export interface CountBucket {
  key: string;
  label: string;
  count: number;
  drill: DrillDown | null;
}

/** The voice totals (declared in ./figures); cost is summed per currency. */
export type VoiceTotals = TotalsOf<typeof VOICE_FIGURES>;

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

/** The voice figures (declared in ./figures) and peak concurrent calls. */
export interface VoiceOverview extends Figures<typeof VOICE_FIGURES> {
  concurrency: { intervalMinutes: number; peak: number; points: ConcurrencyPoint[] };
}

export type NumberBucket = BucketOf<typeof NUMBER_FIGURES>;

/** The number-record figures (declared in ./figures). */
export type NumberOverview = Figures<typeof NUMBER_FIGURES>;

export interface SeatOverview {
  /** When the seat list was last taken; null when never. */
  takenAt: number | null;
  total: number;
  byStatus: CountBucket[];
  byGroup: SeatGroupBucket[];
}

/** The seats of one group (see seatGroupOf): its id and name, so its label can be told in any language. */
export interface SeatGroupBucket extends CountBucket {
  voiceGroupId: string | null;
  groupName: string | null;
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
  /**
   * When not complete only because the newest sync reached no further: the instant it
   * reached (records after it are not synced yet). Null when complete, or when a part
   * before that could not be fetched.
   */
  syncedUntil: number | null;
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
  /**
   * Null when the window was synced before computing (or no sync was asked for); else why
   * the figures are the archive's as it was, worded where shown (notRefreshedReason).
   */
  notRefreshed: NotRefreshed | null;
  /** The comparison window's figures, when one was asked for. */
  compared: OverviewCompared | null;
  voice: VoiceOverview;
  numbers: NumberOverview;
  seats: SeatOverview;
  mms: { byDay: MmsDay[] };
}

/** The window presets of the Overview screen and `switchboard report`. */
export type OverviewPreset = 'yesterday' | 'last-7-days' | 'this-month' | 'custom';

/** What the Overview's figures are set beside: nothing, the period just before of the same length, or the same days a week earlier. */
export const OVERVIEW_COMPARISONS = ['none', 'previous', 'last-week'] as const;
export type OverviewComparison = (typeof OVERVIEW_COMPARISONS)[number];

/** The figures of the comparison window, to set beside the window's own. */
export interface OverviewCompared {
  kind: Exclude<OverviewComparison, 'none'>;
  /** [fromMs, toMs) */
  fromMs: number;
  toMs: number;
  voice: Figures<typeof VOICE_FIGURES>;
  numbers: Figures<typeof NUMBER_FIGURES>;
  coverage: { voice: ListCoverage; numbers: ListCoverage };
}

export interface OverviewRequest {
  /** Default: the active profile. */
  profileId?: string;
  fromMs: number;
  toMs: number;
  /** Sync the parts of the window the archive does not cover before computing (a job with progress). */
  syncFirst: boolean;
  /** Default 'none'. */
  compare?: OverviewComparison;
}

/** The Overview to write as a workbook: its window and comparison, computed over the archive as it is. */
export type OverviewExportRequest = Omit<OverviewRequest, 'syncFirst'>;
