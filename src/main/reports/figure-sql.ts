/**
 * The Overview's counting: a figure set's measures turned into grouped SQL over the
 * archive, filling the same tally book the Summary sheet fills row by row
 * (shared/reports/count-records.ts). Each pass reads the window's rows once: it groups
 * them by a few columns into a small table of plain sums (filtered aggregates cost most
 * per row), then rolls that up into each breakdown (GROUPING SETS), always per currency
 * so money stays apart. Quarter hours are folded into local hours and days by the calendar.
 */
import type { ArchiveStore } from '../archive/archive-store';
import { QUARTER_HOUR_MS, type Window, type ZoneCalendar } from '../../shared/calendar';
import type { Breakdown, Figure, Measure, SomeFigureSet } from '../../shared/reports/figures';
import type { Via } from '../../shared/reports/via';
import { TallyBook } from '../../shared/reports/fold';
import { blankAsNull, joinSql, sql, type SqlQuery } from '../archive/sql-query';
import { VIA_KEY, VIA_VALUE, viaOnSql, viaPairsSql, viaTables } from '../archive/via-sql';
import { numberOf, tableSql, textOf, type TableSql } from './sql';

/** The pseudo-breakdown of quarter hours: hours, days and the totals come from it. */
export const QUARTERS = 'quarter';

/**
 * Breakdowns read together in one pass, by figure set; a breakdown not named here gets a
 * pass of its own. A performance choice only: any grouping gives the same sums.
 */
const PASSES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  voiceRecords: [[QUARTERS], ['byStatus', 'displayNumbers', 'regions', 'keysPressed']],
  numberRecords: [[QUARTERS, 'byNumber', 'byCountry', 'byType']],
};

export const CURRENCY_SQL = (column: SqlQuery): SqlQuery => sql`coalesce(nullif(${column}, ''), 'USD')`;

function passesOf(set: SomeFigureSet): string[][] {
  // A set may carry fewer breakdowns than its list's (the Live board reads only the statuses): only those are counted.
  const declared = new Set([QUARTERS, ...set.breakdowns.map((breakdown) => breakdown.name)]);
  const passes = (PASSES[set.operation] ?? [[QUARTERS]]).map((pass) => pass.filter((name) => declared.has(name))).filter((pass) => pass.length > 0);
  const planned = new Set(passes.flat());
  for (const breakdown of set.breakdowns) if (!planned.has(breakdown.name)) passes.push([breakdown.name]);
  // A via's join may give a record several values: its pass must group by nothing else.
  for (const pass of passes) if (pass.length > 1 && pass.some((name) => viaOf(set, name))) throw new Error('A breakdown through a via takes a pass of its own.');
  return passes;
}

function viaOf(set: SomeFigureSet, name: string): Via | undefined {
  const breakdowns: readonly Breakdown[] = set.breakdowns;
  return breakdowns.find((breakdown) => breakdown.name === name)?.via;
}

/** The tally book of a figure set over a window `[fromMs, toMs)` of the archive. */
export async function countInArchive<S extends SomeFigureSet>(store: ArchiveStore, set: S, window: Window, calendar: ZoneCalendar): Promise<TallyBook<S>> {
  const book = new TallyBook(set, true);
  const table = tableSql(set.operation);
  // Without cost by time, the quarter hours' pass leaves money out and the totals' money is
  // that of a breakdown's values added up (every row has exactly one value of each).
  let moneyOfTotals: string | null = null;
  for (const pass of passesOf(set)) {
    const via = pass.length === 1 ? viaOf(set, pass[0]) : undefined;
    // A via's rows may count a record twice (two leaders): the totals' money is never theirs.
    if (!set.costByTime && !pass.includes(QUARTERS) && !via) moneyOfTotals ??= pass[0];
    const rows = await store.read([table.layout, ...(via ? viaTables(via) : [])], passSql(set, table, pass, window));
    for (const row of rows) {
      const dimension = pass[numberOf(row[0])];
      const currency = String(row[1 + pass.length]);
      const sums = Object.keys(set.measures).map((_, index) => numberOf(row[2 + pass.length + index]));
      const moneyCell = row[2 + pass.length + sums.length];
      const amount = moneyCell === null || moneyCell === undefined ? null : numberOf(moneyCell);
      if (dimension === moneyOfTotals) book.total.add(new Array<number>(sums.length).fill(0), currency, amount);
      if (dimension === QUARTERS) {
        const start = numberOf(row[1]) * QUARTER_HOUR_MS;
        book.total.add(sums, currency, set.costByTime ? amount : null);
        book.hours[calendar.hourOf(start)].add(sums, currency, amount);
        book.day(calendar.dayOf(start)).add(sums, currency, amount);
      } else {
        const value = row[1 + pass.indexOf(dimension)];
        book.value(dimension, value === null || value === undefined ? null : String(typeof value === 'bigint' ? Number(value) : textOf(value))).add(sums, currency, amount);
      }
    }
  }
  return book;
}

/** Names for a pass's columns: d_0, w_1, s_2... (made of code-chosen prefixes and counters only). */
function named(prefix: 'd_' | 'w_' | 's_', index: number): SqlQuery {
  const names = { d_: sql`d_`, w_: sql`w_`, s_: sql`s_` } as const;
  return sql`${names[prefix]}${index}`;
}

/**
 * The measures a set's bucket figures read: breakdown passes count only these (the others
 * stay 0, which no bucket figure reads). Found by reading each figure's formula once.
 */
function measuresOfBuckets(set: SomeFigureSet): Set<string> {
  const read = new Set<string>();
  const sums = new Proxy({} as Record<string, number>, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return 1;
    },
  });
  for (const figure of Object.values(set.buckets) as Figure<string>[]) figure.value(sums);
  return read;
}

/** One pass: `dimension index, d_0..d_n, currency, measure sums..., money`. */
function passSql(set: SomeFigureSet, table: TableSql, pass: readonly string[], window: Window): SqlQuery {
  const breakdowns: readonly Breakdown[] = set.breakdowns;
  // The quarter hours make the totals, so their pass counts every measure.
  const needed = pass.includes(QUARTERS) ? null : measuresOfBuckets(set);
  const measures = Object.entries(set.measures as Readonly<Record<string, Measure>>).map(([name, measure]) => ({ name, measure, counted: needed === null || needed.has(name) }));
  const counted = measures.filter(({ counted: yes }) => yes).map(({ measure }) => measure);
  const dimensionSql = pass.map((name) => {
    if (name === QUARTERS) return sql`_time // ${QUARTER_HOUR_MS}`;
    const breakdown = breakdowns.find((candidate) => candidate.name === name);
    if (!breakdown) throw new Error(`No breakdown "${name}" in the ${set.operation} figures.`);
    if (breakdown.via) return sql`_via.${VIA_VALUE}`;
    const column = table.column(breakdown.field);
    // Blank text is no value: the missing row, as a drill-down's null finds it.
    return breakdown.numeric ? column : blankAsNull(column);
  });
  // A breakdown through a via groups by the value its pairs give each record (none: the missing row).
  const via = pass.length === 1 ? viaOf(set, pass[0]) : undefined;
  const from = via
    ? sql`${table.name} LEFT JOIN (${viaPairsSql(via)}) AS _via ON _via.${VIA_KEY} = ${viaOnSql(table.layout, via)}`
    : table.name;
  // Each distinct condition is one boolean column of the small table: cheap to group by.
  // Without cost by time the quarter hours' pass leaves currency out; breakdowns always carry it.
  const withMoney = set.costByTime || pass.some((name) => name !== QUARTERS);
  if (!withMoney && pass.length > 1) throw new Error('Without cost by time, the quarter hours take a pass of their own.');
  // A condition on a field this pass groups by filters that column; any other is a boolean column.
  const dimensionOf = (field: string): number =>
    pass.findIndex((name) => {
      const breakdown = breakdowns.find((b) => b.name === name);
      return breakdown !== undefined && !breakdown.via && breakdown.field === field;
    });
  const conditions = [
    ...new Map(counted.flatMap((m) => (m.where && dimensionOf(m.where.field) < 0 ? [[`${m.where.field}=${m.where.equals}`, m.where] as const] : []))).entries(),
  ];
  const conditionIndex = (where: NonNullable<Measure['where']>): number => conditions.findIndex(([key]) => key === `${where.field}=${where.equals}`);
  const summed = [...new Set(counted.flatMap((m) => (m.field === null ? [] : [m.field])))];
  const inner = [
    ...dimensionSql.map((column, index) => sql`${column} AS ${named('d_', index)}`),
    ...conditions.map(([, where], index) => sql`coalesce(${table.column(where.field)} = ${where.equals}, false) AS ${named('w_', index)}`),
    withMoney ? sql`${CURRENCY_SQL(table.column(set.money.currencyField))} AS currency` : sql`'' AS currency`,
    sql`count(*) AS n`,
    ...summed.map((field, index) => sql`sum(${table.numeric(field)}) AS ${named('s_', index)}`),
    withMoney ? sql`sum(${table.numeric(set.money.field)}) AS money` : sql`NULL AS money`,
  ];
  const outerMeasures = measures.map(({ measure, counted: yes }) => {
    if (!yes) return sql`0`;
    const of = measure.field === null ? sql`n` : named('s_', summed.indexOf(measure.field));
    const where = measure.where;
    const on = where ? dimensionOf(where.field) : -1;
    const filter = !where ? sql`` : on >= 0 ? sql` FILTER (WHERE ${named('d_', on)} = ${where.equals})` : sql` FILTER (WHERE ${named('w_', conditionIndex(where))})`;
    return sql`coalesce(sum(${of})${filter}, 0)`;
  });
  const dimensions = pass.map((_, index) => named('d_', index));
  const which = joinSql(
    dimensions.map((dimension, index) => sql`WHEN grouping(${dimension}) = 0 THEN ${index}`),
    sql` `,
  );
  const sets = joinSql(dimensions.map((dimension) => sql`(${dimension}, currency)`));
  return sql`WITH g AS (
      SELECT ${joinSql(inner)} FROM ${from}
      WHERE _time >= ${window.fromMs} AND _time < ${window.toMs} GROUP BY ALL)
    SELECT CASE ${which} END, ${joinSql(dimensions)}, currency, ${joinSql(outerMeasures)}, sum(money)
    FROM g GROUP BY GROUPING SETS (${sets})`;
}

