/** Small helpers for building Summary tables: typed cells and the figures' shared columns. */
import { excelDate } from '../cells';
import type { SummaryCell, SummaryColumn, SummaryFormat } from '../summary-sheet';
import type { MoneyTotal } from '../../../shared/reports/overview';

const DAY_SECONDS = 86_400;

export const cellOf = (value: string | number | null, format: SummaryFormat): SummaryCell => ({ value, format });
export const text = (value: string | null): SummaryCell => cellOf(value, 'text');
export const count = (value: number): SummaryCell => cellOf(value, 'count');
/** Seconds as Excel time (a fraction of a day) shown [h]:mm:ss. */
export const asTime = (seconds: number | null): SummaryCell => cellOf(seconds === null ? null : seconds / DAY_SECONDS, 'duration');
/** 'YYYY-MM-DD' as an Excel date. */
export const day = (key: string): SummaryCell => cellOf(excelDate(key) ?? key, 'date');

export const column = (header: string, width = 12): SummaryColumn => ({ header, width });

/** A declaration's text, kept as words or as a message function (read now, in the current language). */
export const said = (words: string | (() => string)): string => (typeof words === 'function' ? words() : words);

/** Every currency any of these sums names, in order. */
export function currenciesOf(sums: readonly (readonly MoneyTotal[])[]): string[] {
  const seen = new Set<string>();
  for (const totals of sums) for (const total of totals) seen.add(total.currency);
  return [...seen].sort();
}

/**
 * The amount in one currency of a sum that was counted (0 when none of its rows had cost in
 * it). Only for sums that were counted: a block whose buckets carry no cost (`hasCost`) has
 * no cost column to ask for.
 */
export function amountIn(totals: readonly MoneyTotal[], currency: string): number {
  return totals.find((total) => total.currency === currency)?.amount ?? 0;
}

/** The last whole second a window takes in: the calendar's (one rule for the screens and the files). */
export { lastSecondIn } from '../../../shared/calendar';
