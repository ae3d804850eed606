/**
 * From counted sums to figures: the one place that turns a list's sums (counted by the
 * database for the Overview, or row by row for the Summary sheet) into totals, hours,
 * days and ranked breakdowns, with their labels, rounding, order and drill-downs.
 */
import { calendarOf, hourKey, hourLabel, type Window } from '../calendar';
import type { TimeZone } from '../time-zone';
import { roundMicro, type Breakdown, type Figure, type SomeFigureSet } from './figures';
import type { DrillDown, MoneyTotal } from './overview';

/** The sums of one group of rows: one per measure (in declaration order), and money per currency. */
export class Tally {
  readonly sums: number[];
  readonly money = new Map<string, number>();

  constructor(measureCount: number) {
    this.sums = new Array<number>(measureCount).fill(0);
  }

  /** `amount` is null when none of the rows had one: the currency is then not listed. */
  add(sums: readonly number[], currency: string, amount: number | null): void {
    for (let i = 0; i < this.sums.length; i++) this.sums[i] += sums[i];
    if (amount !== null) this.money.set(currency, (this.money.get(currency) ?? 0) + amount);
  }

  cost(): MoneyTotal[] {
    return [...this.money.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, amount]) => ({ currency, amount: roundMicro(amount) }));
  }
}

/** Every group a list's rows are counted into. */
export class TallyBook<S extends SomeFigureSet = SomeFigureSet> {
  readonly measureNames: readonly string[];
  readonly total: Tally;
  readonly hours: Tally[];
  /** By local day (days since 1970-01-01 on the zone's wall clock). */
  readonly days = new Map<number, Tally>();
  /** By breakdown name (those counted), then by the field's value (null: missing). */
  readonly breakdowns = new Map<string, Map<string | null, Tally>>();

  /** `joins`: whether breakdowns found through other lists (a via) are counted too; only the archive can. */
  constructor(
    readonly set: S,
    joins = false,
  ) {
    this.measureNames = Object.keys(set.measures);
    this.total = this.tally();
    this.hours = Array.from({ length: 24 }, () => this.tally());
    const breakdowns: readonly Breakdown[] = set.breakdowns;
    for (const breakdown of breakdowns) if (joins || !breakdown.via) this.breakdowns.set(breakdown.name, new Map());
  }

  tally(): Tally {
    return new Tally(this.measureNames.length);
  }

  day(day: number): Tally {
    let tally = this.days.get(day);
    if (!tally) {
      tally = this.tally();
      this.days.set(day, tally);
    }
    return tally;
  }

  value(breakdown: string, value: string | null): Tally {
    const values = this.breakdowns.get(breakdown);
    if (!values) throw new Error(`No breakdown "${breakdown}" in the ${this.set.operation} figures.`);
    let tally = values.get(value);
    if (!tally) {
      tally = this.tally();
      values.set(value, tally);
    }
    return tally;
  }
}

type FigureValues<F> = { -readonly [K in keyof F]: F[K] extends Figure<string, infer V> ? V : never };

/** The totals of a figure set: every declared total, and cost per currency. */
export type TotalsOf<S extends SomeFigureSet> = FigureValues<S['totals']> & { cost: MoneyTotal[] };

/** One hour, day or breakdown row: every declared bucket figure, cost per currency, and where its rows are. */
export type BucketOf<S extends SomeFigureSet> = FigureValues<S['buckets']> & {
  /** '00'..'23' for hours, 'YYYY-MM-DD' for days, the value itself otherwise ('' = missing). */
  key: string;
  label: string;
  cost: MoneyTotal[];
  drill: DrillDown;
};

export interface RankedBuckets<S extends SomeFigureSet> {
  buckets: BucketOf<S>[];
  /** How many distinct values there were (the buckets keep the breakdown's limit of them). */
  seen: number;
}

/** A figure set's figures over a window: plain data, the same from the database or from streamed rows. */
export interface Figures<S extends SomeFigureSet> {
  totals: TotalsOf<S>;
  /** 24 buckets in the zone, empty hours included (none when the set has no hours). */
  byHour: BucketOf<S>[];
  /** Every local day of the window, empty days included. */
  byDay: BucketOf<S>[];
  breakdowns: Record<string, RankedBuckets<S>>;
}

function valuesOf(figures: Readonly<Record<string, Figure<string>>>, book: TallyBook, tally: Tally): Record<string, number | null> {
  const sums: Record<string, number> = {};
  book.measureNames.forEach((name, index) => (sums[name] = tally.sums[index]));
  const values: Record<string, number | null> = {};
  for (const [name, figure] of Object.entries(figures)) values[name] = figure.value(sums);
  return values;
}

/** The figures of a tally book over a window `[fromMs, toMs)` in a zone. */
export function foldFigures<S extends SomeFigureSet>(book: TallyBook<S>, window: Window, zone: TimeZone): Figures<S> {
  const set = book.set;
  const calendar = calendarOf(zone);
  const drill = (more: Partial<DrillDown> = {}): DrillDown => ({ operation: set.operation, fromMs: window.fromMs, toMs: window.toMs, ...more });
  const bucket = (key: string, label: string, tally: Tally, where: DrillDown): BucketOf<S> =>
    ({ key, label, ...valuesOf(set.buckets, book, tally), cost: tally.cost(), drill: where }) as BucketOf<S>;

  const windowDays = calendar.days(window);
  const listed = new Set(windowDays.map((day) => day.day));
  // Rows outside the window (an export's platform may send some) keep their own days.
  const strays = [...book.days.keys()].filter((day) => !listed.has(day)).sort((a, b) => a - b);
  const days = [
    ...windowDays,
    ...strays.map((day) => ({ day, key: calendar.dayKey(day), label: calendar.dayLabel(day), fromMs: calendar.dayStartMs(day), toMs: calendar.dayStartMs(day + 1) })),
  ].sort((a, b) => a.day - b.day);

  const breakdowns: Record<string, RankedBuckets<S>> = {};
  const declared: readonly Breakdown[] = set.breakdowns;
  for (const breakdown of declared) {
    // Not counted (a via the streamed rows cannot follow): not listed either.
    const values = book.breakdowns.get(breakdown.name);
    if (!values) continue;
    const where = (value: string | null): Partial<DrillDown> =>
      breakdown.via
        ? { via: { name: breakdown.via.name, value } }
        : { equals: [{ field: breakdown.field, value: breakdown.numeric && value !== null ? Number(value) : value }] };
    breakdowns[breakdown.name] = {
      seen: values.size,
      buckets: ranked(breakdown, values, book.measureNames.indexOf('calls')).map(([value, tally]) => bucket(value ?? '', labelOf(breakdown, value), tally, drill(where(value)))),
    };
  }

  return {
    totals: { ...valuesOf(set.totals, book, book.total), cost: book.total.cost() } as TotalsOf<S>,
    byHour: set.byHour ? book.hours.map((tally, hour) => bucket(hourKey(hour), hourLabel(hour), tally, drill({ hourOfDay: hour }))) : [],
    byDay: days.map((day) => bucket(day.key, day.label, book.days.get(day.day) ?? book.tally(), drill({ fromMs: day.fromMs, toMs: day.toMs }))),
    breakdowns,
  };
}

/** The label of a breakdown's value, in the language of the moment. */
export function labelOf(breakdown: Breakdown, value: string | null): string {
  if (value === null) return breakdown.missing();
  return breakdown.label ? breakdown.label(value) : value;
}

/** Most calls first (ties by value), or by number for numeric breakdowns; missing values last; at most the limit. */
function ranked(breakdown: Breakdown, values: ReadonlyMap<string | null, Tally>, calls: number): [string | null, Tally][] {
  const entries = [...values.entries()];
  const byValue = (a: string | null, b: string | null): number => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    if (breakdown.numeric) return Number(a) - Number(b);
    return a < b ? -1 : 1;
  };
  entries.sort(([a, tallyA], [b, tallyB]) => (breakdown.numeric ? byValue(a, b) : tallyB.sums[calls] - tallyA.sums[calls] || byValue(a, b)));
  return breakdown.limit === null ? entries : entries.slice(0, breakdown.limit);
}
