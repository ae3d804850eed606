/**
 * The Overview as workbook sheets, laid out by the Summary sheet's own code (figures-sheet.ts)
 * from the figure declarations: a sheet of the voice figures and one of the number figures
 * (totals, hours, days and every breakdown), each with the comparison's values and changes
 * when the Overview was compared (the change written as the tiles write it), the comparison
 * period's own figures on sheets of their own, and the seats, peak concurrent calls and MMS
 * sends. The figures are the Overview's: nothing is counted here.
 */
import { calendarOf } from '../../../shared/calendar';
import { deltaOf, moneyChanges } from '../../../shared/reports/compare';
import { NUMBER_FIGURES, PEAK_CONCURRENT, VOICE_FIGURES, type Figure, type SomeFigureSet } from '../../../shared/reports/figures';
import type { Figures } from '../../../shared/reports/fold';
import { notRefreshedReason, type CountBucket, type MoneyTotal, type Overview } from '../../../shared/reports/overview';
import { shownZoneOf, type TimeZone } from '../../../shared/time-zone';
import type { NamedSummary, SummarySheet, SummaryTable } from '../summary-sheet';
import { figuresSheet, FORMAT_OF } from './figures-sheet';
import { cellOf, column, count, day, lastSecondIn, said, text } from './tables';
import { costIn } from '../../../shared/reports/money';
import { m } from '../../../shared/i18n';
import { withSeatGroupLabels } from '../../../shared/platform';
import { comparedCoverageTexts, coverageTexts } from '../../../shared/reports/overview-coverage';

const COMPARED_WITH = { previous: m.export_overview_compared_previous, 'last-week': m.export_overview_compared_last_week } as const;

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
  return {
    title: m.export_overview_compared(),
    columns: [
      column(m.export_summary_figure(), 26),
      column(m.export_overview_this_window(), 14),
      column(m.export_overview_compared_period(), 16),
      column(m.export_overview_change(), 10),
    ],
    rows: [
      ...Object.entries(figures).map(([name, figure]) => {
        const value = numberIn(mine, name);
        const before = numberIn(theirs, name);
        return [text(said(figure.label)), cellOf(value, FORMAT_OF[figure.unit]), cellOf(before, FORMAT_OF[figure.unit]), text(deltaOf(value, before, figure.unit)?.text ?? null)];
      }),
      // Cost per currency as the tiles set it beside the other period's (one rule, shared/reports/compare.ts).
      ...moneyChanges(mine.cost, theirs.cost).map(({ currency, amount, before, delta }) => [
        text(costIn(currency)),
        cellOf(amount, 'money'),
        cellOf(before, 'money'),
        text(delta?.text ?? null),
      ]),
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
    title: m.export_overview_others_title(),
    lines: [
      ...lines,
      seats.takenAt === null ? m.export_overview_seats_never() : m.export_overview_seats_taken({ at: calendar.minuteLabel(seats.takenAt) }),
      // The interval the Overview's peaks were read over, said as its chart says it (one declaration).
      PEAK_CONCURRENT.line(voice.concurrency.intervalMinutes),
    ],
    tables: [
      countTable(m.export_overview_seats_by_status(), m.export_overview_status(), seats.byStatus, m.export_overview_seats()),
      // Labelled in the language of the workbook, by the Overview's one rule (told apart when two groups share a name).
      countTable(m.export_overview_seats_by_group(), m.export_overview_seat_group(), withSeatGroupLabels(seats.byGroup), m.export_overview_seats()),
      {
        title: PEAK_CONCURRENT.label(),
        columns: [column(m.export_overview_interval_from(), 18), column(m.export_overview_peak_column(), 8)],
        rows: voice.concurrency.points.map((point) => [text(point.label), count(point.peak)]),
      },
      {
        title: m.export_overview_mms_by_day(),
        columns: [
          column(m.export_summary_day(), 12),
          column(m.export_overview_sends(), 8),
          column(m.export_overview_accepted(), 10),
          column(m.export_overview_refused(), 10),
          column(m.export_overview_unknown(), 10),
        ],
        rows: mms.byDay.map((row) => [day(row.key), count(row.sends), count(row.accepted), count(row.refused), count(row.unknown)]),
      },
    ],
  };
}

/** The sheets of an Overview's workbook, in tab order. */
export function overviewSheets(overview: Overview, profileName: string): NamedSummary[] {
  const zone = shownZoneOf(overview.timeZone);
  const calendar = calendarOf(zone);
  // Its end as the Overview screen says it: the minute of the last second taken in.
  const period = (fromMs: number, toMs: number): string =>
    m.export_overview_period({ from: calendar.minuteLabel(fromMs), to: calendar.minuteLabel(lastSecondIn({ fromMs, toMs })) });
  const compared = overview.compared;
  // What the screen says beside the figures: the window, the comparison, and what the archive holds of each.
  const lines = [
    m.export_overview_line({ profile: profileName, period: period(overview.fromMs, overview.toMs), zone: zone.name }),
    ...(compared ? [m.export_overview_compared_line({ with: COMPARED_WITH[compared.kind](), period: period(compared.fromMs, compared.toMs) })] : []),
    ...(overview.notRefreshed === null ? [] : [m.export_overview_not_refreshed({ why: notRefreshedReason(overview.notRefreshed) })]),
    ...coverageTexts(overview, zone),
    ...(compared ? comparedCoverageTexts(compared, zone) : []),
    m.export_summary_money(),
  ];
  const figureSheet = (title: string, set: SomeFigureSet, own: Figures<SomeFigureSet>, other: Figures<SomeFigureSet> | null): SummarySheet => {
    const sheet = figuresSheet(set, own, { title, lines });
    if (other === null) return sheet;
    const [totals, ...rest] = sheet.tables;
    return { ...sheet, tables: [totals, comparedTable(set, own, other), ...rest] };
  };
  const sheets: NamedSummary[] = [
    { name: m.export_overview_sheet_voice(), sheet: figureSheet(m.export_overview_title_voice(), VOICE_FIGURES, overview.voice, compared?.voice ?? null) },
    { name: m.export_overview_sheet_numbers(), sheet: figureSheet(m.export_overview_title_numbers(), NUMBER_FIGURES, overview.numbers, compared?.numbers ?? null) },
  ];
  if (compared) {
    const theirLines = [
      m.export_overview_their_line({ profile: profileName, period: period(compared.fromMs, compared.toMs), zone: zone.name }),
      ...comparedCoverageTexts(compared, zone),
      m.export_summary_money(),
    ];
    sheets.push(
      {
        name: m.export_overview_sheet_voice_compared(),
        sheet: figuresSheet(VOICE_FIGURES, compared.voice, { title: m.export_overview_title_voice_compared(), lines: theirLines }),
      },
      {
        name: m.export_overview_sheet_numbers_compared(),
        sheet: figuresSheet(NUMBER_FIGURES, compared.numbers, { title: m.export_overview_title_numbers_compared(), lines: theirLines }),
      },
    );
  }
  sheets.push({ name: m.export_overview_sheet_others(), sheet: othersSheet(overview, lines, zone) });
  return sheets;
}

/** How many table rows the sheets hold (the job's count of what it wrote). */
export function rowsOf(sheets: readonly NamedSummary[]): number {
  return sheets.reduce((sum, { sheet }) => sum + sheet.tables.reduce((rows, table) => rows + table.rows.length, 0), 0);
}
