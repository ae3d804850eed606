/**
 * The number-record figures of a window: one pass grouped at once by quarter hour (folded
 * into days in the profile's zone), number, country and type, each with its currency so
 * money stays per currency.
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { DrillDown, NumberBucket, NumberOverview } from '../../shared/reports/overview';
import { QUARTER_HOUR_MS, type Calendar } from './calendar';
import { CURRENCY_SQL, MoneyByCurrency } from './money';
import { numberOf, tableSql, textOf, windowCondition } from './sql';

const GROUPS = ['quarter', 'number', 'country', 'type'] as const;
type Group = (typeof GROUPS)[number];
/** The record fields the groups are of (for drill-downs). */
const FIELDS: Readonly<Record<Exclude<Group, 'quarter'>, string>> = { number: 'number', country: 'country', type: 'type' };

class Tally {
  calls = 0;
  durationSeconds = 0;
  readonly cost = new MoneyByCurrency();
}

export async function numberOverview(store: ArchiveStore, calendar: Calendar): Promise<NumberOverview> {
  const records = tableSql('numberRecords');
  const window = windowCondition(calendar.window);
  const which = GROUPS.map((group) => `WHEN grouping(${group}) = 0 THEN '${group}'`).join(' ');
  const rows = await store.read(
    [records.layout],
    `WITH n AS (
       SELECT _time // ${QUARTER_HOUR_MS} AS quarter,
              nullif(${records.column('number')}, '') AS number,
              nullif(${records.column('country')}, '') AS country,
              nullif(${records.column('type')}, '') AS type,
              ${CURRENCY_SQL(records.column('currency'))} AS currency,
              ${records.column('callDuration')} AS duration,
              ${records.numeric('pay')} AS pay
       FROM ${records.name} WHERE ${window})
     SELECT CASE ${which} END AS grouped, quarter, number, country, type, currency, count(*), sum(duration), sum(pay)
     FROM n GROUP BY GROUPING SETS (${GROUPS.map((group) => `(${group}, currency)`).join(', ')})`
  );

  const total = new Tally();
  const byDay = calendar.days.map(() => new Tally());
  const keyed: Record<Exclude<Group, 'quarter'>, Map<string | null, Tally>> = { number: new Map(), country: new Map(), type: new Map() };
  for (const row of rows) {
    const group = row[0] as Group;
    const currency = String(row[5]);
    const add = (tally: Tally): void => {
      tally.calls += numberOf(row[6]);
      tally.durationSeconds += numberOf(row[7]);
      tally.cost.add(currency, numberOf(row[8]));
    };
    if (group === 'quarter') {
      add(total);
      const { day } = calendar.placeQuarter(numberOf(row[1]) * QUARTER_HOUR_MS);
      if (day >= 0) add(byDay[day]);
      continue;
    }
    const value = textOf(row[GROUPS.indexOf(group) + 1]);
    const tallies = keyed[group];
    const tally = tallies.get(value) ?? new Tally();
    tallies.set(value, tally);
    add(tally);
  }

  const { fromMs, toMs } = calendar.window;
  const drillBy = (field: string, value: string | null): DrillDown => ({
    operation: 'numberRecords',
    fromMs,
    toMs: toMs - 1,
    equals: [{ field, value }],
  });
  const ranked = (group: Exclude<Group, 'quarter'>, missingLabel: string): NumberBucket[] =>
    [...keyed[group].entries()]
      .sort(([keyA, a], [keyB, b]) => b.calls - a.calls || (keyA ?? '').localeCompare(keyB ?? ''))
      .map(([value, tally]) => bucket(value ?? '', value ?? missingLabel, tally, drillBy(FIELDS[group], value)));
  return {
    totals: { calls: total.calls, durationSeconds: total.durationSeconds, cost: total.cost.totals() },
    byDay: calendar.days.map((day, index) =>
      bucket(day.key, day.label, byDay[index], { operation: 'numberRecords', fromMs: day.fromMs, toMs: day.toMs - 1 }),
    ),
    byNumber: ranked('number', 'no number'),
    byCountry: ranked('country', 'no country'),
    byType: ranked('type', 'no type'),
  };
}

function bucket(key: string, label: string, tally: Tally, drill: DrillDown): NumberBucket {
  return { key, label, calls: tally.calls, durationSeconds: tally.durationSeconds, cost: tally.cost.totals(), drill };
}
