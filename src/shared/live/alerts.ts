/**
 * The Live board's thresholds and the one rule for when they are crossed: pure, so main
 * (which raises the desktop notification) and the tests read the same thing.
 *
 * Each watched figure has an amber and a red limit (either may be off). A level is
 * entered when the figure passes its limit, and left only once it is back past the limit
 * by a band (hysteresis), so a figure hovering at a limit does not flicker. A notification
 * is raised once when a level is entered from a milder one (ok → amber, ok → red,
 * amber → red) and once when the figure recovers (back to ok): never one per refresh.
 */
import { formatNumber, m } from '../i18n';
import type { Label } from '../i18n/locale';
import { typedAscii } from '../validation/text';

export const LIVE_METRICS = ['connectRate', 'acd', 'idleSeats', 'busySeats'] as const;
export type LiveMetric = (typeof LIVE_METRICS)[number];

export type AlertLevel = 'ok' | 'amber' | 'red';

export interface MetricRule {
  /** As the board and the notification name it (a Label, read when shown). */
  label: Label;
  /** The figure is bad below its limits (connect rate) or above them (busy seats). */
  direction: 'below' | 'above';
  unit: 'percent' | 'seconds' | 'seats';
  /** How far back past a limit the figure must come to leave its level. */
  band: number;
  /** The limits' allowed range. */
  min: number;
  max: number;
  /** The readings' own range: no figure reads below `lowest` or above `highest` ('seats': the seats there are; null: no end). */
  lowest: number;
  highest: number | 'seats' | null;
}

export const METRIC_RULES: Readonly<Record<LiveMetric, MetricRule>> = {
  connectRate: { label: m.overview_metric_connect_rate, direction: 'below', unit: 'percent', band: 2, min: 0, max: 100, lowest: 0, highest: 100 },
  acd: { label: m.overview_metric_acd, direction: 'below', unit: 'seconds', band: 5, min: 0, max: 3600, lowest: 0, highest: null },
  idleSeats: { label: m.overview_metric_idle_seats, direction: 'below', unit: 'seats', band: 1, min: 0, max: 100_000, lowest: 0, highest: 'seats' },
  busySeats: { label: m.overview_metric_busy_seats, direction: 'above', unit: 'seats', band: 1, min: 0, max: 100_000, lowest: 0, highest: 'seats' },
};

/** A figure's limits; null: that level is off. */
export interface Threshold {
  amber: number | null;
  red: number | null;
}

export type LiveThresholds = Record<LiveMetric, Threshold>;
export type LiveReadings = Record<LiveMetric, number | null>;
export type AlertLevels = Record<LiveMetric, AlertLevel>;

/** Connect rate below 40 % amber and 30 % red; the others off until the supervisor sets them. */
export const DEFAULT_THRESHOLDS: LiveThresholds = {
  connectRate: { amber: 40, red: 30 },
  acd: { amber: null, red: null },
  idleSeats: { amber: null, red: null },
  busySeats: { amber: null, red: null },
};

export const ALL_OK: AlertLevels = { connectRate: 'ok', acd: 'ok', idleSeats: 'ok', busySeats: 'ok' };

/** How many figures are at amber or red now: the alerts still active. */
export function activeAlertCount(levels: AlertLevels): number {
  return LIVE_METRICS.filter((metric) => levels[metric] !== 'ok').length;
}

/** A limit's number as typed (up to three decimals), no grouping. */
const limitNumber = (value: number): string => formatNumber(value, { maximumFractionDigits: 3, useGrouping: false });

/** The most decimals a reading is written with, so that it reads apart from its limit. */
const MAX_READING_DECIMALS = 6;

/**
 * A reading beside its limit: one decimal, more while it would read as the limit does (39.96
 * beside 40 is "39.96", not "40"), so that "below the limit" can be seen to be true.
 */
function readingNumber(value: number, limit: number): string {
  let text = formatNumber(value, { maximumFractionDigits: 1, useGrouping: false });
  for (let decimals = 2; text === limitNumber(limit) && value !== limit && decimals <= MAX_READING_DECIMALS; decimals++) {
    text = formatNumber(value, { maximumFractionDigits: decimals, useGrouping: false });
  }
  return text;
}

function unitText(metric: LiveMetric, value: number, number: string): string {
  const unit = METRIC_RULES[metric].unit;
  if (unit === 'percent') return m.overview_value_percent({ value: number });
  if (unit === 'seconds') return m.overview_value_seconds({ value: number });
  return m.overview_value_seats({ count: formatNumber(value, { useGrouping: false }) });
}

/** A limit with its unit: `30 %`, `45 s`, `3 seats` (`30%`, `45 秒`, `3 个坐席`). */
export function valueText(metric: LiveMetric, value: number): string {
  return unitText(metric, value, limitNumber(value));
}

/** "below 30 %" / "低于 30%": a limit with the way the figure must pass it. */
export function limitWords(metric: LiveMetric, value: number): string {
  const shown = valueText(metric, value);
  return METRIC_RULES[metric].direction === 'below' ? m.overview_limit_below({ limit: shown }) : m.overview_limit_above({ limit: shown });
}

const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A limit as typed in the Thresholds form: empty (or only spaces) is off, null; plain decimal
 * digits with an optional sign and point, full-width, Arabic or Persian ones too, are that number; anything else
 * (`0x10`, `1e1`, `Infinity`, `30 %`, `三十`, a control character pasted inside) is NaN, "not a number".
 */
export function limitOfText(typed: string): number | null {
  // Digits as typed on any keyboard (a Chinese input method's full-width ones, Arabic and Persian ones), as every typed number is read.
  const text = typedAscii(typed).trim();
  if (text === '') return null;
  return DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
}

/**
 * Why a set of thresholds cannot be used, by field (`connectRate.red`), or an empty
 * object. Red must be the stricter limit: below amber for "below" figures, above it otherwise.
 */
export function thresholdProblems(thresholds: LiveThresholds): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const metric of LIVE_METRICS) {
    const rule = METRIC_RULES[metric];
    const { amber, red } = thresholds[metric];
    for (const [level, value] of [['amber', amber], ['red', red]] as const) {
      const problem = value === null ? null : limitProblem(metric, value);
      if (problem !== null) problems[`${metric}.${level}`] = problem;
    }
    // A limit that cannot be used is no measure of the other: only two usable ones are compared.
    if (amber === null || red === null || problems[`${metric}.amber`] !== undefined || problems[`${metric}.red`] !== undefined) continue;
    const stricter = rule.direction === 'below' ? red < amber : red > amber;
    if (!stricter) {
      const words = { label: rule.label(), amber: valueText(metric, amber) };
      problems[`${metric}.red`] = rule.direction === 'below' ? m.overview_threshold_red_below(words) : m.overview_threshold_red_above(words);
    }
  }
  return problems;
}

/** Why one limit cannot be used: out of its range, a part seat, or past every reading there can be (it would never alert); null when usable. */
function limitProblem(metric: LiveMetric, value: number): string | null {
  const rule = METRIC_RULES[metric];
  const whole = rule.unit === 'seats';
  if (!Number.isFinite(value) || value < rule.min || value > rule.max || (whole && !Number.isInteger(value))) {
    const range = { label: rule.label(), min: String(rule.min), max: String(rule.max) };
    return whole ? m.overview_threshold_whole_range(range) : m.overview_threshold_number_range(range);
  }
  // "Below 0 %" (or -0): no reading is ever past it, and the figure would look watched without ever alerting. An "above"
  // figure has no such limit here: busy seats can pass any limit but the number of seats, which only the board knows.
  if (rule.direction === 'below' && value <= rule.lowest) {
    return m.overview_live_threshold_never({ label: rule.label(), limit: limitWords(metric, rule.lowest) });
  }
  return null;
}

/**
 * Where a figure past `limit` must come back to before it leaves its level: the limit and the
 * band, but never beyond the best reading there can be (a rate of 100 %, every seat idle, no seat
 * busy), or an alert at a limit near it could never clear. `seats`: how many there are, when known.
 */
function recoveryPoint(metric: LiveMetric, limit: number, seats: number | null = null): number {
  const rule = METRIC_RULES[metric];
  if (rule.direction === 'above') return Math.max(limit - rule.band, Math.min(limit, rule.lowest));
  const highest = rule.highest === 'seats' ? seats : rule.highest;
  // A limit beyond the best reading (more idle seats than there are) stays crossed: it is not cleared below the limit itself.
  return highest === null ? limit + rule.band : Math.min(limit + rule.band, Math.max(limit, highest));
}

/** Whether `value` is past `point`, in the direction the figure is bad. */
function beyond(rule: MetricRule, value: number, point: number): boolean {
  return rule.direction === 'below' ? value < point : value > point;
}

/** Whether `value` is past `limit`, given that the figure was already past it (then it must come back to the recovery point). */
function past(metric: LiveMetric, value: number, limit: number, wasPast: boolean, seats: number | null): boolean {
  return beyond(METRIC_RULES[metric], value, wasPast ? recoveryPoint(metric, limit, seats) : limit);
}

const SEVERITY: Readonly<Record<AlertLevel, number>> = { ok: 0, amber: 1, red: 2 };

/**
 * A figure's level now, from its reading, its limits and its level before. No reading (no calls yet): unchanged.
 * `seats`: how many there are, the most seats that can be idle.
 */
export function levelOf(metric: LiveMetric, value: number | null, threshold: Threshold, previous: AlertLevel, seats: number | null = null): AlertLevel {
  if (value === null) return threshold.amber === null && threshold.red === null ? 'ok' : previous;
  if (threshold.red !== null && past(metric, value, threshold.red, previous === 'red', seats)) return 'red';
  if (threshold.amber !== null && past(metric, value, threshold.amber, SEVERITY[previous] >= SEVERITY.amber, seats)) return 'amber';
  // Only a red limit: amber is never entered, and red is left once back by the band.
  return 'ok';
}

/**
 * Where a figure must come back to for its level to end, while only the band holds it there (its
 * reading is back past the limit: 40.0 % at a 40 % limit stays amber until 42 %); null otherwise.
 */
export function heldUntil(metric: LiveMetric, value: number | null, threshold: Threshold, level: AlertLevel, seats: number | null = null): number | null {
  if (value === null || level === 'ok') return null;
  const limit = threshold[level];
  if (limit === null || beyond(METRIC_RULES[metric], value, limit)) return null;
  return recoveryPoint(metric, limit, seats);
}

export interface AlertEvent {
  metric: LiveMetric;
  kind: 'raised' | 'recovered';
  /** The level entered (raised) or left (recovered). */
  level: Exclude<AlertLevel, 'ok'>;
  value: number;
  /** The limit passed (raised) or come back past (recovered). */
  limit: number;
  atMs: number;
  /**
   * The notification's title and text, in main's language when the event was raised; a
   * screen shows alertTitle() and alertText() instead, in the language of the moment.
   */
  title: string;
  text: string;
}

type AlertFacts = Pick<AlertEvent, 'metric' | 'kind' | 'level' | 'value' | 'limit'>;

/** An alert's title in the language of the moment: "Amber: Busy seats". */
export function alertTitle(event: AlertFacts): string {
  const label = METRIC_RULES[event.metric].label();
  if (event.kind === 'recovered') return m.overview_alert_recovered_title({ label });
  return event.level === 'red' ? m.overview_alert_red_title({ label }) : m.overview_alert_amber_title({ label });
}

/** What an alert says, in the language of the moment: "Busy seats is 12 seats, above the amber limit of 10 seats." */
export function alertText(event: AlertFacts): string {
  const rule = METRIC_RULES[event.metric];
  const value = unitText(event.metric, event.value, readingNumber(event.value, event.limit));
  const words = { label: rule.label(), value, limit: valueText(event.metric, event.limit) };
  if (event.kind === 'recovered') return event.level === 'red' ? m.overview_alert_recovered_red(words) : m.overview_alert_recovered_amber(words);
  const texts = {
    below: { red: m.overview_alert_below_red, amber: m.overview_alert_below_amber },
    above: { red: m.overview_alert_above_red, amber: m.overview_alert_above_amber },
  } as const;
  return texts[rule.direction][event.level](words);
}

function eventOf(metric: LiveMetric, kind: AlertEvent['kind'], level: Exclude<AlertLevel, 'ok'>, value: number, limit: number, atMs: number): AlertEvent {
  const facts = { metric, kind, level, value, limit };
  return { ...facts, atMs, title: alertTitle(facts), text: alertText(facts) };
}

/**
 * One refresh's readings against the thresholds: the new levels, and the events to
 * notify (at most one per figure). A level that eases (red → amber) or whose limit was
 * switched off changes silently. `seats`: how many there are, when known.
 */
export function stepAlerts(
  previous: AlertLevels,
  readings: LiveReadings,
  thresholds: LiveThresholds,
  atMs: number,
  seats: number | null = null,
): { levels: AlertLevels; events: AlertEvent[] } {
  const levels = { ...previous };
  const events: AlertEvent[] = [];
  for (const metric of LIVE_METRICS) {
    const before = previous[metric];
    const threshold = thresholds[metric];
    const value = readings[metric];
    const now = levelOf(metric, value, threshold, before, seats);
    levels[metric] = now;
    if (value === null || now === before) continue;
    if (SEVERITY[now] > SEVERITY[before] && now !== 'ok') {
      events.push(eventOf(metric, 'raised', now, value, threshold[now] as number, atMs));
    } else if (now === 'ok' && before !== 'ok') {
      const limit = threshold[before];
      // A limit switched off is not a recovery.
      if (limit !== null) events.push(eventOf(metric, 'recovered', before, value, limit, atMs));
    }
  }
  return { levels, events };
}
