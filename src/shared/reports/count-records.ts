/**
 * Counting records one at a time into a tally book, generated from the figure set's
 * declarations (the same ones the Overview's SQL is generated from): only sums are kept,
 * never the rows.
 */
import type { ZoneCalendar } from '../calendar';
import type { Breakdown, Measure, SomeFigureSet } from './figures';
import { TallyBook } from './fold';

/** A record's fields by name: the normalised record lists read generically. */
type Fields = Readonly<Record<string, unknown>>;

/** A numeric field's value: a number, or an amount's value; anything else counts 0. */
function numeric(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (value !== null && typeof value === 'object' && 'value' in value) {
    const amount = (value as { value: unknown }).value;
    return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  }
  return 0;
}

/** An amount's value, or null when the record has none. */
function amountOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'object' && 'value' in value) {
    const amount = (value as { value: unknown }).value;
    return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
  }
  return null;
}

/** The value a breakdown groups by: text as it is, numbers as text; empty and missing are null. */
export function groupValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function measureOf(measure: Measure): (record: Fields) => number {
  const { field, where } = measure;
  const value = field === null ? () => 1 : (record: Fields) => numeric(record[field]);
  if (!where) return value;
  return (record) => (record[where.field] === where.equals ? value(record) : 0);
}

export interface RecordCounter<S extends SomeFigureSet> {
  readonly book: TallyBook<S>;
  /** One record, with the instant it is bucketed by (its list's row time), or null when it has none. */
  add(record: object, timeMs: number | null): void;
}

export function recordCounter<S extends SomeFigureSet>(set: S, calendar: ZoneCalendar): RecordCounter<S> {
  const book = new TallyBook(set);
  const measures = Object.values(set.measures).map(measureOf);
  const { field: moneyField, currencyField } = set.money;
  const sums = new Array<number>(measures.length).fill(0);
  // A row streams alone: values found through other lists (a via) are the archive's to count.
  const breakdowns = (set.breakdowns as readonly Breakdown[]).filter((breakdown) => !breakdown.via);
  return {
    book,
    add(record, timeMs) {
      const fields = record as Fields;
      for (let i = 0; i < measures.length; i++) sums[i] = measures[i](fields);
      const currency = groupValue(fields[currencyField]) ?? 'USD';
      const amount = amountOf(fields[moneyField]);
      book.total.add(sums, currency, amount);
      for (const breakdown of breakdowns) book.value(breakdown.name, groupValue(fields[breakdown.field])).add(sums, currency, amount);
      if (timeMs === null) return;
      const timeAmount = set.costByTime ? amount : null;
      book.hours[calendar.hourOf(timeMs)].add(sums, currency, timeAmount);
      book.day(calendar.dayOf(timeMs)).add(sums, currency, timeAmount);
    },
  };
}
