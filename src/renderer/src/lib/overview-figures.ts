/** The Overview's tiles, one per declared total figure (shared/reports/figures), and cost per currency. */
import { m } from '../../../shared/i18n';
import { deltaOf, moneyChanges, type FigureDelta } from '../../../shared/reports/compare';
import type { Figure as FigureDeclaration, FigureUnit, SomeFigureSet } from '../../../shared/reports/figures';
import { NUMBER_FIGURES, VOICE_FIGURES } from '../../../shared/reports/figures';
import type { MoneyTotal, NumberOverview, VoiceTotals } from '../../../shared/reports/overview';
import { costIn } from '../../../shared/reports/money';
import { amountText, countText, durationText, minutesText, percentText } from './figures';

export interface Figure {
  /** data-testid="figure-{id}" */
  id: string;
  label: string;
  value: string;
  hint?: string;
  /** Beside the comparison period: '+12.3%' (counts, times, money) or '+2.1 pt' (ratios), and its direction. */
  delta?: FigureDelta;
}

/** How a figure moved from the comparison period's value (the workbook writes the same). */
export { deltaOf };

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

type Totals = Record<string, unknown> & { cost: MoneyTotal[] };
const numberIn = (totals: Totals | null, name: string): number | null => {
  const value = totals?.[name];
  return typeof value === 'number' ? value : null;
};

function tiles(set: SomeFigureSet, totals: Totals, prefix: string, before: Totals | null): Figure[] {
  const declared: Readonly<Record<string, FigureDeclaration<string>>> = set.totals;
  const figures = Object.entries(declared).map(([name, figure]): Figure => {
    const value = numberIn(totals, name);
    const delta = before ? deltaOf(value, numberIn(before, name), figure.unit) : undefined;
    return { id: `${prefix}${kebab(name)}`, label: figure.short(), value: unitText(value, figure.unit), hint: figure.help(), ...(delta ? { delta } : {}) };
  });
  // Cost per currency, voice and number alike: every currency of either period, as the workbook's
  // comparison lists them (one that fell to nothing too), each with its change by the one rule.
  const costs = moneyChanges(totals.cost, before?.cost ?? null);
  return [
    ...figures,
    ...(costs.length === 0
      ? [{ id: `${prefix}cost`, label: m.overview_cost(), value: '–' }]
      : costs.map(({ currency, amount, delta }): Figure => ({ id: `${prefix}cost-${currency || 'none'}`, label: costIn(currency), value: amountText(amount), ...(delta ? { delta } : {}) }))),
  ];
}

export function voiceFigures(totals: VoiceTotals, before: VoiceTotals | null = null): Figure[] {
  return tiles(VOICE_FIGURES, totals, '', before);
}

export function numberFigures(numbers: NumberOverview, before: NumberOverview | null = null): Figure[] {
  return tiles(NUMBER_FIGURES, numbers.totals, 'number-', before?.totals ?? null);
}
