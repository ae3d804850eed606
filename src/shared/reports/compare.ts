/**
 * How a figure moved from the comparison period's value, written once for the Overview's
 * tiles and its workbook: '+12.3%' for counts, times and money, '+2.1 pt' for ratios.
 */
import { formatNumber, m } from '../i18n';
import type { FigureUnit } from './figures';

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
