/** The voice figures laid out as the Summary sheet's tables. */
import type { SummarySheet, SummaryTable } from '../summary-sheet';
import type { VoiceBucket } from '../../../shared/reports/overview';
import { asTime, cellOf, column, count, currencyName, day, text } from './tables';
import type { VoiceSummary } from './voice-summary';

const BUCKET_COLUMNS = [
  column('Calls', 10),
  column('Connected', 11),
  column('ASR', 9),
  column('Talk time (s)', 13),
  column('Talk time (h:mm:ss)', 12),
  column('ACD (s)', 9),
];

function bucketCells(bucket: VoiceBucket): ReturnType<typeof count>[] {
  return [
    count(bucket.calls),
    count(bucket.connected),
    cellOf(bucket.asr, 'percent'),
    cellOf(bucket.talkSeconds, 'seconds'),
    asTime(bucket.talkSeconds),
    cellOf(bucket.acdSeconds, 'seconds-tenths'),
  ];
}

function totalsTable(summary: VoiceSummary): SummaryTable {
  const t = summary.totals;
  return {
    title: 'Totals',
    columns: [column('Figure', 24), column('Value', 14), column('h:mm:ss', 11)],
    rows: [
      [text('Calls'), count(t.calls), text(null)],
      [text('Connected'), count(t.connected), text(null)],
      [text('ASR (connected ÷ calls)'), cellOf(t.asr, 'percent'), text(null)],
      [text('Voicemail'), count(t.voicemail), text(null)],
      [text('Talk time, all calls (s)'), cellOf(t.talkSeconds, 'seconds'), asTime(t.talkSeconds)],
      [text('ACD (s)'), cellOf(t.acdSeconds, 'seconds-tenths'), asTime(t.acdSeconds)],
      [text('Billed minutes'), cellOf(t.billedMinutes, 'minutes'), text(null)],
      ...t.cost.map((money) => [text(`Cost (${currencyName(money.currency)})`), cellOf(money.amount, 'money'), text(null)]),
      [text('Base cost (USD)'), cellOf(t.baseCostUsd, 'money'), text(null)],
    ],
  };
}

export function voiceSummarySheet(summary: VoiceSummary, heading: { title: string; lines: readonly string[] }): SummarySheet {
  const calls = summary.totals.calls;
  return {
    title: heading.title,
    lines: [
      ...heading.lines,
      'ASR = connected calls ÷ calls; ACD = talk time of connected calls ÷ connected calls. Talk time by hour and by day is of connected calls.',
    ],
    tables: [
      totalsTable(summary),
      {
        title: 'By hour of day',
        columns: [column('Hour', 8), ...BUCKET_COLUMNS],
        rows: summary.byHour.map((bucket) => [text(bucket.label), ...bucketCells(bucket)]),
      },
      {
        title: 'By day',
        columns: [column('Day', 12), ...BUCKET_COLUMNS],
        rows: summary.byDay.map((bucket) => [day(bucket.key), ...bucketCells(bucket)]),
      },
      {
        title: 'By call status',
        columns: [column('Call status', 10), column('Meaning', 34), column('Calls', 10), column('Share', 9)],
        rows: summary.byStatus.map((bucket) => [
          cellOf(bucket.key === '' ? null : Number(bucket.key), 'count'),
          text(bucket.label),
          count(bucket.count),
          cellOf(calls === 0 ? null : bucket.count / calls, 'percent'),
        ]),
      },
    ],
  };
}
