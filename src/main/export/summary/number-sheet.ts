/** The number-record figures laid out as the Summary sheet's tables. */
import type { SummaryCell, SummarySheet, SummaryTable } from '../summary-sheet';
import type { NumberBucket } from '../../../shared/reports/overview';
import { RANKED_LIMIT, type NumberSummary } from './number-summary';
import { amountIn, asTime, cellOf, column, count, currenciesOf, currencyName, day, text } from './tables';

function bucketTable(
  title: string,
  first: { header: string; width: number; cell: (bucket: NumberBucket) => SummaryCell },
  buckets: readonly NumberBucket[],
  currencies: readonly string[],
  note?: string,
): SummaryTable {
  return {
    title,
    columns: [
      column(first.header, first.width),
      column('Calls', 10),
      column('Duration (s)', 12),
      column('Duration (h:mm:ss)', 12),
      ...currencies.map((currency) => column(`Cost (${currencyName(currency)})`, 12)),
    ],
    rows: buckets.map((bucket) => [
      first.cell(bucket),
      count(bucket.calls),
      cellOf(bucket.durationSeconds, 'seconds'),
      asTime(bucket.durationSeconds),
      ...currencies.map((currency) => cellOf(amountIn(bucket.cost, currency), 'money')),
    ]),
    ...(note === undefined ? {} : { note }),
  };
}

function rankedNote(shown: number, seen: number, what: string): string | undefined {
  return seen > shown ? `The top ${RANKED_LIMIT} of ${seen.toLocaleString('en')} ${what} by calls.` : undefined;
}

export function numberSummarySheet(summary: NumberSummary, heading: { title: string; lines: readonly string[] }): SummarySheet {
  const t = summary.totals;
  const currencies = currenciesOf([t.cost]);
  const label = (header: string, width: number) => ({ header, width, cell: (bucket: NumberBucket) => text(bucket.label) });
  return {
    title: heading.title,
    lines: heading.lines,
    tables: [
      {
        title: 'Totals',
        columns: [column('Figure', 20), column('Value', 14), column('h:mm:ss', 11)],
        rows: [
          [text('Calls'), count(t.calls), text(null)],
          [text('Duration (s)'), cellOf(t.durationSeconds, 'seconds'), asTime(t.durationSeconds)],
          ...t.cost.map((money) => [text(`Cost (${currencyName(money.currency)})`), cellOf(money.amount, 'money'), text(null)]),
        ],
      },
      bucketTable('By day', { header: 'Day', width: 12, cell: (bucket) => day(bucket.key) }, summary.byDay, currencies),
      bucketTable(
        'By number',
        label('Number', 18),
        summary.byNumber,
        currencies,
        rankedNote(summary.byNumber.length, summary.numbersSeen, 'numbers'),
      ),
      bucketTable(
        'By country',
        label('Country', 16),
        summary.byCountry,
        currencies,
        rankedNote(summary.byCountry.length, summary.countriesSeen, 'countries'),
      ),
      bucketTable('By type', label('Type', 10), summary.byType, currencies),
    ],
  };
}
