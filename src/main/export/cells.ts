/**
 * The shared list columns turned into typed spreadsheet fields: text stays text,
 * numbers are numbers, timestamps become Excel date-times in the export's zone,
 * coded values get a label column beside them. Every column is exported (not only
 * the visible ones); passwords have no column, and rows pass through `toRow` first.
 */
import type { AmountColumn, Column } from '../../shared/columns';
import { calendarOf, DAY_MS } from '../../shared/calendar';
import { m, type Locale } from '../../shared/i18n';
import type { ExportHeaders } from '../../shared/methods/export';
import type { TimeZone } from '../../shared/time-zone';

export type CellFormat = 'general' | 'datetime' | 'date';

/** A cell value: text (never a formula), a number, or nothing. */
export type CellValue = string | number | null;
/** A plain decimal written into a .csv file as the server wrote it (`-2.50`, `0.0150`): unquoted, its decimals kept; never a formula. */
export interface CsvDecimal {
  decimal: string;
}
/** A .csv field: a cell, or a decimal as written. */
export type CsvValue = CellValue | CsvDecimal;

export interface ExportField<R> {
  header: string;
  /** Column width in characters. */
  width: number;
  /** How the spreadsheet shows this column's numbers (date-times and dates are Excel serial numbers). */
  format: CellFormat;
  /** The .xlsx cell. */
  cell(row: R): CellValue;
  /** The .csv field: text is neutralised and quoted by the writer, numbers and decimals are written as they are. */
  csv(row: R): CsvValue;
}

/** Days from Excel's epoch (1899-12-30) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Epoch ms to "wall" ms (the zone's local time read as UTC), by the zone's one calendar. */
export function wallClock(zone: TimeZone): (epochMs: number) => number {
  const calendar = calendarOf(zone);
  return (epochMs) => calendar.wallMs(epochMs);
}

/** Wall ms to an Excel serial date-time. */
export function excelSerial(wallMs: number): number {
  return wallMs / DAY_MS + EXCEL_EPOCH_DAYS;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** The date part of the last day asked for: rows come sorted, so it is nearly always the same day. */
let lastDay = Number.NaN;
let lastDayText = '';

/** Wall ms to `YYYY-MM-DD HH:MM:SS` (what Excel reads as a date-time in a CSV). Built by hand: toISOString is slow per cell. */
export function wallText(wallMs: number): string {
  const day = Math.floor(wallMs / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  const seconds = Math.floor((wallMs - day * DAY_MS) / 1000);
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds % 3600) / 60);
  return `${lastDayText} ${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[seconds % 60]}`;
}

/** Fractions of a day for whole seconds, made once each: most timestamps are whole seconds. */
const SECOND_FRACTIONS: string[] = [];

function dayFraction(msOfDay: number): string {
  const text = String(Math.round((msOfDay * 1e10) / DAY_MS)).padStart(10, '0');
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 48) end--;
  return text.slice(0, end);
}

/**
 * An Excel serial date-time as text with at most 10 decimals (under 9 µs), from integer
 * arithmetic: turning a double into its shortest text is slow when done for every cell.
 */
export function excelSerialText(serial: number): string {
  const wallMs = Math.round((serial - EXCEL_EPOCH_DAYS) * DAY_MS);
  const day = Math.floor(wallMs / DAY_MS);
  const msOfDay = wallMs - day * DAY_MS;
  const whole = day + EXCEL_EPOCH_DAYS;
  if (msOfDay === 0) return String(whole);
  if (msOfDay % 1000 !== 0) return `${whole}.${dayFraction(msOfDay)}`;
  const second = msOfDay / 1000;
  return `${whole}.${(SECOND_FRACTIONS[second] ??= dayFraction(msOfDay))}`;
}

/** `YYYY-MM-DD` to an Excel serial date, or null when it is not a real date. */
export function excelDate(text: string): number | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().startsWith(text) ? excelSerial(ms) : null;
}

const finite = (value: number | null): number | null => (value !== null && Number.isFinite(value) ? value : null);
const nonEmpty = (value: string | null): string | null => (value === null || value === '' ? null : value);

/** How many character widths a text takes: a Chinese character is about two. */
export function textWidth(text: string): number {
  let wide = 0;
  for (const char of text) if (char.charCodeAt(0) >= 0x2e80) wide += 1;
  return text.length + wide;
}

function width(header: string, natural: number): number {
  // Room for the header and the autofilter's drop-down button.
  return Math.min(50, Math.max(natural, textWidth(header) + 4));
}

/**
 * A column's header names in the chosen mode: its name (`base`) and the names of the fields
 * derived from it. `fields` uses the platform's field name and a suffix after `_`: `_s`
 * (seconds), `_label` (a code's meaning), `_currency` (an amount's currency), `_<CODE>`
 * (an amount whose currency is always the same), e.g. `callDuration_s`, `callStatus_label`.
 */
export interface HeaderNames {
  base: string;
  seconds(): string;
  label(): string;
  currency(): string;
  fixed(code: string): string;
}

export function headerNames<R>(column: Column<R>, mode: ExportHeaders): HeaderNames {
  if (mode === 'fields') {
    const key = column.key;
    return { base: key, seconds: () => `${key}_s`, label: () => `${key}_label`, currency: () => `${key}_currency`, fixed: (code) => `${key}_${code}` };
  }
  const options: { locale?: Locale } = mode === 'english' ? { locale: 'en' } : {};
  const header = column.header({}, options);
  return {
    base: header,
    seconds: () => m.export_header_seconds({ header }, options),
    label: () => m.export_header_label({ header }, options),
    currency: () => m.export_header_currency({ header }, options),
    fixed: (code) => m.export_header_amount_in({ header, currency: code }, options),
  };
}

/**
 * What an amount column's currency is: the same for every row (it goes in the header),
 * different per row (it gets a column of its own), or unknown (nothing is added).
 * Decided by asking the column about two rows that differ only in their currency field.
 */
function currencyShape<R>(column: AmountColumn<R>): { kind: 'none' } | { kind: 'fixed'; code: string } | { kind: 'per-row' } {
  try {
    const a = column.currency({ currency: null } as R);
    const b = column.currency({ currency: 'EUR' } as R);
    if (a === null && b === null) return { kind: 'none' };
    if (a !== null && a === b) return { kind: 'fixed', code: a };
    return { kind: 'per-row' };
  } catch {
    return { kind: 'per-row' };
  }
}

function amountFields<R>(column: AmountColumn<R>, names: HeaderNames): ExportField<R>[] {
  const shape = currencyShape(column);
  const header = shape.kind === 'fixed' ? names.fixed(shape.code) : names.base;
  const amount: ExportField<R> = {
    header,
    width: width(header, 12),
    format: 'general',
    cell: (row) => {
      const value = column.get(row);
      if (value === null) return null;
      return finite(value.value) ?? nonEmpty(value.text);
    },
    csv: (row) => {
      const value = column.get(row);
      if (value === null) return null;
      // The server's decimal text as it came, negative or not (-2.50 keeps its decimals, as 0.0150 does).
      return PLAIN_DECIMAL.test(value.text) ? { decimal: value.text } : nonEmpty(value.text);
    },
  };
  if (shape.kind !== 'per-row') return [amount];
  const currencyHeader = names.currency();
  const currency = (row: R): CellValue => {
    if (column.get(row) === null) return null;
    return nonEmpty(column.currency(row));
  };
  return [amount, { header: currencyHeader, width: width(currencyHeader, 8), format: 'general', cell: currency, csv: currency }];
}

/** The typed fields of a column: one, or two for coded values (value and label) and amounts with a per-row currency. */
export function fieldsOf<R>(column: Column<R>, zone: TimeZone, toWall = wallClock(zone), headers: ExportHeaders = 'interface'): ExportField<R>[] {
  const names = headerNames(column, headers);
  const header = names.base;
  switch (column.kind) {
    case 'text':
    case 'id':
    case 'phone': {
      const text = (row: R): CellValue => nonEmpty(column.get(row));
      const natural = column.kind === 'text' ? 18 : column.kind === 'id' ? 22 : 18;
      return [{ header, width: width(header, natural), format: 'general', cell: text, csv: text }];
    }
    case 'integer':
    case 'number': {
      const number = (row: R): CellValue => finite(column.get(row));
      return [{ header, width: width(header, 10), format: 'general', cell: number, csv: number }];
    }
    case 'duration': {
      const seconds = names.seconds();
      const value = (row: R): CellValue => finite(column.get(row));
      return [{ header: seconds, width: width(seconds, 10), format: 'general', cell: value, csv: value }];
    }
    case 'amount':
      return amountFields(column, names);
    case 'time':
      return [
        {
          header,
          width: width(header, 20),
          format: 'datetime',
          cell: (row) => {
            const time = column.get(row);
            if (time === null) return null;
            return time.epochMs === null ? nonEmpty(time.text) : excelSerial(toWall(time.epochMs));
          },
          csv: (row) => {
            const time = column.get(row);
            if (time === null) return null;
            return time.epochMs === null ? nonEmpty(time.text) : wallText(toWall(time.epochMs));
          },
        },
      ];
    case 'date':
      return [
        {
          header,
          width: width(header, 12),
          format: 'date',
          cell: (row) => {
            const text = nonEmpty(column.get(row));
            return text === null ? null : (excelDate(text) ?? text);
          },
          csv: (row) => nonEmpty(column.get(row)),
        },
      ];
    case 'code': {
      const value = (row: R): CellValue => {
        const code = column.get(row);
        return typeof code === 'number' ? finite(code) : nonEmpty(code);
      };
      const labelOf = keptLabels(column.label);
      const label = (row: R): CellValue => {
        const code = column.get(row);
        return code === null || code === '' ? null : nonEmpty(labelOf(code));
      };
      const labelHeader = names.label();
      return [
        { header, width: width(header, 10), format: 'general', cell: value, csv: value },
        { header: labelHeader, width: width(labelHeader, 16), format: 'general', cell: label, csv: label },
      ];
    }
    case 'list': {
      const joined = (row: R): CellValue => nonEmpty(column.get(row).join(', '));
      return [{ header, width: width(header, 30), format: 'general', cell: joined, csv: joined }];
    }
  }
}

/** Codes repeat on every row: each one's label is asked once per export, in the language it began in. */
const KEPT_LABELS_MAX = 1_024;

function keptLabels(label: (code: number | string) => string | null): (code: number | string) => string | null {
  const kept = new Map<number | string, string | null>();
  return (code) => {
    let known = kept.get(code);
    if (known === undefined) {
      known = label(code);
      if (kept.size < KEPT_LABELS_MAX) kept.set(code, known);
    }
    return known;
  };
}

/** Every column of a list as typed export fields, in the list's column order. */
export function exportFields<Row>(columns: readonly Column<Row>[], zone: TimeZone, headers: ExportHeaders = 'interface'): ExportField<Row>[] {
  const toWall = wallClock(zone);
  return columns.flatMap((column) => fieldsOf(column, zone, toWall, headers));
}
