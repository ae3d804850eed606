/**
 * The Overview as workbook sheets, laid out by the Summary sheet's own code (figures-sheet.ts)
 * from the figure declarations: a sheet of the voice figures and one of the number figures
 * (totals, hours, days and every breakdown), each with the comparison's values and changes
 * when the Overview was compared (the change written as the tiles write it), the comparison
 * period's own figures on sheets of their own, and the seats, peak concurrent calls and MMS
 * sends. The figures are the Overview's: nothing is counted here.
 */
import { calendarOf } from '../../../shared/calendar';
import { deltaOf } from '../../../shared/reports/compare';
import { NUMBER_FIGURES, VOICE_FIGURES, type Figure, type SomeFigureSet } from '../../../shared/reports/figures';
import type { Figures } from '../../../shared/reports/fold';
import type { CountBucket, MoneyTotal, Overview } from '../../../shared/reports/overview';
import { parseTimeZone, type TimeZone } from '../../../shared/time-zone';
import type { NamedSummary, SummarySheet, SummaryTable } from '../summary-sheet';
import { figuresSheet, FORMAT_OF } from './figures-sheet';
import { amountIn, cellOf, column, count, currenciesOf, currencyName, day, text } from './tables';

const COMPARED_WITH = { previous: 'the previous period of the same length', 'last-week': 'the same days a week before' } as const;

type Totals = Record<string, unknown> & { cost: MoneyTotal[] };
const numberIn = (totals: Totals, name: string): number | null => {
  const value = totals[name];
  return typeof value === 'number' ? value : null;
};

/** This window's totals beside the comparison period's, with the change as the tiles show it. */
function comparedTable(set: SomeFigureSet, own: Figures<SomeFigureSet>, other: Figures<SomeFigureSet>): SummaryTable {
  const mine = own.totals as unknown as Totals;
  const theirs = other.totals as unknown as Totals;
  const figures: Readonly<Record<string, Figure<string>>> = set.totals;
  const currencies = currenciesOf([mine.cost, theirs.cost]);
  return {
    title: 'Compared',
    columns: [column('Figure', 26), column('This window', 14), column('Compared period', 16), column('Change', 10)],
    rows: [
      ...Object.entries(figures).map(([name, figure]) => {
        const value = numberIn(mine, name);
        const before = numberIn(theirs, name);
        return [text(figure.label), cellOf(value, FORMAT_OF[figure.unit]), cellOf(before, FORMAT_OF[figure.unit]), text(deltaOf(value, before, figure.unit)?.text ?? null)];
      }),
      ...currencies.map((currency) => {
        const value = amountIn(mine.cost, currency);
        const before = amountIn(theirs.cost, currency);
        return [text(`Cost (${currencyName(currency)})`), cellOf(value, 'money'), cellOf(before, 'money'), text(deltaOf(value, before, 'money')?.text ?? null)];
      }),
    ],
  };
}

function countTable(title: string, header: string, buckets: readonly CountBucket[], noun: string): SummaryTable {
  return { title, columns: [column(header, 22), column(noun, 10)], rows: buckets.map((bucket) => [text(bucket.label), count(bucket.count)]) };
}

function othersSheet(overview: Overview, lines: readonly string[], zone: TimeZone): SummarySheet {
  const calendar = calendarOf(zone);
  const { seats, voice, mms } = overview;
  return {
    title: 'Overview: seats, peak concurrent calls and MMS',
    lines: [
      ...lines,
      seats.takenAt === null ? 'The seat list was never synced.' : `Seats as the seat list was last taken, ${calendar.minuteLabel(seats.takenAt)}.`,
      `Peak concurrent calls: the busiest minute of every ${voice.concurrency.intervalMinutes}-minute interval.`,
    ],
    tables: [
      countTable('Seats by status', 'Status', seats.byStatus, 'Seats'),
      countTable('Seats by group', 'Seat group', seats.byGroup, 'Seats'),
      {
        title: 'Peak concurrent calls',
        columns: [column('Interval from', 18), column('Peak', 8)],
        rows: voice.concurrency.points.map((point) => [text(point.label), count(point.peak)]),
      },
      {
        title: 'MMS sends by day',
        columns: [column('Day', 12), column('Sends', 8), column('Accepted', 10), column('Refused', 10), column('Unknown', 10)],
        rows: mms.byDay.map((row) => [day(row.key), count(row.sends), count(row.accepted), count(row.refused), count(row.unknown)]),
      },
    ],
  };
}

/** The sheets of an Overview's workbook, in tab order. */
export function overviewSheets(overview: Overview, profileName: string): NamedSummary[] {
  const zone = parseTimeZone(overview.timeZone) ?? parseTimeZone('UTC');
  if (zone === null) throw new Error('UTC is always a zone.');
  const calendar = calendarOf(zone);
  const period = (fromMs: number, toMs: number): string => `from ${calendar.minuteLabel(fromMs)} up to ${calendar.minuteLabel(toMs)}`;
  const compared = overview.compared;
  const lines = [
    `${profileName}, ${period(overview.fromMs, overview.toMs)}. Hours and days are in ${zone.name}.`,
    ...(compared ? [`Compared with ${COMPARED_WITH[compared.kind]}, ${period(compared.fromMs, compared.toMs)}.`] : []),
    ...(overview.notRefreshed === null ? [] : [`Not refreshed: ${overview.notRefreshed}; the figures are the archive's as it was.`]),
    'Money is summed per currency, never across currencies.',
  ];
  const figureSheet = (title: string, set: SomeFigureSet, own: Figures<SomeFigureSet>, other: Figures<SomeFigureSet> | null): SummarySheet => {
    const sheet = figuresSheet(set, own, { title, lines });
    if (other === null) return sheet;
    const [totals, ...rest] = sheet.tables;
    return { ...sheet, tables: [totals, comparedTable(set, own, other), ...rest] };
  };
  const sheets: NamedSummary[] = [
    { name: 'Voice calls', sheet: figureSheet('Overview: voice calls', VOICE_FIGURES, overview.voice, compared?.voice ?? null) },
    { name: 'Number calls', sheet: figureSheet('Overview: number calls', NUMBER_FIGURES, overview.numbers, compared?.numbers ?? null) },
  ];
  if (compared) {
    const theirLines = [`${profileName}, the compared period: ${period(compared.fromMs, compared.toMs)}. Hours and days are in ${zone.name}.`, lines[lines.length - 1]];
    sheets.push(
      { name: 'Voice calls, compared', sheet: figuresSheet(VOICE_FIGURES, compared.voice, { title: 'Compared period: voice calls', lines: theirLines }) },
      { name: 'Number calls, compared', sheet: figuresSheet(NUMBER_FIGURES, compared.numbers, { title: 'Compared period: number calls', lines: theirLines }) },
    );
  }
  sheets.push({ name: 'Seats, peaks, MMS', sheet: othersSheet(overview, lines, zone) });
  return sheets;
}

/** How many table rows the sheets hold (the job's count of what it wrote). */
export function rowsOf(sheets: readonly NamedSummary[]): number {
  return sheets.reduce((sum, { sheet }) => sum + sheet.tables.reduce((rows, table) => rows + table.rows.length, 0), 0);
}
