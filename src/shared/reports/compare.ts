/**
 * How a figure moved from the comparison period's value, written once for the Overview's
 * tiles and its workbook: '+12.3%' for counts, times and money, '+2.1 pt' for ratios.
 */
import { formatNumber, m } from '../i18n';
import type { FigureUnit } from './figures';
import type { MoneyTotal } from './overview';

export interface FigureDelta {
  text: string;
  direction: 'up' | 'down' | 'same';
}

/** The change from `before` to `value`; undefined when either has none. */
export function deltaOf(value: number | null, before: number | null, unit: FigureUnit): FigureDelta | undefined {
  if (value === null || before === null) return undefined;
  const direction = value > before ? 'up' : value < before ? 'down' : 'same';
  const sign = value > before ? '+' : value < before ? '−' : '±';
  const tenths = (amount: number): string => formatNumber(Math.abs(amount), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (unit === 'percent') return { text: m.overview_delta_points({ sign, value: tenths((value - before) * 100) }), direction };
  if (before === 0) return value === 0 ? { text: m.overview_delta_percent({ sign: '±', value: formatNumber(0) }), direction } : { text: m.overview_delta_new(), direction };
  return { text: m.overview_delta_percent({ sign, value: tenths(((value - before) / before) * 100) }), direction };
}

/** One currency's cost beside the comparison period's, and how it moved. */
export interface MoneyChange {
  currency: string;
  amount: number;
  /** The comparison period's amount (0 when it had none in this currency); null when nothing is compared. */
  before: number | null;
  delta?: FigureDelta;
}

/**
 * Cost per currency set beside the comparison period's, written once for the Overview's tiles
 * and its workbook: every currency either period names, in order (a currency only one of them
 * has counts 0 in the other, so a cost that fell to nothing shows as −100.0%, a new one as new).
 * Without a comparison, the window's own currencies.
 */
export function moneyChanges(own: readonly MoneyTotal[], before: readonly MoneyTotal[] | null): MoneyChange[] {
  const amountIn = (totals: readonly MoneyTotal[], currency: string): number => totals.find((total) => total.currency === currency)?.amount ?? 0;
  const currencies = [...new Set([...own, ...(before ?? [])].map((total) => total.currency))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return currencies.map((currency) => {
    const amount = amountIn(own, currency);
    if (before === null) return { currency, amount, before: null };
    const earlier = amountIn(before, currency);
    const delta = deltaOf(amount, earlier, 'money');
    return { currency, amount, before: earlier, ...(delta ? { delta } : {}) };
  });
}
