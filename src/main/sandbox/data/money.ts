import type { Random } from '../prng';

/** Amounts are carried as integers of 10^-decimals units and printed as decimal text. */
export function decimalText(units: number, decimals: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(Math.round(units))).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

export const BILL_PERIODS: readonly string[] = ['20+20', '60+60', '6+6', '1+1', '30+6'];

/** Billed seconds under a period "first+next": the first block, then whole next blocks. */
export function chargedSeconds(durationSeconds: number, billPeriod: string): number {
  if (durationSeconds <= 0) return 0;
  const [first, next] = billPeriod.split('+').map(Number);
  if (durationSeconds <= first) return first;
  return first + Math.ceil((durationSeconds - first) / next) * next;
}

export interface Pricing {
  /** Rate per minute in the quote currency, 10^-4 units. */
  rateUnits: number;
  currency: 'USD' | 'EUR';
  /** Quote-currency units per US dollar, 10^-4 units. */
  exchangeUnits: number;
}

export function pickPricing(random: Random): Pricing {
  const currency = random.chance(0.25) ? 'EUR' : 'USD';
  return {
    rateUnits: random.int(45, 900),
    currency,
    exchangeUnits: currency === 'EUR' ? random.int(9050, 9450) : 10000,
  };
}

export interface Charges {
  rate: string;
  cost: string;
  baseCost: string;
  /** The four fields that have a value only when the quote currency is not USD. */
  settleRate: string | null;
  quoteExchange: string | null;
  currency: string | null;
  settlePay: string | null;
}

export function charges(pricing: Pricing, billedSeconds: number): Charges {
  const costMicros = Math.round((pricing.rateUnits * 100 * billedSeconds) / 60);
  const baseCostMicros = Math.round((costMicros * 10000) / pricing.exchangeUnits);
  const foreign = pricing.currency !== 'USD';
  return {
    rate: decimalText(pricing.rateUnits, 4),
    cost: decimalText(costMicros, 6),
    baseCost: decimalText(baseCostMicros, 6),
    settleRate: foreign ? decimalText(pricing.rateUnits, 4) : null,
    quoteExchange: foreign ? decimalText(pricing.exchangeUnits, 4) : null,
    currency: foreign ? pricing.currency : null,
    settlePay: foreign ? decimalText(costMicros, 6) : null,
  };
}
