import type { MoneyTotal } from '../../../shared/reports/overview';
import { epochMsToWallTime, formatWallTime, type TimeZone } from '../../../shared/time-zone';

/** How the Overview writes its figures (en: 1,234 · 45.6% · 1 h 02 min). */
export function countText(value: number): string {
  return value.toLocaleString('en');
}

export function percentText(ratio: number | null): string {
  return ratio === null ? '–' : `${(ratio * 100).toFixed(1)}%`;
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
  return minutes.toLocaleString('en', { maximumFractionDigits: 1 });
}

/** Money in each currency, never added across currencies. */
export function moneyText(totals: readonly MoneyTotal[]): string {
  if (totals.length === 0) return '–';
  return totals.map((total) => `${amountText(total.amount)} ${total.currency || '(no currency)'}`).join(' · ');
}

export function amountText(amount: number): string {
  return amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
}

export function dateTimeText(epochMs: number): string {
  return new Date(epochMs).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** An instant as wall time in the profile's zone, to the minute: "2026-11-22 00:00". */
export function zonedMinuteText(epochMs: number, zone: TimeZone): string {
  return formatWallTime(epochMsToWallTime(epochMs, zone)).slice(0, 16);
}
