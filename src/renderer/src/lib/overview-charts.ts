import { NUMBER_FIGURES, VOICE_FIGURES, type Breakdown, type Figure, type FigureUnit, type SomeFigureSet } from '../../../shared/reports/figures';
import type { CountBucket, DrillDown, MmsDay, MoneyTotal, Overview, VoiceOverview } from '../../../shared/reports/overview';
import { type ChartModel, seriesColumn, type ChartSeries, type ValueFormat } from './chart-model';
import { countText, moneyText } from './figures';
import { unitText } from './overview-figures';

/** The Overview's charts by section, each with its table, in the order they show. */
export interface OverviewCharts {
  voice: ChartModel[];
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
    numbers: [...timeCharts(NUMBER_FIGURES, 'numbers', numbers, overview.compared?.numbers ?? null), ...breakdownCharts(NUMBER_FIGURES, 'numbers', numbers)],
    seats: [
      countChart('seats-by-status', 'Seats by status', 'Status', seats.byStatus, false, 'No seats in the last seat list.'),
      countChart('seats-by-group', 'Seats by group', 'Seat group', seats.byGroup, true, 'No seats in the last seat list.'),
    ],
    mms: [mmsChart(mms.byDay)],
  };
}

const EMPTY: Readonly<Record<string, string>> = { voiceRecords: 'No calls in this window.', numberRecords: 'No number records in this window.' };
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

/**
 * A chart of declared figures: calls as bars (and the set's trend figure as a line on the
 * hour and day charts); its table lists every declared bucket figure and the cost.
 */
function figureChart(
  set: SomeFigureSet,
  id: string,
  title: string,
  categoryHeader: string,
  buckets: readonly Bucket[],
  horizontal: boolean,
  trend: boolean,
  before: readonly Bucket[] | null = null,
): ChartModel {
  const declared: Readonly<Record<string, Figure<string>>> = set.buckets;
  const seriesOf = (name: string, kind: 'bar' | 'line'): ChartSeries => {
    const figure = declared[name];
    return {
      label: figure.short,
      values: buckets.map((bucket) => numberIn(bucket, name)),
      kind,
      format: FORMAT_OF[figure.unit],
      tone: kind === 'bar' ? 'accent' : 'warning',
      ...(kind === 'line' ? { secondary: true } : {}),
    };
  };
  const calls = seriesOf('calls', 'bar');
  const line = trend && set.trend !== null ? seriesOf(set.trend, 'line') : null;
  // The comparison period's calls, bucket by bucket (its i-th hour or day beside this one's).
  const previous: ChartSeries | null = before
    ? { label: `${calls.label}, compared period`, values: buckets.map((_, index) => (before[index] ? numberIn(before[index], 'calls') : null)), kind: 'line', format: calls.format, tone: 'accent', faint: true }
    : null;
  return {
    id,
    title,
    categoryHeader,
    categories: buckets.map((bucket) => bucket.label),
    // Ranked lists draw calls only: a line across unrelated values would suggest a trend.
    series: [calls, ...(line ? [line] : []), ...(previous ? [previous] : [])],
    horizontal,
    columns: [
      ...Object.entries(declared).map(([name, figure]) => ({
        header: figure.short,
        cells: buckets.map((bucket) => unitText(numberIn(bucket, name), figure.unit)),
        numeric: true,
        values: buckets.map((bucket) => numberIn(bucket, name)),
      })),
      { header: 'Cost', cells: buckets.map((bucket) => moneyText(bucket.cost)), numeric: true, ...costValues(buckets) },
      ...(previous ? [seriesColumn(previous)] : []),
    ],
    drills: buckets.map((bucket) => bucket.drill),
    empty: EMPTY[set.operation] ?? 'Nothing in this window.',
  };
}

/** Cost sorts as numbers when the buckets have one currency at most: amounts of two are never compared. */
function costValues(buckets: readonly Bucket[]): { values?: (number | null)[] } {
  const currencies = new Set(buckets.flatMap((bucket) => bucket.cost.map((money) => money.currency)));
  return currencies.size > 1 ? {} : { values: buckets.map((bucket) => bucket.cost[0]?.amount ?? 0) };
}

type TimeBuckets = { byHour: readonly Bucket[]; byDay: readonly Bucket[] };

function timeCharts(set: SomeFigureSet, prefix: string, figures: TimeBuckets, before: TimeBuckets | null): ChartModel[] {
  const noun = prefix === 'voice' ? 'Calls' : 'Number calls';
  const trend = set.trend === null ? '' : ` and ${(set.buckets as Readonly<Record<string, Figure<string>>>)[set.trend].short}`;
  return [
    ...(set.byHour
      ? [{ ...figureChart(set, `${prefix}-by-hour`, `${noun}${trend} by hour of day`, 'Hour', figures.byHour, false, true, before?.byHour ?? null), axisLabels: figures.byHour.map((b) => b.key) }]
      : []),
    { ...figureChart(set, `${prefix}-by-day`, `${noun}${trend} by day`, 'Day', figures.byDay, false, true, before?.byDay ?? null), axisLabels: figures.byDay.map((b) => b.key.slice(5)) },
  ];
}

function breakdownCharts(set: SomeFigureSet, prefix: string, figures: { breakdowns: Readonly<Record<string, { buckets: readonly Bucket[] }>> }): ChartModel[] {
  const breakdowns: readonly Breakdown[] = set.breakdowns;
  return breakdowns.map((breakdown) => {
    const buckets = figures.breakdowns[breakdown.name]?.buckets ?? [];
    const ranked = breakdown.limit !== null || !breakdown.numeric;
    return figureChart(set, `${prefix}-${breakdown.id}`, breakdown.title, breakdown.header, buckets, ranked && buckets.length > 4, false);
  });
}

function concurrencyChart(concurrency: VoiceOverview['concurrency']): ChartModel {
  const peak: ChartSeries = { label: 'Peak calls up at once', values: concurrency.points.map((point) => point.peak), kind: 'bar', format: 'count', tone: 'accent' };
  return {
    id: 'voice-concurrency',
    title: `Peak concurrent calls per ${concurrency.intervalMinutes} minutes`,
    categoryHeader: 'Interval',
    categories: concurrency.points.map((point) => point.label),
    // The time of day is enough on the axis; the table and readout say the date.
    axisLabels: concurrency.points.map((point) => point.label.slice(-5)),
    series: [peak],
    horizontal: false,
    // The table lists what the chart draws.
    columns: [seriesColumn(peak)],
    // Calls up at once are not a filter of the list: an interval has no rows of its own to open.
    drills: concurrency.points.map(() => null),
    empty: 'No calls in this window.',
  };
}

function countChart(
  id: string,
  title: string,
  categoryHeader: string,
  buckets: CountBucket[],
  horizontal: boolean,
  empty: string,
): ChartModel {
  const count: ChartSeries = { label: 'Count', values: buckets.map((b) => b.count), kind: 'bar', format: 'count', tone: 'accent' };
  return {
    id,
    title,
    categoryHeader,
    categories: buckets.map((b) => b.label),
    series: [count],
    horizontal,
    columns: [seriesColumn(count)],
    drills: buckets.map((b) => b.drill),
    empty,
  };
}

function mmsChart(days: MmsDay[]): ChartModel {
  const accepted: ChartSeries = { label: 'Accepted', values: days.map((d) => d.accepted), kind: 'bar', format: 'count', tone: 'success' };
  const refused: ChartSeries = { label: 'Refused', values: days.map((d) => d.refused), kind: 'bar', format: 'count', tone: 'danger' };
  return {
    id: 'mms-by-day',
    title: 'MMS numbers accepted and refused by day',
    categoryHeader: 'Day',
    categories: days.map((d) => d.label),
    axisLabels: days.map((d) => d.key.slice(5)),
    series: [accepted, refused],
    horizontal: false,
    columns: [
      { header: 'Sends', cells: days.map((d) => countText(d.sends)), numeric: true, values: days.map((d) => d.sends) },
      seriesColumn(accepted),
      seriesColumn(refused),
      { header: 'Outcome unknown', cells: days.map((d) => countText(d.unknown)), numeric: true, values: days.map((d) => d.unknown) },
    ],
    // The send history is not an archived list: there are no rows to open.
    drills: days.map(() => null),
    empty: 'No MMS were sent in this window. Sends from the MMS screen show here.',
  };
}
