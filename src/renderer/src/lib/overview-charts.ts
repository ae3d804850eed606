import type {
  CountBucket,
  MmsDay,
  NumberBucket,
  Overview,
  VoiceBucket,
} from '../../../shared/reports/overview';
import { type ChartModel, seriesColumn, type ChartSeries } from './chart-model';
import { countText, durationText, moneyText } from './figures';

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
      { ...voiceChart('voice-by-hour', 'Calls and ASR by hour of day', 'Hour', voice.byHour, false), axisLabels: voice.byHour.map((b) => b.key) },
      { ...voiceChart('voice-by-day', 'Calls and ASR by day', 'Day', voice.byDay, false), axisLabels: voice.byDay.map((b) => b.key.slice(5)) },
      countChart('voice-by-status', 'Outcomes by call status', 'Call status', voice.byStatus, false, 'No calls in this window.'),
      {
        id: 'voice-concurrency',
        title: `Peak concurrent calls per ${voice.concurrency.intervalMinutes} minutes`,
        categoryHeader: 'Interval',
        categories: voice.concurrency.points.map((point) => point.label),
        // The time of day is enough on the axis; the table and readout say the date.
        axisLabels: voice.concurrency.points.map((point) => point.label.slice(-5)),
        series: [
          {
            label: 'Peak calls up at once',
            values: voice.concurrency.points.map((point) => point.peak),
            kind: 'bar',
            format: 'count',
            tone: 'accent',
          },
        ],
        horizontal: false,
        columns: [],
        // Calls up at once are not a filter of the list: an interval has no rows of its own to open.
        drills: voice.concurrency.points.map(() => null),
        empty: 'No calls in this window.',
      },
      voiceChart('voice-display-numbers', 'Top caller-id numbers', 'Caller id', voice.displayNumbers, true),
      voiceChart('voice-regions', 'Top regions', 'Region', voice.regions, true),
      countChart('voice-keys', 'Keys pressed', 'Key', voice.keysPressed, true, 'No keys were pressed in this window.'),
    ],
    numbers: [
      { ...numberChart('numbers-by-day', 'Number calls by day', 'Day', numbers.byDay, false), axisLabels: numbers.byDay.map((b) => b.key.slice(5)) },
      numberChart('numbers-by-number', 'Calls by number', 'Number', numbers.byNumber, true),
      numberChart('numbers-by-country', 'Calls by country', 'Country', numbers.byCountry, true),
      numberChart('numbers-by-type', 'Mobile and fixed', 'Number type', numbers.byType, false),
    ],
    seats: [
      countChart('seats-by-status', 'Seats by status', 'Status', seats.byStatus, false, 'No seats in the last seat list.'),
      countChart('seats-by-group', 'Seats by group', 'Seat group', seats.byGroup, true, 'No seats in the last seat list.'),
    ],
    mms: [mmsChart(mms.byDay)],
  };
}

function voiceChart(id: string, title: string, categoryHeader: string, buckets: VoiceBucket[], horizontal: boolean): ChartModel {
  const calls: ChartSeries = { label: 'Calls', values: buckets.map((b) => b.calls), kind: 'bar', format: 'count', tone: 'accent' };
  const asr: ChartSeries = {
    label: 'ASR',
    values: buckets.map((b) => b.asr),
    kind: 'line',
    format: 'percent',
    tone: 'warning',
    secondary: true,
  };
  return {
    id,
    title,
    categoryHeader,
    categories: buckets.map((b) => b.label),
    // Ranked lists draw calls only: a line across unrelated numbers would suggest a trend.
    series: horizontal ? [calls] : [calls, asr],
    horizontal,
    columns: [
      seriesColumn(calls),
      { header: 'Connected', cells: buckets.map((b) => countText(b.connected)), numeric: true },
      seriesColumn(asr),
      { header: 'ACD', cells: buckets.map((b) => durationText(b.acdSeconds)), numeric: true },
      { header: 'Talk time', cells: buckets.map((b) => durationText(b.talkSeconds)), numeric: true },
    ],
    drills: buckets.map((b) => b.drill),
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

function numberChart(id: string, title: string, categoryHeader: string, buckets: NumberBucket[], horizontal: boolean): ChartModel {
  const calls: ChartSeries = { label: 'Calls', values: buckets.map((b) => b.calls), kind: 'bar', format: 'count', tone: 'accent' };
  return {
    id,
    title,
    categoryHeader,
    categories: buckets.map((b) => b.label),
    series: [calls],
    horizontal,
    columns: [
      seriesColumn(calls),
      { header: 'Duration', cells: buckets.map((b) => durationText(b.durationSeconds)), numeric: true },
      { header: 'Cost', cells: buckets.map((b) => moneyText(b.cost)), numeric: true },
    ],
    drills: buckets.map((b) => b.drill),
    empty: 'No number records in this window.',
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
      { header: 'Sends', cells: days.map((d) => countText(d.sends)), numeric: true },
      seriesColumn(accepted),
      seriesColumn(refused),
      { header: 'Outcome unknown', cells: days.map((d) => countText(d.unknown)), numeric: true },
    ],
    // The send history is not an archived list: there are no rows to open.
    drills: days.map(() => null),
    empty: 'No MMS were sent in this window. Sends from the MMS screen show here.',
  };
}
