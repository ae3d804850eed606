/**
 * How a figure moved from the comparison period's value, written once for the Overview's
 * tiles and its workbook: '+12.3%' for counts, times and money, '+2.1 pt' for ratios.
 */
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
  if (unit === 'percent') return { text: `${sign}${Math.abs((value - before) * 100).toFixed(1)} pt`, direction };
  if (before === 0) return value === 0 ? { text: '±0%', direction } : { text: 'new', direction };
  return { text: `${sign}${Math.abs(((value - before) / before) * 100).toFixed(1)}%`, direction };
}
