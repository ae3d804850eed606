/**
 * Folded figures laid out as the Summary sheet's tables, each column from a figure's
 * declaration (label and unit): totals, then hours of the day, days and every breakdown,
 * with cost per currency beside each row.
 */
import type { Breakdown, Figure, FigureUnit, SomeFigureSet } from '../../../shared/reports/figures';
import { labelOf, type Figures } from '../../../shared/reports/fold';
import type { MoneyTotal } from '../../../shared/reports/overview';
import type { SummaryCell, SummaryColumn, SummaryFormat, SummarySheet, SummaryTable } from '../summary-sheet';
import { amountIn, asTime, cellOf, column, currenciesOf, currencyName, day, text } from './tables';

/** How a figure of each unit is shown in a cell. */
export const FORMAT_OF: Readonly<Record<FigureUnit, SummaryFormat>> = {
  count: 'count',
  percent: 'percent',
  seconds: 'seconds',
  'seconds-tenths': 'seconds-tenths',
  minutes: 'minutes',
  money: 'money',
};

/** Seconds are also shown as [h]:mm:ss beside their number. */
const hasClock = (unit: FigureUnit): boolean => unit === 'seconds' || unit === 'seconds-tenths';

type Bucket = Record<string, unknown> & { key: string; label: string; cost: MoneyTotal[] };

function figureColumns(figures: Readonly<Record<string, Figure<string>>>, currencies: readonly string[]): SummaryColumn[] {
  return [
    ...Object.values(figures).flatMap((figure) => [
      column(figure.label, Math.max(9, Math.min(figure.label.length + 2, 24))),
      ...(hasClock(figure.unit) ? [column(`${figure.label.replace(/ \(s\)$/, '')} (h:mm:ss)`, 12)] : []),
    ]),
    ...currencies.map((currency) => column(`Cost (${currencyName(currency)})`, 12)),
  ];
}

function figureCells(figures: Readonly<Record<string, Figure<string>>>, bucket: Bucket, currencies: readonly string[]): SummaryCell[] {
  return [
    ...Object.entries(figures).flatMap(([name, figure]) => {
      const value = bucket[name];
      const number = typeof value === 'number' ? value : null;
      return [cellOf(number, FORMAT_OF[figure.unit]), ...(hasClock(figure.unit) ? [asTime(number)] : [])];
    }),
    ...currencies.map((currency) => cellOf(amountIn(bucket.cost, currency), 'money')),
  ];
}

function totalsTable(set: SomeFigureSet, result: Figures<SomeFigureSet>): SummaryTable {
  const totals = result.totals as unknown as Bucket;
  const figures: Readonly<Record<string, Figure<string>>> = set.totals;
  return {
    title: 'Totals',
    columns: [column('Figure', 26), column('Value', 14), column('h:mm:ss', 11)],
    rows: [
      ...Object.entries(figures).map(([name, figure]) => {
        const value = totals[name];
        const number = typeof value === 'number' ? value : null;
        return [text(figure.label), cellOf(number, FORMAT_OF[figure.unit]), hasClock(figure.unit) ? asTime(number) : text(null)];
      }),
      ...totals.cost.map((money) => [text(`Cost (${currencyName(money.currency)})`), cellOf(money.amount, 'money'), text(null)]),
    ],
  };
}

export function figuresSheet(set: SomeFigureSet, result: Figures<SomeFigureSet>, heading: { title: string; lines: readonly string[] }): SummarySheet {
  const buckets: Readonly<Record<string, Figure<string>>> = set.buckets;
  const currencies = currenciesOf([result.totals.cost]);
  const rowsOf = (first: (bucket: Bucket) => SummaryCell[], list: readonly Bucket[]) => list.map((bucket) => [...first(bucket), ...figureCells(buckets, bucket, currencies)]);
  const tables: SummaryTable[] = [totalsTable(set, result)];
  if (set.byHour) {
    tables.push({
      title: 'By hour of day',
      columns: [column('Hour', 12), ...figureColumns(buckets, currencies)],
      rows: rowsOf((bucket) => [text(bucket.label)], result.byHour as unknown as Bucket[]),
    });
  }
  tables.push({
    title: 'By day',
    columns: [column('Day', 12), ...figureColumns(buckets, currencies)],
    rows: rowsOf((bucket) => [day(bucket.key)], result.byDay as unknown as Bucket[]),
  });
  const breakdowns: readonly Breakdown[] = set.breakdowns;
  for (const breakdown of breakdowns) {
    const ranked = result.breakdowns[breakdown.name];
    if (!ranked) continue;
    const withMeaning = breakdown.label !== undefined;
    tables.push({
      title: breakdown.title,
      columns: [column(breakdown.header, 18), ...(withMeaning ? [column('Meaning', 30)] : []), ...figureColumns(buckets, currencies)],
      rows: rowsOf((bucket) => {
        const value = bucket.key === '' ? null : bucket.key;
        const first = breakdown.numeric ? cellOf(value === null ? null : Number(value), 'count') : text(withMeaning ? value : labelOf(breakdown, value));
        return withMeaning ? [first, text(bucket.label)] : [first];
      }, ranked.buckets as unknown as Bucket[]),
      ...(ranked.seen > ranked.buckets.length
        ? { note: `The top ${ranked.buckets.length} of ${ranked.seen.toLocaleString('en')} values by calls.` }
        : {}),
    });
  }
  return {
    title: heading.title,
    lines: [...heading.lines, ...Object.values(set.totals).filter((figure) => figure.unit !== 'count').map((figure) => `${figure.label}: ${figure.help}`)],
    tables,
  };
}
