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
import type { Breakdown, Measure, SomeFigureSet } from '../../shared/reports/figures';
import { TallyBook } from '../../shared/reports/fold';
import { joinSql, sql, type SqlQuery } from '../archive/sql-query';
import { numberOf, tableSql, textOf, type TableSql } from './sql';

/** The pseudo-breakdown of quarter hours: hours, days and the totals come from it. */
export const QUARTERS = 'quarter';

/**
 * Breakdowns read together in one pass, by figure set; a breakdown not named here gets a
 * pass of its own. A performance choice only: any grouping gives the same sums.
 */
const PASSES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  voiceRecords: [
    [QUARTERS, 'byStatus'],
    ['displayNumbers', 'regions', 'keysPressed'],
  ],
  numberRecords: [[QUARTERS, 'byNumber', 'byCountry', 'byType']],
};

export const CURRENCY_SQL = (column: SqlQuery): SqlQuery => sql`coalesce(nullif(${column}, ''), 'USD')`;

function passesOf(set: SomeFigureSet): string[][] {
  const passes = (PASSES[set.operation] ?? [[QUARTERS]]).map((pass) => [...pass]);
  const planned = new Set(passes.flat());
  for (const breakdown of set.breakdowns) if (!planned.has(breakdown.name)) passes.push([breakdown.name]);
  return passes;
}

/** The tally book of a figure set over a window `[fromMs, toMs)` of the archive. */
export async function countInArchive<S extends SomeFigureSet>(store: ArchiveStore, set: S, window: Window, calendar: ZoneCalendar): Promise<TallyBook<S>> {
  const book = new TallyBook(set);
  const table = tableSql(set.operation);
  for (const pass of passesOf(set)) {
    const rows = await store.read([table.layout], passSql(set, table, pass, window));
    for (const row of rows) {
      const dimension = pass[numberOf(row[0])];
      const currency = String(row[1 + pass.length]);
      const sums = Object.keys(set.measures).map((_, index) => numberOf(row[2 + pass.length + index]));
      const moneyCell = row[2 + pass.length + sums.length];
      const amount = moneyCell === null || moneyCell === undefined ? null : numberOf(moneyCell);
      if (dimension === QUARTERS) {
        const start = numberOf(row[1]) * QUARTER_HOUR_MS;
        book.total.add(sums, currency, amount);
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

/** One pass: `dimension index, d_0..d_n, currency, measure sums..., money`. */
function passSql(set: SomeFigureSet, table: TableSql, pass: readonly string[], window: Window): SqlQuery {
  const measures: readonly Measure[] = Object.values(set.measures);
  const breakdowns: readonly Breakdown[] = set.breakdowns;
  const dimensionSql = pass.map((name) => {
    if (name === QUARTERS) return sql`_time // ${QUARTER_HOUR_MS}`;
    const breakdown = breakdowns.find((candidate) => candidate.name === name);
    if (!breakdown) throw new Error(`No breakdown "${name}" in the ${set.operation} figures.`);
    const column = table.column(breakdown.field);
    return breakdown.numeric ? column : sql`nullif(${column}, '')`;
  });
  const whereFields = [...new Set(measures.flatMap((measure) => (measure.where ? [measure.where.field] : [])))];
  const summed = [...new Set(measures.flatMap((measure) => (measure.field === null ? [] : [measure.field])))];
  const inner = [
    ...dimensionSql.map((column, index) => sql`${column} AS ${named('d_', index)}`),
    ...whereFields.map((field, index) => sql`${table.column(field)} AS ${named('w_', index)}`),
    sql`${CURRENCY_SQL(table.column(set.money.currencyField))} AS currency`,
    sql`count(*) AS n`,
    ...summed.map((field, index) => sql`sum(${table.numeric(field)}) AS ${named('s_', index)}`),
    sql`sum(${table.numeric(set.money.field)}) AS money`,
  ];
  const outerMeasures = measures.map((measure) => {
    const of = measure.field === null ? sql`n` : named('s_', summed.indexOf(measure.field));
    const filter = measure.where ? sql` FILTER (WHERE ${named('w_', whereFields.indexOf(measure.where.field))} = ${measure.where.equals})` : sql``;
    return sql`coalesce(sum(${of})${filter}, 0)`;
  });
  const dimensions = pass.map((_, index) => named('d_', index));
  const which = joinSql(
    dimensions.map((dimension, index) => sql`WHEN grouping(${dimension}) = 0 THEN ${index}`),
    sql` `,
  );
  const sets = joinSql(dimensions.map((dimension) => sql`(${dimension}, currency)`));
  return sql`WITH g AS (
      SELECT ${joinSql(inner)} FROM ${table.name}
      WHERE _time >= ${window.fromMs} AND _time < ${window.toMs} GROUP BY ALL)
    SELECT CASE ${which} END, ${joinSql(dimensions)}, currency, ${joinSql(outerMeasures)}, sum(money)
    FROM g GROUP BY GROUPING SETS (${sets})`;
}
