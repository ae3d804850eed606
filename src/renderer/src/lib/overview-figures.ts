/** The Overview's tiles, one per declared total figure (shared/reports/figures), and cost per currency. */
import type { Figure as FigureDeclaration, FigureUnit, SomeFigureSet } from '../../../shared/reports/figures';
import { NUMBER_FIGURES, VOICE_FIGURES } from '../../../shared/reports/figures';
import type { MoneyTotal, NumberOverview, VoiceTotals } from '../../../shared/reports/overview';
import { amountText, countText, durationText, minutesText, moneyText, percentText } from './figures';

export interface Figure {
  /** data-testid="figure-{id}" */
  id: string;
  label: string;
  value: string;
  hint?: string;
}

/** A figure's value as the Overview writes it. */
export function unitText(value: number | null, unit: FigureUnit): string {
  if (value === null) return '–';
  switch (unit) {
    case 'count':
      return countText(value);
    case 'percent':
      return percentText(value);
    case 'seconds':
    case 'seconds-tenths':
      return durationText(value);
    case 'minutes':
      return minutesText(value);
    case 'money':
      return amountText(value);
  }
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function tiles(set: SomeFigureSet, totals: Record<string, unknown> & { cost: MoneyTotal[] }, prefix: string, costPerCurrency: boolean): Figure[] {
  const declared: Readonly<Record<string, FigureDeclaration<string>>> = set.totals;
  const figures = Object.entries(declared).map(([name, figure]): Figure => {
    const value = totals[name];
    return { id: `${prefix}${kebab(name)}`, label: figure.short, value: unitText(typeof value === 'number' ? value : null, figure.unit), hint: figure.help };
  });
  if (!costPerCurrency) return [...figures, { id: `${prefix}cost`, label: 'Cost', value: moneyText(totals.cost) }];
  return [
    ...figures,
    ...(totals.cost.length === 0
      ? [{ id: `${prefix}cost`, label: 'Cost', value: '–' }]
      : totals.cost.map((money) => ({ id: `${prefix}cost-${money.currency || 'none'}`, label: `Cost (${money.currency || 'no currency'})`, value: amountText(money.amount) }))),
  ];
}

export function voiceFigures(totals: VoiceTotals): Figure[] {
  return tiles(VOICE_FIGURES, totals, '', true);
}

export function numberFigures(numbers: NumberOverview): Figure[] {
  return tiles(NUMBER_FIGURES, numbers.totals, 'number-', false);
}
