import { formatNumber, m } from '../../../shared/i18n';
import type { MoneyTotal } from '../../../shared/reports/overview';

/** How the Overview writes its figures, in the language of the moment (en: 1,234 · 45.6% · 1 h 02 min). */
export function countText(value: number): string {
  return formatNumber(value);
}

export function percentText(ratio: number | null): string {
  return ratio === null ? '–' : formatNumber(ratio, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Seconds as m:ss under an hour, else h:mm:ss. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '–';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function minutesText(minutes: number): string {
  return formatNumber(minutes, { maximumFractionDigits: 1 });
}

/** Money in each currency, never added across currencies; each named by its code (shared/reports/money.ts). */
export function moneyText(totals: readonly MoneyTotal[]): string {
  if (totals.length === 0) return '–';
  return totals.map((total) => `${amountText(total.amount)} ${total.currency || m.overview_no_currency_parenthesised()}`).join(' · ');
}

/**
 * Decimals of every amount the figures show, on the Overview and the live board alike: fixed, so
 * amounts side by side ("6.0505" beside "1.7670") read alike; four, as the platform's rates go.
 */
const AMOUNT_DECIMALS = 4;

export function amountText(amount: number): string {
  return formatNumber(amount, { minimumFractionDigits: AMOUNT_DECIMALS, maximumFractionDigits: AMOUNT_DECIMALS });
}

/** A seat status's label: the platform's one rule (shared/platform.ts), shared with main's counts and the workbook. */
export { seatStatusText, withSeatGroupLabels } from '../../../shared/platform';

/** A Live board seat tile's title: "8001, North: Idle", or "8001: Idle" for a seat in no group. */
export function seatTitle(seat: { label: string; group: string }, status: string): string {
  return seat.group === '' ? m.overview_live_seat_title_no_group({ seat: seat.label, status }) : m.overview_live_seat_title({ seat: seat.label, group: seat.group, status });
}
