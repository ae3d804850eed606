import type { Column } from '../../../shared/columns';
import { epochMsToWallTime, formatWallTime, type TimeZone } from '../../../shared/time-zone';

/** A cell as the table shows it: its text, and what sorting compares. */
export interface CellView {
  text: string;
  sort: string | number | null;
}

const EMPTY: CellView = { text: '', sort: null };

export function formatDuration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const whole = Math.abs(Math.round(seconds));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function formatInstant(epochMs: number, zone: TimeZone): string {
  return formatWallTime(epochMsToWallTime(epochMs, zone));
}

/** Renders one cell for display: times in the profile's zone, m:ss, money with its currency, labels beside codes. */
export function cellView<R>(column: Column<R>, row: R, zone: TimeZone): CellView {
  switch (column.kind) {
    case 'text':
    case 'id':
    case 'phone':
    case 'date': {
      const value = column.get(row);
      return value === null || value === '' ? EMPTY : { text: value, sort: value };
    }
    case 'integer':
    case 'number': {
      const value = column.get(row);
      return value === null ? EMPTY : { text: String(value), sort: value };
    }
    case 'duration': {
      const value = column.get(row);
      return value === null ? EMPTY : { text: formatDuration(value), sort: value };
    }
    case 'amount': {
      const amount = column.get(row);
      if (amount === null) return EMPTY;
      const currency = column.currency(row);
      return { text: currency ? `${amount.text} ${currency}` : amount.text, sort: amount.value };
    }
    case 'time': {
      const stamp = column.get(row);
      if (stamp === null) return EMPTY;
      if (stamp.epochMs === null) return { text: stamp.text, sort: null };
      return { text: formatInstant(stamp.epochMs, zone), sort: stamp.epochMs };
    }
    case 'code': {
      const value = column.get(row);
      if (value === null || value === '') return EMPTY;
      const label = column.label(value);
      return { text: label === null ? String(value) : `${label} (${value})`, sort: typeof value === 'number' ? value : Number(value) };
    }
    case 'list': {
      const text = column.get(row).join(', ');
      return { text, sort: text };
    }
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Empty cells sort last whichever way the column is sorted. */
export function compareSortValues(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** What sorting compares for one cell, without formatting it (fast on 100,000 rows). */
export function sortValueOf<R>(column: Column<R>, row: R): string | number | null {
  switch (column.kind) {
    case 'time':
      return column.get(row)?.epochMs ?? null;
    case 'amount':
      return column.get(row)?.value ?? null;
    case 'list':
      return column.get(row).join(', ') || null;
    case 'code': {
      const value = column.get(row);
      return value === null || value === '' ? null : Number(value);
    }
    default: {
      const value = column.get(row);
      return value === '' ? null : value;
    }
  }
}
