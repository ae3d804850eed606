import { dayLabelOfKey } from '../../../shared/calendar';
import { m } from '../../../shared/i18n';
import type { CountLabel } from '../../../shared/i18n/locale';
import { hasCost, NUMBER_FIGURES, PEAK_CONCURRENT, VOICE_FIGURES, type Breakdown, type Figure, type FigureUnit, type SomeFigureSet } from '../../../shared/reports/figures';
import { labelOf } from '../../../shared/reports/fold';
import type { CountBucket, DrillDown, MmsDay, MoneyTotal, Overview, VoiceOverview } from '../../../shared/reports/overview';
import { type ChartModel, seriesColumn, type ChartSeries, type ValueFormat } from './chart-model';
import { countText, moneyText, seatStatusText, withSeatGroupLabels } from './figures';
import { unitText } from './overview-figures';

/**
 * The Overview's charts by section, each with its table, in the order they show. Every word
 * is read in the language of the moment, labels of days, codes and missing values too (main
 * sent them in its language when it computed), so a change of language draws them again.
 */
export interface OverviewCharts {
  voice: ChartModel[];
  /** Calls by seat and by team leader: tables only (a seat list is read, not looked at as bars). */
  bySeat: ChartModel[];
  numbers: ChartModel[];
  seats: ChartModel[];
  mms: ChartModel[];
}

export function overviewCharts(overview: Overview): OverviewCharts {
  const { voice, numbers, seats, mms } = overview;
  return {
    voice: [
      ...timeCharts(VOICE_FIGURES, 'voice', voice, overview.compared?.voice ?? null),
      concurrencyChart(voice.concurrency),
      ...breakdownCharts(VOICE_FIGURES, 'voice', voice),
    ],
    bySeat: breakdownCharts(VOICE_FIGURES, 'voice', voice, true),
    numbers: [...timeCharts(NUMBER_FIGURES, 'numbers', numbers, overview.compared?.numbers ?? null), ...breakdownCharts(NUMBER_FIGURES, 'numbers', numbers)],
    seats: [
      countChart('seats-by-status', m.overview_seats_by_status(), m.overview_status(), m.overview_count_statuses, seats.byStatus.map(withLabel(seatStatusLabel)), false, m.overview_no_seats()),
      countChart('seats-by-group', m.overview_seats_by_group(), m.overview_seat_group(), m.overview_count_seat_groups, withSeatGroupLabels(seats.byGroup), true, m.overview_no_seats()),
    ],
    mms: [mmsChart(mms.byDay)],
  };
}

const EMPTY: Readonly<Record<string, () => string>> = { voiceRecords: m.overview_no_calls, numberRecords: m.overview_no_number_records };

/** A seat status's label from its key ('' when the seat has none). */
const seatStatusLabel = (key: string): string => seatStatusText(key === '' ? null : Number(key));

/** A bucket labelled again from its key, in the language of the moment. */
const withLabel =
  (label: (key: string) => string) =>
  <B extends { key: string; label: string }>(bucket: B): B => ({ ...bucket, label: label(bucket.key) });
const FORMAT_OF: Readonly<Record<FigureUnit, ValueFormat>> = {
  count: 'count',
  percent: 'percent',
  seconds: 'seconds',
  'seconds-tenths': 'seconds',
  minutes: 'count',
  money: 'count',
};

type Bucket = Record<string, unknown> & { key: string; label: string; cost: MoneyTotal[]; drill: DrillDown };
const numberIn = (bucket: Bucket, name: string): number | null => {
  const value = bucket[name];
  return typeof value === 'number' ? value : null;
};

/** What a chart of buckets is: hours or days (cost only when the set counts it by time), or a breakdown's rows. */
type Block = { kind: 'time' } | { kind: 'breakdowns'; breakdown: Breakdown };

/**
 * A chart of declared figures: calls as bars (and the set's trend figure as a line on the
 * hour and day charts); its table lists every declared bucket figure, and the cost when the
 * block carries one (`hasCost`: the Summary sheet asks the same).
 */
function figureChart(
  set: SomeFigureSet,
  block: Block,
  id: string,
  title: string,
  categoryHeader: string,
  counted: CountLabel,
  buckets: readonly Bucket[],
  horizontal: boolean,
  trend: boolean,
  before: readonly Bucket[] | null = null,
): ChartModel {
  const declared: Readonly<Record<string, Figure<string>>> = set.buckets;
  // A row found through other lists may count under several values: its rows add up to more than the calls.
  const partitioned = block.kind === 'time' || block.breakdown.via === undefined;
  const seriesOf = (name: string, kind: 'bar' | 'line'): ChartSeries => {
    const figure = declared[name];
    return {
      label: figure.short(),
      values: buckets.map((bucket) => numberIn(bucket, name)),
      kind,
      format: FORMAT_OF[figure.unit],
      totalled: figure.totalled && partitioned,
      tone: kind === 'bar' ? 'accent' : 'warning',
      ...(kind === 'line' ? { secondary: true } : {}),
    };
  };
  const calls = seriesOf('calls', 'bar');
  const line = trend && set.trend !== null ? seriesOf(set.trend, 'line') : null;
  // The comparison period's calls, bucket by bucket (its i-th hour or day beside this one's).
  const previous: ChartSeries | null = before
    ? {
        label: m.overview_compared_series({ series: calls.label }),
        values: buckets.map((_, index) => (before[index] ? numberIn(before[index], 'calls') : null)),
        categories: buckets.map((_, index) => before[index]?.label ?? null),
        kind: 'line',
        format: calls.format,
        totalled: calls.totalled,
        tone: 'accent',
        faint: true,
      }
    : null;
  return {
    id,
    title,
    categoryHeader,
    counted,
    categories: buckets.map((bucket) => bucket.label),
    // Ranked lists draw calls only: a line across unrelated values would suggest a trend.
    series: [calls, ...(line ? [line] : []), ...(previous ? [previous] : [])],
    horizontal,
    columns: [
      ...Object.entries(declared).map(([name, figure]) => ({
        header: figure.short(),
        cells: buckets.map((bucket) => unitText(numberIn(bucket, name), figure.unit)),
        numeric: true,
        values: buckets.map((bucket) => numberIn(bucket, name)),
      })),
      ...(hasCost(set, block.kind) ? [{ header: m.overview_cost(), cells: buckets.map((bucket) => moneyText(bucket.cost)), numeric: true, ...costValues(buckets) }] : []),
      ...(previous ? [seriesColumn(previous, buckets.map((bucket) => bucket.label))] : []),
    ],
    drills: buckets.map((bucket) => bucket.drill),
    empty: EMPTY[set.operation]?.() ?? m.overview_nothing_in_window(),
  };
}

/** Cost sorts as numbers when the buckets have one currency at most: amounts of two are never compared. */
function costValues(buckets: readonly Bucket[]): { values?: (number | null)[] } {
  const currencies = new Set(buckets.flatMap((bucket) => bucket.cost.map((money) => money.currency)));
  return currencies.size > 1 ? {} : { values: buckets.map((bucket) => bucket.cost[0]?.amount ?? 0) };
}

type TimeBuckets = { byHour: readonly Bucket[]; byDay: readonly Bucket[] };
const TIME: Block = { kind: 'time' };

function timeCharts(set: SomeFigureSet, prefix: string, figures: TimeBuckets, before: TimeBuckets | null): ChartModel[] {
  const noun = prefix === 'voice' ? m.overview_calls_noun() : m.overview_number_calls_noun();
  const trend = set.trend === null ? null : (set.buckets as Readonly<Record<string, Figure<string>>>)[set.trend].short();
  const byHourTitle = trend === null ? m.overview_chart_by_hour({ noun }) : m.overview_chart_by_hour_trend({ noun, trend });
  const byDayTitle = trend === null ? m.overview_chart_by_day({ noun }) : m.overview_chart_by_day_trend({ noun, trend });
  const days = figures.byDay.map(withLabel(dayLabelOfKey));
  return [
    ...(set.byHour
      ? [{ ...figureChart(set, TIME, `${prefix}-by-hour`, byHourTitle, m.overview_hour(), m.errors_clock_hours, figures.byHour, false, true, before?.byHour ?? null), axisLabels: figures.byHour.map((b) => b.key) }]
      : []),
    { ...figureChart(set, TIME, `${prefix}-by-day`, byDayTitle, m.overview_day(), m.overview_count_days, days, false, true, before?.byDay.map(withLabel(dayLabelOfKey)) ?? null), axisLabels: figures.byDay.map((b) => b.key.slice(5)) },
  ];
}

/** The breakdowns of the record's own fields, or (`joined`) those found through other lists (a seat's). */
function breakdownCharts(set: SomeFigureSet, prefix: string, figures: { breakdowns: Readonly<Record<string, { buckets: readonly Bucket[] }>> }, joined = false): ChartModel[] {
  const breakdowns = (set.breakdowns as readonly Breakdown[]).filter((breakdown) => (breakdown.via !== undefined) === joined);
  return breakdowns.map((breakdown) => {
    // A bucket's key is the value itself, '' for rows without one.
    const buckets = (figures.breakdowns[breakdown.name]?.buckets ?? []).map(withLabel((key) => labelOf(breakdown, key === '' ? null : key)));
    const ranked = breakdown.limit !== null || !breakdown.numeric;
    const model = figureChart(set, { kind: 'breakdowns', breakdown }, `${prefix}-${breakdown.id}`, breakdown.title(), breakdown.header(), breakdown.counted, buckets, ranked && buckets.length > 4, false);
    return breakdown.note ? { ...model, note: breakdown.note() } : model;
  });
}

function concurrencyChart(concurrency: VoiceOverview['concurrency']): ChartModel {
  // Peaks are never totalled (the declaration says so): the summary names the highest only.
  const peak: ChartSeries = {
    label: PEAK_CONCURRENT.short(),
    values: concurrency.points.map((point) => point.peak),
    kind: 'bar',
    format: 'count',
    totalled: PEAK_CONCURRENT.totalled,
    tone: 'accent',
  };
  return {
    id: 'voice-concurrency',
    // The interval main chose for this window and sent with the points; the workbook states the same.
    title: PEAK_CONCURRENT.title(concurrency.intervalMinutes),
    categoryHeader: m.overview_interval(),
    counted: m.overview_count_intervals,
    categories: concurrency.points.map((point) => point.label),
    // The time of day is enough on the axis; the table and readout say the date.
    axisLabels: concurrency.points.map((point) => point.label.slice(-5)),
    series: [peak],
    horizontal: false,
    // The table lists what the chart draws.
    columns: [seriesColumn(peak)],
    // Calls up at once are not a filter of the list: an interval has no rows of its own to open.
    drills: concurrency.points.map(() => null),
    empty: m.overview_no_calls(),
  };
}

function countChart(
  id: string,
  title: string,
  categoryHeader: string,
  counted: CountLabel,
  buckets: CountBucket[],
  horizontal: boolean,
  empty: string,
): ChartModel {
  // Each seat is counted under one status or group: the counts add up.
  const count: ChartSeries = { label: m.overview_count(), values: buckets.map((b) => b.count), kind: 'bar', format: 'count', totalled: true, tone: 'accent' };
  return {
    id,
    title,
    categoryHeader,
    counted,
    categories: buckets.map((b) => b.label),
    series: [count],
    horizontal,
    columns: [seriesColumn(count)],
    drills: buckets.map((b) => b.drill),
    empty,
  };
}

function mmsChart(days: MmsDay[]): ChartModel {
  const accepted: ChartSeries = { label: m.overview_mms_accepted(), values: days.map((d) => d.accepted), kind: 'bar', format: 'count', totalled: true, tone: 'success' };
  const refused: ChartSeries = { label: m.overview_mms_refused(), values: days.map((d) => d.refused), kind: 'bar', format: 'count', totalled: true, tone: 'danger' };
  return {
    id: 'mms-by-day',
    title: m.overview_mms_title(),
    categoryHeader: m.overview_day(),
    counted: m.overview_count_days,
    categories: days.map((d) => dayLabelOfKey(d.key)),
    axisLabels: days.map((d) => d.key.slice(5)),
    series: [accepted, refused],
    horizontal: false,
    columns: [
      { header: m.overview_mms_sends(), cells: days.map((d) => countText(d.sends)), numeric: true, values: days.map((d) => d.sends) },
      seriesColumn(accepted),
      seriesColumn(refused),
      { header: m.overview_mms_unknown(), cells: days.map((d) => countText(d.unknown)), numeric: true, values: days.map((d) => d.unknown) },
    ],
    // The send history is not an archived list: there are no rows to open.
    drills: days.map(() => null),
    empty: m.overview_mms_empty(),
  };
}
