import type { MoneyTotal } from '../../../shared/reports/overview';

/** Amounts summed per currency, never across; currencies in alphabetical order. */
export class MoneySums {
  private readonly sums = new Map<string, number>();

  add(currency: string | null, amount: number | null): void {
    if (amount === null || !Number.isFinite(amount)) return;
    const key = currency ?? '';
    this.sums.set(key, (this.sums.get(key) ?? 0) + amount);
  }

  totals(): MoneyTotal[] {
    return [...this.sums.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([currency, amount]) => ({ currency, amount }));
  }
}
