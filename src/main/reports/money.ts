/** Sums of money kept apart per currency: an amount is never added to another currency's. */
import type { MoneyTotal } from '../../shared/reports/overview';

/**
 * The platform names a currency only when the quote currency is not USD (spec: `currency`
 * "has a value only when the quote currency is not USD"), so a record without one is USD.
 */
export const CURRENCY_SQL = (column: string): string => `coalesce(nullif(${column}, ''), 'USD')`;

export class MoneyByCurrency {
  private readonly sums = new Map<string, number>();

  add(currency: string, amount: number): void {
    this.sums.set(currency, (this.sums.get(currency) ?? 0) + amount);
  }

  /** Sorted by currency code. */
  totals(): MoneyTotal[] {
    return [...this.sums.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => ({ currency, amount: roundMicro(amount) }));
  }
}

/** Sums of decimal amounts in floating point: rounded to the platform's 6 decimals so 0.1 + 0.2 reads 0.3. */
export function roundMicro(amount: number): number {
  return Math.round(amount * 1e6) / 1e6;
}
