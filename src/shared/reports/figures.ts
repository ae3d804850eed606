/**
 * Every figure of the record lists, declared once: the sums a list's rows are counted
 * into (measures), the breakdowns they are grouped by, and each figure's name, label,
 * unit, explanation and formula over the sums. The Overview (grouped SQL over the
 * archive, src/main/reports) and the Summary sheet of an export or `switchboard report`
 * (rows counted as they stream, src/main/export/summary) both generate their counting
 * from these measures and build their figures with ./fold.ts, so they cannot differ.
 *
 * Adding a figure: a measure here if it needs a new sum, then the figure in the totals or
 * bucket table below. Nothing else changes.
 */
import { formatNumber, m } from '../i18n';
import type { CountLabel, Label } from '../i18n/locale';
import { CALL_STATUS_LABELS, CALL_STATUS_MISSING, feedbackLabel } from '../platform';
import type { ListOperation } from '../operations';
import { SEAT_VIA, TEAM_LEADER_VIA, type Via } from './via';

/** Call status 50 is connected, 40 voicemail (CALL_STATUS_LABELS). */
export const CONNECTED_STATUS = 50;
export const VOICEMAIL_STATUS = 40;

/**
 * One sum over a list's rows: of a numeric field (null: one per row, a count), optionally
 * only over the rows whose `where.field` equals `where.equals`.
 */
export interface Measure {
  readonly field: string | null;
  readonly where?: { readonly field: string; readonly equals: number };
}

/** Money: `field`'s amounts summed per currency (a record without one is USD, spec), never across. */
export interface MoneyMeasure {
  readonly field: string;
  readonly currencyField: string;
}

export type FigureUnit = 'count' | 'percent' | 'seconds' | 'seconds-tenths' | 'minutes' | 'money';

/**
 * One figure: what it is called, its unit, what it means, and its formula over the sums.
 * Its words are Labels (message functions), read in the language of the moment when shown.
 */
export interface Figure<M extends string, V extends number | null = number | null> {
  /** As the Summary sheet and the table views name it ("ASR (connected ÷ calls)"). */
  readonly label: Label;
  /** As a tile or a chart names it ("ASR"). */
  readonly short: Label;
  readonly unit: FigureUnit;
  /**
   * The tooltip and the Summary sheet's note: one sentence that names the figure and says
   * what it is, read alone (the note is this sentence, not the label again before it).
   */
  readonly help: Label;
  /**
   * Whether its values over hours, days, intervals or breakdown rows may be added up into a
   * total (a chart's summary says "N in all" only then): counts and sums yes; ratios,
   * averages and peaks no.
   */
  readonly totalled: boolean;
  value(sums: Readonly<Record<M, number>>): V;
}

/** How a figure's values over buckets combine: `sum` may be totalled, `no-total` may not (ratios, averages, peaks). */
export type FigureTotal = 'sum' | 'no-total';

/** A breakdown by the value of one field, ranked by calls. */
export interface Breakdown {
  readonly name: string;
  /** Its chart's id on the Overview (`chart-voice-{id}`). */
  readonly id: string;
  /** The record's field grouped by; with `via`, the one the via starts from. */
  readonly field: string;
  /**
   * Grouped by a value found through other archived lists (./via.ts): only the archive can
   * count it (the Summary sheet of streamed rows leaves it out), and a record may count
   * under several values when the via leads to several.
   */
  readonly via?: Via;
  /** What the table says under it (why its rows may add up to more than the calls). */
  readonly note?: Label;
  /** The Summary table's title and its first column's header (Labels, read when shown). */
  readonly title: Label;
  readonly header: Label;
  /** How many rows its table has, in words ("7 countries"), for the chart's summary. */
  readonly counted: CountLabel;
  /** The label of rows without a value. */
  readonly missing: Label;
  /** How many values are kept (most calls first); null: every one. */
  readonly limit: number | null;
  readonly label?: (value: string) => string;
  /** Values are numbers (a status), sorted by number rather than by calls. */
  readonly numeric?: boolean;
}

export interface FigureSet<M extends string> {
  readonly operation: ListOperation;
  readonly measures: Readonly<Record<M, Measure>>;
  readonly money: MoneyMeasure;
  readonly totals: Readonly<Record<string, Figure<M>>>;
  /** The figures of every hour, day and breakdown row. */
  readonly buckets: Readonly<Record<string, Figure<M>>>;
  /** Whether hours of the day are a breakdown (days always are). */
  readonly byHour: boolean;
  /** The bucket figure drawn as a line beside calls on the hour and day charts, if any. */
  readonly trend: string | null;
  /**
   * Whether hours and days carry cost per currency too (breakdowns and the totals always do).
   * Off for voice: a million calls grouped by quarter hour and currency cost the Overview a
   * third more time, for a figure nobody reads by hour. Off, hours and days have no cost at
   * all: no screen table, chart or sheet shows a cost column for them (see `hasCost`).
   */
  readonly costByTime: boolean;
  readonly breakdowns: readonly Breakdown[];
}

const figure = <M extends string, V extends number | null>(
  label: Label | { label: Label; short: Label },
  unit: FigureUnit,
  total: FigureTotal,
  help: Label,
  value: (sums: Readonly<Record<M, number>>) => V,
): Figure<M, V> => ({
  ...(typeof label === 'function' ? { label, short: label } : label),
  unit,
  help,
  totalled: total === 'sum',
  value,
});

/**
 * Whether a block of a figure set's buckets carries cost per currency: breakdown rows always
 * do, hours and days only when the set counts cost by time (`costByTime`). The Overview's
 * tables and the Summary sheet ask this one question, so neither shows a cost it was not
 * given (a cost never computed is no column, never a column of zeros or dashes).
 */
export function hasCost(set: { readonly costByTime: boolean }, block: 'time' | 'breakdowns'): boolean {
  return block === 'breakdowns' || set.costByTime;
}

/** A ratio that is null when there is nothing to divide by. */
export const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** Sums of decimal amounts in floating point: rounded to the platform's 6 decimals so 0.1 + 0.2 reads 0.3. */
export function roundMicro(amount: number): number {
  return Math.round(amount * 1e6) / 1e6;
}

// --- Voice records -----------------------------------------------------------------

const connected = { field: 'callStatus', equals: CONNECTED_STATUS } as const;

export const VOICE_MEASURES = {
  calls: { field: null },
  connected: { field: null, where: connected },
  voicemail: { field: null, where: { field: 'callStatus', equals: VOICEMAIL_STATUS } },
  talkSeconds: { field: 'callDuration' },
  connectedTalkSeconds: { field: 'callDuration', where: connected },
  chargedSeconds: { field: 'chargedDuration' },
  baseCostUsd: { field: 'baseCost' },
} as const satisfies Record<string, Measure>;
type VoiceMeasure = keyof typeof VOICE_MEASURES;

const voiceFigure = figure<VoiceMeasure, number>;
const voiceRatio = figure<VoiceMeasure, number | null>;

const ASR_HELP: Label = m.overview_fig_asr_help;
const ACD_HELP: Label = m.overview_fig_acd_help;

const VOICE_BREAKDOWNS: readonly Breakdown[] = [
  {
    name: 'byStatus',
    id: 'by-status',
    field: 'callStatus',
    title: m.overview_bd_status_title,
    header: m.overview_bd_status_header,
    counted: m.overview_bd_status_count,
    missing: CALL_STATUS_MISSING,
    limit: null,
    numeric: true,
    label: (value) => CALL_STATUS_LABELS[Number(value)] ?? m.overview_bd_status_code({ code: value }),
  },
  {
    name: 'displayNumbers',
    id: 'display-numbers',
    field: 'displayNum',
    title: m.overview_bd_caller_title,
    header: m.overview_bd_caller_header,
    counted: m.overview_bd_caller_count,
    missing: m.overview_bd_caller_missing,
    limit: 20,
  },
  { name: 'regions', id: 'regions', field: 'code', title: m.overview_bd_region_title, header: m.overview_bd_region_header, counted: m.overview_bd_region_count, missing: m.overview_bd_region_missing, limit: 20 },
  {
    name: 'keysPressed',
    id: 'keys',
    field: 'feedbackValue',
    title: m.overview_bd_keys_title,
    header: m.overview_bd_keys_header,
    counted: m.overview_bd_keys_count,
    missing: m.overview_bd_keys_missing,
    limit: null,
    label: feedbackLabel,
  },
  {
    name: 'bySeat',
    id: 'by-seat',
    field: SEAT_VIA.on,
    via: SEAT_VIA,
    title: m.overview_bd_seat_title,
    header: m.overview_bd_seat_header,
    counted: m.overview_value_seats,
    missing: m.overview_bd_seat_missing,
    limit: null,
  },
  {
    name: 'byTeamLeader',
    id: 'by-team-leader',
    field: TEAM_LEADER_VIA.on,
    via: TEAM_LEADER_VIA,
    title: m.overview_bd_leader_title,
    header: m.overview_bd_leader_header,
    counted: m.overview_bd_leader_count,
    missing: m.overview_bd_leader_missing,
    note: m.overview_bd_leader_note,
    limit: null,
  },
];

/** Figures that are the same in the totals and in every bucket. */
const CALLS = voiceFigure(m.overview_fig_calls, 'count', 'sum', m.overview_fig_calls_help, (s) => s.calls);
const CONNECTED = voiceFigure(m.overview_fig_connected, 'count', 'sum', m.overview_fig_connected_help, (s) => s.connected);
const ACD = voiceRatio({ label: m.overview_fig_acd_label, short: m.overview_fig_acd }, 'seconds-tenths', 'no-total', ACD_HELP, (s) => ratio(s.connectedTalkSeconds, s.connected));

export const VOICE_FIGURES = {
  operation: 'voiceRecords',
  measures: VOICE_MEASURES,
  money: { field: 'cost', currencyField: 'currency' },
  totals: {
    calls: CALLS,
    connected: CONNECTED,
    asr: voiceRatio({ label: m.overview_fig_asr_label, short: m.overview_fig_asr }, 'percent', 'no-total', ASR_HELP, (s) => ratio(s.connected, s.calls)),
    voicemail: voiceFigure(m.overview_fig_voicemail, 'count', 'sum', m.overview_fig_voicemail_help, (s) => s.voicemail),
    talkSeconds: voiceFigure({ label: m.overview_fig_talk_all_label, short: m.overview_fig_talk_all }, 'seconds', 'sum', m.overview_fig_talk_all_help, (s) => s.talkSeconds),
    acdSeconds: ACD,
    billedMinutes: voiceFigure(m.overview_fig_billed_minutes, 'minutes', 'sum', m.overview_fig_billed_minutes_help, (s) => s.chargedSeconds / 60),
    baseCostUsd: voiceFigure(m.overview_fig_base_cost, 'money', 'sum', m.overview_fig_base_cost_help, (s) => roundMicro(s.baseCostUsd)),
  },
  buckets: {
    calls: CALLS,
    connected: CONNECTED,
    asr: voiceRatio(m.overview_fig_asr, 'percent', 'no-total', ASR_HELP, (s) => ratio(s.connected, s.calls)),
    talkSeconds: voiceFigure(
      { label: m.overview_fig_connected_talk_label, short: m.overview_fig_connected_talk },
      'seconds',
      'sum',
      m.overview_fig_connected_talk_help,
      (s) => s.connectedTalkSeconds,
    ),
    acdSeconds: ACD,
  },
  byHour: true,
  trend: 'asr',
  // Widened: the Live board's set turns it on (its hours show cost), the Overview's stays off.
  costByTime: false as boolean,
  breakdowns: VOICE_BREAKDOWNS,
} as const satisfies FigureSet<VoiceMeasure>;

/**
 * Peak concurrent calls, per interval of the window: the most calls up at once in the
 * interval's busiest minute (counted over the archive by src/main/reports/concurrency.ts,
 * which alone decides the interval from the window's length and hands it over with the
 * points). A peak, never totalled: the peaks of two intervals do not add up to anything.
 * The chart and the workbook state the interval through `title` and `line`, from the
 * Overview's own `intervalMinutes`, so the screen and the file say the same for a window.
 */
export const PEAK_CONCURRENT = {
  label: m.export_overview_peak,
  short: m.overview_peak_series,
  unit: 'count',
  totalled: false,
  /** The chart's title: "Peak concurrent calls per 10 minutes". */
  title: (intervalMinutes: number): string => m.overview_concurrency_title({ minutes: formatNumber(intervalMinutes) }),
  /** The workbook's line under its title: what a peak is and over which interval. */
  line: (intervalMinutes: number): string => m.export_overview_peak_line({ minutes: formatNumber(intervalMinutes) }),
} as const satisfies {
  label: Label;
  short: Label;
  unit: FigureUnit;
  totalled: boolean;
  title: (intervalMinutes: number) => string;
  line: (intervalMinutes: number) => string;
};

// --- Number call records -------------------------------------------------------------

export const NUMBER_MEASURES = {
  calls: { field: null },
  durationSeconds: { field: 'callDuration' },
} as const satisfies Record<string, Measure>;
type NumberMeasure = keyof typeof NUMBER_MEASURES;

const numberFigure = figure<NumberMeasure, number>;

const NUMBER_BREAKDOWNS: readonly Breakdown[] = [
  { name: 'byNumber', id: 'by-number', field: 'number', title: m.overview_bd_number_title, header: m.overview_bd_number_header, counted: m.overview_bd_number_count, missing: m.overview_bd_number_missing, limit: 50 },
  { name: 'byCountry', id: 'by-country', field: 'country', title: m.overview_bd_country_title, header: m.overview_bd_country_header, counted: m.overview_bd_country_count, missing: m.overview_bd_country_missing, limit: 50 },
  { name: 'byType', id: 'by-type', field: 'type', title: m.overview_bd_type_title, header: m.overview_bd_type_header, counted: m.overview_bd_type_count, missing: m.overview_bd_type_missing, limit: null },
];

/** The number figures, the same in the totals and in every bucket. */
const NUMBER_BUCKET_FIGURES = {
  calls: numberFigure(m.overview_fig_calls, 'count', 'sum', m.overview_fig_number_calls_help, (s) => s.calls),
  durationSeconds: numberFigure({ label: m.overview_fig_duration_label, short: m.overview_fig_duration }, 'seconds', 'sum', m.overview_fig_duration_help, (s) => s.durationSeconds),
};

export const NUMBER_FIGURES = {
  operation: 'numberRecords',
  measures: NUMBER_MEASURES,
  money: { field: 'pay', currencyField: 'currency' },
  totals: NUMBER_BUCKET_FIGURES,
  buckets: NUMBER_BUCKET_FIGURES,
  byHour: false,
  trend: null,
  costByTime: true,
  breakdowns: NUMBER_BREAKDOWNS,
} as const satisfies FigureSet<NumberMeasure>;

export type SomeFigureSet = typeof VOICE_FIGURES | typeof NUMBER_FIGURES;

/** The figure set of a record list, or null for lists without figures. */
export function figureSetOf(operation: ListOperation): SomeFigureSet | null {
  if (operation === 'voiceRecords') return VOICE_FIGURES;
  if (operation === 'numberRecords') return NUMBER_FIGURES;
  return null;
}
