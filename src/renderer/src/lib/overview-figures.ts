import type { NumberOverview, VoiceTotals } from '../../../shared/reports/overview';
import { amountText, countText, durationText, minutesText, moneyText, percentText } from './figures';

export interface Figure {
  /** data-testid="figure-{id}" */
  id: string;
  label: string;
  value: string;
  hint?: string;
}

export function voiceFigures(totals: VoiceTotals): Figure[] {
  return [
    { id: 'calls', label: 'Calls', value: countText(totals.calls) },
    { id: 'connected', label: 'Connected', value: countText(totals.connected) },
    { id: 'asr', label: 'ASR', value: percentText(totals.asr), hint: 'Answer-seizure ratio: connected calls ÷ calls' },
    { id: 'voicemail', label: 'Voicemail', value: countText(totals.voicemail) },
    { id: 'talk-time', label: 'Talk time', value: durationText(totals.talkSeconds) },
    { id: 'acd', label: 'ACD', value: durationText(totals.acdSeconds), hint: 'Average call duration: talk time of connected calls ÷ connected calls' },
    { id: 'billed-minutes', label: 'Billed minutes', value: minutesText(totals.billedMinutes) },
    ...(totals.cost.length === 0
      ? [{ id: 'cost', label: 'Cost', value: '–' }]
      : totals.cost.map((money) => ({
          id: `cost-${money.currency || 'none'}`,
          label: `Cost (${money.currency || 'no currency'})`,
          value: amountText(money.amount),
        }))),
    { id: 'base-cost', label: 'Base cost (USD)', value: amountText(totals.baseCostUsd) },
  ];
}

export function numberFigures(numbers: NumberOverview): Figure[] {
  return [
    { id: 'number-calls', label: 'Calls', value: countText(numbers.totals.calls) },
    { id: 'number-duration', label: 'Duration', value: durationText(numbers.totals.durationSeconds) },
    { id: 'number-cost', label: 'Cost', value: moneyText(numbers.totals.cost) },
  ];
}
