/**
 * Folded figures laid out as the Summary sheet's tables, each column from a figure's
 * declaration (label and unit): totals, then hours of the day, days and every breakdown,
 * with cost per currency beside each row of a block that carries cost (`hasCost`: the
 * breakdowns always, hours and days only when the set counts cost by time), as the
 * Overview's tables show it.
 */
import { hasCost, type Breakdown, type Figure, type FigureUnit, type SomeFigureSet } from '../../../shared/reports/figures';
import { labelOf, type Figures } from '../../../shared/reports/fold';
import type { MoneyTotal } from '../../../shared/reports/overview';
import type { SummaryCell, SummaryColumn, SummaryFormat, SummarySheet, SummaryTable } from '../summary-sheet';
import { amountIn, asTime, cellOf, column, currenciesOf, day, said, text } from './tables';
import { costIn } from '../../../shared/reports/money';
import { formatNumber, m } from '../../../shared/i18n';
import { textWidth } from '../cells';

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
    ...Object.values(figures).flatMap((figure) => {
      const label = said(figure.label);
      return [
        column(label, Math.max(9, Math.min(textWidth(label) + 2, 24))),
        ...(hasClock(figure.unit) ? [column(m.export_summary_clock({ name: said(figure.short) }), 12)] : []),
      ];
    }),
    ...currencies.map((currency) => column(costIn(currency), 12)),
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
    title: m.export_summary_totals(),
    columns: [column(m.export_summary_figure(), 26), column(m.export_about_value(), 14), column(m.export_summary_clock_header(), 11)],
    rows: [
      ...Object.entries(figures).map(([name, figure]) => {
        const value = totals[name];
        const number = typeof value === 'number' ? value : null;
        return [text(said(figure.label)), cellOf(number, FORMAT_OF[figure.unit]), hasClock(figure.unit) ? asTime(number) : text(null)];
      }),
      ...totals.cost.map((money) => [text(costIn(money.currency)), cellOf(money.amount, 'money'), text(null)]),
    ],
  };
}

export function figuresSheet(set: SomeFigureSet, result: Figures<SomeFigureSet>, heading: { title: string; lines: readonly string[] }): SummarySheet {
  const buckets: Readonly<Record<string, Figure<string>>> = set.buckets;
  const currencies = currenciesOf([result.totals.cost]);
  // Hours and days without cost of their own get no cost column: a cost never counted is not 0.
  const timeCurrencies = hasCost(set, 'time') ? currencies : [];
  const rowsOf = (first: (bucket: Bucket) => SummaryCell[], list: readonly Bucket[], costs: readonly string[] = currencies) =>
    list.map((bucket) => [...first(bucket), ...figureCells(buckets, bucket, costs)]);
  const tables: SummaryTable[] = [totalsTable(set, result)];
  if (set.byHour) {
    tables.push({
      title: m.export_summary_by_hour(),
      columns: [column(m.export_summary_hour(), 12), ...figureColumns(buckets, timeCurrencies)],
      rows: rowsOf((bucket) => [text(bucket.label)], result.byHour as unknown as Bucket[], timeCurrencies),
    });
  }
  tables.push({
    title: m.export_summary_by_day(),
    columns: [column(m.export_summary_day(), 12), ...figureColumns(buckets, timeCurrencies)],
    rows: rowsOf((bucket) => [day(bucket.key)], result.byDay as unknown as Bucket[], timeCurrencies),
  });
  const breakdowns: readonly Breakdown[] = set.breakdowns;
  for (const breakdown of breakdowns) {
    const ranked = result.breakdowns[breakdown.name];
    if (!ranked) continue;
    const withMeaning = breakdown.label !== undefined;
    tables.push({
      title: said(breakdown.title),
      columns: [column(said(breakdown.header), 18), ...(withMeaning ? [column(m.export_summary_meaning(), 30)] : []), ...figureColumns(buckets, currencies)],
      rows: rowsOf((bucket) => {
        const value = bucket.key === '' ? null : bucket.key;
        const first = breakdown.numeric ? cellOf(value === null ? null : Number(value), 'count') : text(withMeaning ? value : labelOf(breakdown, value));
        return withMeaning ? [first, text(bucket.label)] : [first];
      }, ranked.buckets as unknown as Bucket[]),
      ...noteOf([
        ranked.seen > ranked.buckets.length ? m.export_summary_top({ shown: formatNumber(ranked.buckets.length), seen: formatNumber(ranked.seen) }) : null,
        breakdown.note ? said(breakdown.note) : null,
      ]),
    });
  }
  return {
    title: heading.title,
    lines: [
      ...heading.lines,
      // Each help names its figure and says what it is: the note is that sentence, said once.
      ...Object.values(set.totals)
        .filter((figure) => figure.unit !== 'count')
        .map((figure) => said(figure.help)),
    ],
    tables,
  };
}

/** A table's note: its parts that apply, one after another. */
function noteOf(parts: readonly (string | null)[]): { note?: string } {
  const present = parts.filter((part): part is string => part !== null);
  return present.length > 0 ? { note: present.join(' ') } : {};
}
