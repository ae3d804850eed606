/**
 * A list's search and column filters as SQL over its archive table, matching what the
 * table shows (shared/column-filter.ts decides what a filter means; this writes the same
 * decision in SQL): labels of codes, amounts with their currency, times in the profile's
 * zone, m:ss durations, numbers compared as numbers. Values are bound; names come from
 * the table's layout.
 */
import type { Column, CurrencyOf } from '../../shared/columns';
import { type ColumnFilterPlan, codeSearchText } from '../../shared/column-filter';
import type { NumberTest } from '../../shared/number-filter';
import { calendarOf, DAY_MS } from '../../shared/calendar';
import { codeDisplayJoints, formatInstant } from '../../shared/cell-text';
import { parseTimeZone, QUARTER_HOUR_MS, type TimeZone } from '../../shared/time-zone';
import { digitMask } from './digit-mask';
import { STORED_DIGITS_MIN } from './stored-digits';
import { fieldColumn, fieldSortColumn, gatedOnChars, joinSql, onTimeForm, param, searchMaskColumn, searchTextColumn, sql, type SqlQuery } from './sql-query';
import type { FieldLayout, TableLayout } from './table-layout';
import { neededChars, searchedText } from './text-chars';
import type { TimeForm } from './time-forms';

/** The shape of a shown time (`2026-11-24 10:42:07`, a digit as d): a needle of another shape cannot be in one. */
const TIME_SHAPE = 'dddd-dd-dd dd:dd:dd';
/** What a shown time is made of. */
const TIME_CHARS = /^[\d :-]+$/;
/** What a duration is made of: a needle with anything else cannot be in one. */
const DURATION_CHARS = /^[\d:-]+$/;
/**
 * Every piece of a number's text as JavaScript writes it (`-12.5`, `1.5e-7`, `2e+21`), and
 * more: a needle that is none (a date, `2026-11-2`) is never looked for in a number's text.
 */
const NUMBER_PIECE = /^[+-]?\d*(?:\.\d*)?(?:e[+-]?\d*)?$/;

/** Whether a needle may be within a number's text. */
export function mayBeInNumber(needle: string): boolean {
  return NUMBER_PIECE.test(needle);
}

/** The field a column reads: stored, or derived from a JSON field by key (a task's var01). */
function fieldIn(layout: TableLayout, key: string): FieldLayout | undefined {
  return layout.fields.find((field) => field.field === key) ?? layout.derived?.find((field) => field.field === key);
}

/** Whether the archive reads a column as a field (stored or derived; only those are filtered, sorted and searched there). */
export function isArchivedColumn(layout: TableLayout, key: string): boolean {
  const field = fieldIn(layout, key);
  return field !== undefined && field.kind !== 'json';
}

/** Below this, numberText writes a whole number as its digits alone; from it on, as the engine does. */
const WHOLE_AS_DIGITS_BELOW = 1e15;

/** A number as JavaScript's String() writes it (30, not DuckDB's 30.0). */
function numberText(column: SqlQuery): SqlQuery {
  return sql`(CASE WHEN ${column} = trunc(${column}) AND abs(${column}) < ${WHOLE_AS_DIGITS_BELOW} THEN CAST(CAST(${column} AS BIGINT) AS VARCHAR) ELSE CAST(${column} AS VARCHAR) END)`;
}

/** Whole seconds of a duration; empty past what the engine's whole numbers hold (1e20 seconds), never an error. */
function wholeSeconds(column: SqlQuery): SqlQuery {
  return sql`TRY_CAST(round(abs(${column})) AS BIGINT)`;
}

/** Seconds as the table's m:ss. */
function durationText(column: SqlQuery): SqlQuery {
  const whole = wholeSeconds(column);
  return sql`((CASE WHEN ${column} < 0 THEN '-' ELSE '' END) || CAST(${whole} // 60 AS VARCHAR) || ':' || lpad(CAST(${whole} % 60 AS VARCHAR), 2, '0'))`;
}

/**
 * An instant (ms) as the table writes it in the zone, `2026-11-24 10:42:07`, from whole
 * milliseconds (no float on the way, so a second never reads as the one before); a
 * fraction of a second follows after a dot, which no needle that fits TIME_SHAPE reaches.
 */
function timeText(instantMs: SqlQuery, zone: TimeZone, span: Span | undefined): SqlQuery {
  const shifted = (offsetMinutes: number): SqlQuery => sql`CAST(epoch_ms(${instantMs} + ${offsetMinutes * 60_000}) AS VARCHAR)`;
  if (zone.kind === 'fixed') return shifted(zone.offsetMinutes);
  // The engine's zone rules per row are slow: within the window, the zone's few offsets are listed here.
  const exact = sql`CAST(timezone(${param(zone.name)}, epoch_ms(${instantMs}) AT TIME ZONE 'UTC') AS VARCHAR)`;
  const pieces = span ? offsetPieces(zone, span) : null;
  if (pieces === null) return exact;
  const cases = pieces.map(({ fromMs, toMs, offsetMinutes }) => sql`WHEN ${instantMs} >= ${fromMs} AND ${instantMs} < ${toMs} THEN ${shifted(offsetMinutes)}`);
  return sql`(CASE ${joinSql(cases, sql` `)} ELSE ${exact} END)`;
}

/** The times a query's rows hold, give or take: its window, widened by the hours a call lasts. */
export type Span = { fromMs: number; toMs: number };
const SPAN_MARGIN_MS = 2 * DAY_MS;
const SPAN_DAYS_LISTED = 400;

/** A zone's offset over a span in pieces of one offset each, as the one calendar cuts it; null when the span is too long. */
function offsetPieces(zone: TimeZone, span: Span): { fromMs: number; toMs: number; offsetMinutes: number }[] | null {
  const first = Math.floor((span.fromMs - SPAN_MARGIN_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const end = Math.ceil((span.toMs + SPAN_MARGIN_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(end) || end - first > SPAN_DAYS_LISTED * DAY_MS) return null;
  return calendarOf(zone)
    .offsetPieces({ fromMs: first, toMs: end })
    .map(({ fromMs, toMs, offsetMs }) => ({ fromMs, toMs, offsetMinutes: offsetMs / 60_000 }));
}

/** Whether a needle could be part of a shown time (most searches, words and phone numbers, cannot). */
function fitsTime(needle: string): boolean {
  // Digits and the separators only: a letter d would pass for a digit in the shape.
  return TIME_CHARS.test(needle) && TIME_SHAPE.includes(needle.replace(/\d/g, 'd'));
}

/**
 * Where each part of a shown time is in TIME_SHAPE. A date part is read from the wall time's
 * timestamp; a part of the time of day from whole wall ms, as the count of its units
 * (`unitMs`) modulo how many of them make the part above (`perAbove`).
 */
const TIME_PARTS = [
  { at: 0, width: 4, of: (t: SqlQuery) => sql`year(${t})` },
  { at: 5, width: 2, of: (t: SqlQuery) => sql`month(${t})` },
  { at: 8, width: 2, of: (t: SqlQuery) => sql`day(${t})` },
  { at: 11, width: 2, unitMs: 3_600_000, perAbove: 24 },
  { at: 14, width: 2, unitMs: 60_000, perAbove: 60 },
  { at: 17, width: 2, unitMs: 1000, perAbove: 60 },
] as const;
/**
 * Whole days added to a wall time before its time of day is read: every wall time of
 * four-digit years is then positive, so the engine's remainders are the time of day.
 */
const DAYS_AHEAD_MS = 720_000 * DAY_MS;
/** Wall ms read as UTC are shown as the wall time they hold. */
const WALL_AS_UTC = parseTimeZone('UTC') as TimeZone;
/** Wall ms of the first instant of year 0 and of year 10000: the shown time has four digits of year between them. */
const FOUR_DIGIT_YEARS = { fromMs: -62_167_219_200_000, toMs: 253_402_300_800_000 };

/**
 * A time's text as a pattern: each place a digit of its wall time (null) or a character
 * written as it is. Shown times are TIME_SHAPE; a stored time of one form (time-forms.ts)
 * has its separator between date and time, and its suffix after.
 */
type TimePattern = readonly (string | null)[];

function patternOf(separator: string, suffix: string): TimePattern {
  const shape = `${TIME_SHAPE.slice(0, 10)}${separator}${TIME_SHAPE.slice(11)}`;
  return [...[...shape].map((char) => (char === 'd' ? null : char)), ...suffix.toLowerCase()];
}

const SHOWN_PATTERN = patternOf(' ', '');

/** The places of a pattern where a needle fits. */
function placingsIn(pattern: TimePattern, needle: string): number[] {
  const placings: number[] = [];
  for (let at = 0; at + needle.length <= pattern.length; at++) {
    const fits = [...needle].every((char, index) => {
      const place = pattern[at + index];
      return place === null ? char >= '0' && char <= '9' : char === place;
    });
    if (fits) placings.push(at);
  }
  return placings;
}

/** That an instant at `offsetMs` is within four-digit years, and so has its wall time read from its numbers. */
function inFourDigitYears(instantMs: SqlQuery, offsetMs: number): SqlQuery {
  return sql`${instantMs} >= ${FOUR_DIGIT_YEARS.fromMs - offsetMs} AND ${instantMs} < ${FOUR_DIGIT_YEARS.toMs - offsetMs}`;
}

/** That the wall time at `offsetMs` holds the needle at one of `placings` (of a pattern; a place past the wall time's is the suffix, always there). */
function placedAtAny(instantMs: SqlQuery, offsetMs: number, needle: string, placings: readonly number[], starting: { fromMs: number; toMs: number } | null): SqlQuery {
  return anyOf(placings.map((at) => (at === 0 && starting ? startingWith(instantMs, offsetMs, starting) : placedAt(instantMs, offsetMs, needle, at))));
}

/**
 * That a time shown in the zone, or its stored text when every text of its column is of
 * one form (`stored`, time-forms.ts), holds a needle fitting TIME_SHAPE, read from the
 * numbers of its wall time instead of its text (several times faster over a million rows):
 * at each place the needle's shape fits, the digits it puts in the year, month, day, hour,
 * minute and second. The shown time is read so within the window's pieces of one offset
 * each (the wall time is then the instant plus a constant) and four-digit years, any other
 * by its text; the stored text of one form is the wall time at its offset, then its suffix.
 */
function timeHolds(instantMs: SqlQuery, zone: TimeZone, span: Span | undefined, needle: string, stored: TimeForm | null): SqlQuery {
  const pieces = zone.kind === 'fixed' ? [{ fromMs: -Infinity, toMs: Infinity, offsetMinutes: zone.offsetMinutes }] : span ? offsetPieces(zone, span) : null;
  // A needle that starts the shown time: the wall times it starts, worked out once for every piece.
  const starting = TIME_SHAPE.startsWith(needle.replace(/\d/g, 'd')) ? wallRangeStartingWith(needle) : null;
  const storedPlacings = stored ? placingsIn(patternOf(stored.separator, stored.suffix), needle) : [];
  const storedOffsetMs = stored ? stored.offsetMinutes * 60_000 : 0;
  const inStored =
    stored && storedPlacings.length > 0
      ? [sql`(${inFourDigitYears(instantMs, storedOffsetMs)} AND ${placedAtAny(instantMs, storedOffsetMs, needle, storedPlacings, starting)})`]
      : [];
  if (pieces === null) return anyOf([...inStored, contains(timeText(instantMs, zone, span), needle)]);
  const shownPlacings = placingsIn(SHOWN_PATTERN, needle);
  const within: SqlQuery[] = [];
  let firstMs = Infinity;
  let endMs = -Infinity;
  for (const piece of pieces) {
    const offsetMs = piece.offsetMinutes * 60_000;
    const fromMs = Math.max(piece.fromMs, FOUR_DIGIT_YEARS.fromMs - offsetMs);
    const toMs = Math.min(piece.toMs, FOUR_DIGIT_YEARS.toMs - offsetMs);
    if (fromMs >= toMs) continue;
    firstMs = Math.min(firstMs, fromMs);
    endMs = Math.max(endMs, toMs);
    // The stored text's placings at this offset are asked of every row already.
    const placings = stored && offsetMs === storedOffsetMs ? shownPlacings.filter((at) => !storedPlacings.includes(at)) : shownPlacings;
    if (placings.length > 0) within.push(sql`(${instantMs} >= ${fromMs} AND ${instantMs} < ${toMs} AND ${placedAtAny(instantMs, offsetMs, needle, placings, starting)})`);
  }
  // Times outside the pieces fall in none of timeText's pieces either: their text is read by the engine's zone rules.
  const byText = contains(timeText(instantMs, zone, undefined), needle);
  if (firstMs >= endMs) return anyOf([...inStored, byText]);
  return anyOf([...inStored, ...within, sql`((${instantMs} < ${firstMs} OR ${instantMs} >= ${endMs}) AND ${byText})`]);
}

/** The time the table shows for wall ms (its own formatter, read in UTC). */
function shownAt(wallMs: number): string {
  return formatInstant(wallMs, WALL_AS_UTC);
}

/** The first wall ms of four-digit years whose shown time, cut to the needle's length, sorts after it (or with `orEqual`, not before it). */
function firstShownFrom(needle: string, orEqual: boolean): number {
  let low = FOUR_DIGIT_YEARS.fromMs;
  let high = FOUR_DIGIT_YEARS.toMs;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const shown = shownAt(middle).slice(0, needle.length);
    if (orEqual ? shown >= needle : shown > needle) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The wall times whose shown time starts with the needle: shown times sort as their
 * instants do, so they are one range `[fromMs, toMs)` (empty when none does: `2026-02-3`).
 */
function wallRangeStartingWith(needle: string): { fromMs: number; toMs: number } {
  return { fromMs: firstShownFrom(needle, true), toMs: firstShownFrom(needle, false) };
}

/** That the time shown for an instant at `offsetMs` lies in a range of wall times: the engine compares each row's instant with two numbers (a date typed from its start, `2026-11-2`). */
function startingWith(instantMs: SqlQuery, offsetMs: number, wall: { fromMs: number; toMs: number }): SqlQuery {
  return wall.fromMs >= wall.toMs ? sql`FALSE` : sql`(${instantMs} >= ${wall.fromMs - offsetMs} AND ${instantMs} < ${wall.toMs - offsetMs})`;
}

/**
 * That the time shown for an instant at `offsetMs` (within four-digit years) holds the needle's
 * digits with the needle placed at `at` of TIME_SHAPE. The parts of the time of day the needle
 * writes whole are one remainder (`10:42` is minute 642 of the day), each digit of a part it
 * writes in part is one more.
 */
function placedAt(instantMs: SqlQuery, offsetMs: number, needle: string, at: number): SqlQuery {
  const stamp = sql`epoch_ms(${instantMs} + ${offsetMs})`;
  const ahead = sql`(${instantMs} + ${offsetMs + DAYS_AHEAD_MS})`;
  const tests: SqlQuery[] = [];
  // The run of whole parts: the unit above its first, the unit of its last (0: none yet), its value in that unit.
  const whole = { aboveMs: 0, unitMs: 0, value: 0 };
  for (const part of TIME_PARTS) {
    const digits = Array.from({ length: part.width }, (_, index) => needle[part.at + index - at]);
    if (digits.every((digit) => digit === undefined)) continue;
    const complete = digits.every((digit) => digit !== undefined);
    if ('unitMs' in part && complete) {
      const value = Number(digits.join(''));
      // A minute of 67 is in no time shown; in the remainder it would read as the next minute's 07.
      if (value >= part.perAbove) return sql`FALSE`;
      if (whole.unitMs === 0) whole.aboveMs = part.unitMs * part.perAbove;
      whole.value = whole.value * part.perAbove + value;
      whole.unitMs = part.unitMs;
      continue;
    }
    const value = 'unitMs' in part ? sql`(${ahead} // ${part.unitMs} % ${part.perAbove})` : part.of(stamp);
    if (complete) tests.push(sql`${value} = ${Number(digits.join(''))}`);
    else {
      digits.forEach((digit, index) => {
        if (digit !== undefined) tests.push(sql`${value} // ${10 ** (part.width - 1 - index)} % 10 = ${Number(digit)}`);
      });
    }
  }
  if (whole.unitMs > 0) tests.unshift(sql`${ahead} // ${whole.unitMs} % ${whole.aboveMs / whole.unitMs} = ${whole.value}`);
  return tests.length === 0 ? sql`TRUE` : sql`(${joinSql(tests, sql` AND `)})`;
}

/** A code's text as the label tables key it (50, not 50.0). */
function codeTextSql(layout: TableLayout, field: FieldLayout): SqlQuery {
  const column = fieldColumn(layout, field.field);
  return field.kind === 'number' ? numberText(column) : column;
}

function contains(text: SqlQuery, needle: string): SqlQuery {
  // A needle with no cased letter needs no lower() of every cell (a number, an id, a time).
  const caseless = needle === needle.toUpperCase();
  return sql`contains(${caseless ? text : sql`lower(${text})`}, ${param(needle)})`;
}

/**
 * A stored field's own text holds the needle: skipped (FALSE) where its column never held the
 * needle's kinds of character (text-chars.ts), which the store decides as it reads.
 */
function storedContains(field: FieldLayout, text: SqlQuery, needle: string): SqlQuery {
  const condition = contains(text, needle);
  return field.jsonKey === undefined ? gatedOnChars(field.column, neededChars(needle), condition) : condition;
}

function anyOf(conditions: readonly SqlQuery[]): SqlQuery {
  return conditions.length === 0 ? sql`FALSE` : conditions.length === 1 ? conditions[0] : sql`(${joinSql(conditions, sql` OR `)})`;
}

/**
 * The conditions that a column's shown text or raw value holds the needle (lower-cased);
 * none when the needle cannot be in them.
 */
function textMatches<R>(layout: TableLayout, column: Column<R>, field: FieldLayout, needle: string, zone: TimeZone, span: Span | undefined): SqlQuery[] {
  const value = fieldColumn(layout, field.field);
  switch (column.kind) {
    case 'text':
    case 'id':
    case 'phone':
    case 'date':
    case 'list':
      return [storedContains(field, searchedText(layout, field), needle)];
    case 'integer':
    case 'number':
      return mayBeInNumber(needle) ? [numberHolds(value, needle)] : [];
    case 'duration': {
      // m:ss has a minus only first; its raw seconds are a number.
      const shown = DURATION_CHARS.test(needle) && !needle.includes('-', 1) ? [durationHolds(value, needle)] : [];
      return mayBeInNumber(needle) ? [...shown, numberHolds(value, needle)] : shown;
    }
    case 'amount':
      return amountMatches(layout, column.currencyOf, field, needle);
    case 'time': {
      if (!fitsTime(needle) || field.kind !== 'timestamp') return [storedContains(field, value, needle)];
      const instant = fieldSortColumn(layout, field.field);
      // Its stored text is read from the instant too when all of its column's have one form.
      return [
        onTimeForm(field.column, (form) =>
          form ? timeHolds(instant, zone, span, needle, form) : anyOf([storedContains(field, value, needle), timeHolds(instant, zone, span, needle, null)]),
        ),
      ];
    }
    case 'code':
      return [];
  }
}

/**
 * Most number searches are long runs of digits (a phone number, an id): such a run can only
 * be in a number that has as many digits, so the text of every other row is never built.
 * (DuckDB evaluates the right side of AND only for the rows the left side keeps.)
 */
const DIGITS = /^\d+$/;

/** The least magnitude whose text can hold `digits` digits in a row (a fraction aside). */
function leastHolding(digits: number): number {
  return Math.min(10 ** (digits - 1), WHOLE_AS_DIGITS_BELOW);
}

function numberHolds(value: SqlQuery, needle: string): SqlQuery {
  const text = contains(numberText(value), needle);
  // A whole number below WHOLE_AS_DIGITS_BELOW is written as its digits alone: a dot or an e is only in another.
  const leastWhole = /[.e]/.test(needle) ? WHOLE_AS_DIGITS_BELOW : DIGITS.test(needle) && needle.length >= 2 ? leastHolding(needle.length) : null;
  return leastWhole === null ? text : sql`((${value} <> trunc(${value}) OR abs(${value}) >= ${param(leastWhole)}) AND ${text})`;
}

/** A needle with a colon that an m:ss can hold: the end of the minutes, then the start of the seconds. */
const MINUTES_SECONDS = /^(\d{0,15}):(\d{0,2})$/;

/**
 * m:ss holds three digits or more in a row only among its minutes; a needle with a colon is
 * read from the minutes and seconds as numbers, without the text of every row.
 */
function durationHolds(value: SqlQuery, needle: string): SqlQuery {
  const placed = MINUTES_SECONDS.exec(needle);
  if (placed) {
    const [, minutes = '', seconds = ''] = placed;
    const whole = wholeSeconds(value);
    // Most rows are passed by from their value alone, never made whole numbers: minutes of
    // two digits or more are in the text of as many minutes at least (a leading zero too),
    // and the seconds are the remainder of the rounded value (exact for any double).
    const rounded = sql`round(abs(${value}))`;
    const tests = minutes.length > 1 ? [sql`abs(${value}) >= ${60 * 10 ** (minutes.length - 1) - 1}`] : [];
    if (seconds.length === 2) tests.push(sql`${rounded} % 60 = ${Number(seconds)}`);
    if (seconds.length === 1) tests.push(sql`floor(${rounded} % 60 / 10) = ${Number(seconds)}`);
    tests.push(sql`${whole} IS NOT NULL`);
    if (minutes !== '') tests.push(sql`${whole} // 60 % ${10 ** minutes.length} = ${Number(minutes)}`);
    if (minutes.length > 1) tests.push(sql`${whole} // 60 >= ${10 ** (minutes.length - 1)}`);
    if (seconds.length === 2) tests.push(sql`${whole} % 60 = ${Number(seconds)}`);
    if (seconds.length === 1) tests.push(sql`${whole} % 60 // 10 = ${Number(seconds)}`);
    return sql`(${joinSql(tests, sql` AND `)})`;
  }
  const text = contains(durationText(value), needle);
  if (!DIGITS.test(needle) || needle.length < 3) return text;
  return sql`(round(abs(${value})) >= ${param(60 * leastHolding(needle.length))} AND ${text})`;
}

/**
 * An amount as shown is its text, a space and its currency: a needle without a space is in
 * one or the other, so the text and the (few distinct) currencies are searched apart. The
 * currency a row lacks is the column's `otherwise`, decided here; its own is searched only
 * where the currency column ever held the needle's kinds of character.
 */
function amountMatches(layout: TableLayout, currencyOf: CurrencyOf, field: FieldLayout, needle: string): SqlQuery[] {
  const value = fieldColumn(layout, field.field);
  const stored = storedContains(field, value, needle);
  if (currencyOf === null) return [stored];
  const own = 'fixed' in currencyOf ? undefined : fieldIn(layout, currencyOf.field);
  const currency = own ? fieldColumn(layout, own.field) : null;
  if (needle.includes(' ')) {
    const shown = 'fixed' in currencyOf ? param(currencyOf.fixed) : currency ? sql`coalesce(nullif(${currency}, ''), ${param(currencyOf.otherwise)})` : param(currencyOf.otherwise);
    return [contains(sql`(${value} || ' ' || ${shown})`, needle)];
  }
  const fallback = 'fixed' in currencyOf ? currencyOf.fixed : currencyOf.otherwise;
  const inCurrency: SqlQuery[] = [];
  if (own && currency) inCurrency.push(storedContains(own, currency, needle));
  if (fallback.toLowerCase().includes(needle)) inCurrency.push(currency ? sql`coalesce(${currency}, '') = ''` : sql`TRUE`);
  return inCurrency.length === 0 ? [stored] : [stored, sql`(${value} IS NOT NULL AND ${anyOf(inCurrency)})`];
}

/** Codes as the column holds them: numbers in a number field (compared without turning every row into text), else text. */
function codeList(field: FieldLayout, codes: readonly string[]): SqlQuery | null {
  const values = field.kind === 'number' ? codes.map(Number).filter(Number.isFinite).map((code) => param(code)) : codes.map((code) => param(code));
  return values.length > 0 ? joinSql(values) : null;
}

/** Codes of a column whose label and code, as shown, hold the needle: the table's by list, any other by its shown text. */
function codeSearch<R>(layout: TableLayout, column: Column<R>, field: FieldLayout, needle: string): SqlQuery {
  if (column.kind !== 'code') return sql`FALSE`;
  const value = fieldColumn(layout, field.field);
  const table = Object.keys(column.labels.table);
  const found = codeList(field, table.filter((entry) => codeSearchText(column.labels, entry).includes(needle)));
  const listed = codeList(field, table);
  const conditions = found ? [sql`${value} IN (${found})`] : [];
  const outside = listed ? sql`${value} NOT IN (${listed}) AND ` : sql``;
  const code = codeTextSql(layout, field);
  const prefix = column.labels.otherwise?.prefix;
  if (prefix === undefined) {
    // A code without a label shows as itself: a number only holds a needle a number can.
    if (field.kind !== 'number' || mayBeInNumber(needle)) conditions.push(sql`(${outside}${code} <> '' AND ${contains(code, needle)})`);
  } else if (prefix.toLowerCase().includes(needle)) {
    conditions.push(sql`(${outside}${code} <> '')`);
  } else {
    // "key 5 (5)": a needle without a space or a bracket lies within the code, unless the prefix runs into it.
    const shown = mayRunPastCode(needle) || !prefix.endsWith(' ') ? otherwiseShown(prefix, code) : code;
    conditions.push(sql`(${outside}${code} <> '' AND ${contains(shown, needle)})`);
  }
  return anyOf(conditions);
}

/** A code outside the label table as the table shows it (codeDisplay of its prefix and code): "key 5 (5)". */
function otherwiseShown(prefix: string, code: SqlQuery): SqlQuery {
  const { between, after } = codeDisplayJoints();
  return sql`(${param(prefix)} || ${code} || ${param(between)} || ${code} || ${param(after)})`;
}

/** Whether a needle holds a space or one of the language's brackets around a code, so it may reach past the code itself. */
function mayRunPastCode(needle: string): boolean {
  const { between, after } = codeDisplayJoints();
  return [' ', ...between, ...after].some((joint) => needle.includes(joint.toLowerCase()));
}

/** A needle answered from the stored digit runs (stored-digits.ts). */
const STORED_DIGITS_NEEDLE = new RegExp(`^[0-9]{${STORED_DIGITS_MIN},}$`);

/**
 * A code column's part of a search that the stored text (which holds the code) cannot
 * decide: the codes whose label in the language holds the needle, and for codes outside the
 * label table the prefix they are shown with ("key 5 (5)").
 */
function codeLabelSearch<R>(layout: TableLayout, column: Column<R>, field: FieldLayout, needle: string): SqlQuery[] {
  if (column.kind !== 'code') return [];
  const value = fieldColumn(layout, field.field);
  const table = Object.keys(column.labels.table);
  const found = codeList(field, table.filter((entry) => codeSearchText(column.labels, entry).includes(needle)));
  const conditions = found ? [sql`${value} IN (${found})`] : [];
  const prefix = column.labels.otherwise?.prefix;
  // Without a prefix, a code outside the table shows as itself, which the stored text holds.
  if (prefix === undefined) return conditions;
  const listed = codeList(field, table);
  const outside = listed ? sql`${value} NOT IN (${listed}) AND ` : sql``;
  const code = codeTextSql(layout, field);
  if (prefix.toLowerCase().includes(needle)) conditions.push(sql`(${outside}${code} <> '')`);
  else if (mayRunPastCode(needle) || !prefix.endsWith(' ')) {
    // The needle may run from the prefix into the code; one without a space or a bracket after a prefix ending in a space lies within the code.
    conditions.push(sql`(${outside}${code} <> '' AND ${contains(otherwiseShown(prefix, code), needle)})`);
  }
  return conditions;
}

/**
 * A digit search over the stored digit runs: their mask first, then a substring scan of the
 * runs of the rows it keeps, with the labels in the language (a code's label may hold what its stored code does not).
 */
function storedDigitsSearchSql<R>(layout: TableLayout, columns: readonly Column<R>[], needle: string): SqlQuery {
  const mask = digitMask(needle);
  const stored = sql`((${searchMaskColumn(layout)} & ${mask}::UHUGEINT) = ${mask}::UHUGEINT AND contains(${searchTextColumn(layout)}, ${param(needle)}))`;
  const conditions: SqlQuery[] = [stored];
  for (const column of columns) {
    const field = fieldIn(layout, column.key);
    if (field && field.kind !== 'json' && column.kind === 'code') conditions.push(...codeLabelSearch(layout, column, field, needle));
  }
  return anyOf(conditions);
}

/**
 * The search over a list's archived rows: the needle (lower-cased) in any column's shown
 * text or raw value. `span`: the query's window, which makes times in a zone with daylight
 * saving cheap to show. A long run of digits is read from the stored digit runs.
 */
export function searchSql<R>(layout: TableLayout, columns: readonly Column<R>[], search: string, zone: TimeZone, span?: Span): SqlQuery | null {
  const needle = search.trim().toLowerCase();
  if (needle === '') return null;
  if (layout.search && STORED_DIGITS_NEEDLE.test(needle) && !fitsTime(needle)) return storedDigitsSearchSql(layout, columns, needle);
  const conditions: SqlQuery[] = [];
  for (const column of columns) {
    const field = fieldIn(layout, column.key);
    if (!field || field.kind === 'json') continue;
    if (column.kind === 'code') conditions.push(codeSearch(layout, column, field, needle));
    else conditions.push(...textMatches(layout, column, field, needle, zone, span));
  }
  return anyOf(conditions);
}

function numberTestSql(value: SqlQuery, test: NumberTest): SqlQuery {
  switch (test.op) {
    case '=':
      return sql`${value} = ${param(test.value)}`;
    case '!=':
      return sql`${value} <> ${param(test.value)}`;
    case '<':
      return sql`${value} < ${param(test.value)}`;
    case '<=':
      return sql`${value} <= ${param(test.value)}`;
    case '>':
      return sql`${value} > ${param(test.value)}`;
    case '>=':
      return sql`${value} >= ${param(test.value)}`;
    case 'between':
      return sql`${value} BETWEEN ${param(test.low)} AND ${param(test.high)}`;
  }
}

/** The number a number test reads from a column, as SQL: an amount's value, a text code read as a number. */
function numberSql<R>(layout: TableLayout, column: Column<R>, field: FieldLayout): SqlQuery {
  if (column.kind === 'amount' && field.kind === 'amount') return fieldSortColumn(layout, field.field);
  const value = fieldColumn(layout, field.field);
  return field.kind === 'number' ? value : sql`TRY_CAST(${value} AS DOUBLE)`;
}

/** One column filter's plan as SQL (the column must be one of the archive's fields). */
export function columnFilterSql<R>(layout: TableLayout, column: Column<R>, plan: ColumnFilterPlan, zone: TimeZone, span?: Span): SqlQuery {
  const field = fieldIn(layout, column.key);
  if (!field || field.kind === 'json') throw new TypeError(`The archive keeps no field "${column.key}" to filter.`);
  switch (plan.kind) {
    case 'number':
      return numberTestSql(numberSql(layout, column, field), plan.test);
    case 'codes': {
      if (column.kind !== 'code') return sql`FALSE`;
      const code = codeTextSql(layout, field);
      const conditions = plan.codes.length > 0 ? [sql`${code} IN (${joinSql(plan.codes.map((entry) => param(entry)))})`] : [];
      if (plan.otherwise !== null) {
        conditions.push(sql`(${code} <> '' AND lower(${code}) = ${param(plan.otherwise)})`);
        const prefix = column.labels.otherwise?.prefix;
        const table = Object.keys(column.labels.table);
        if (prefix !== undefined) {
          const outside = table.length > 0 ? sql`${code} NOT IN (${joinSql(table.map((entry) => param(entry)))}) AND ` : sql``;
          conditions.push(sql`(${outside}${code} <> '' AND ${contains(sql`(${param(prefix)} || ${code})`, plan.otherwise)})`);
        }
      }
      return anyOf(conditions);
    }
    case 'text':
      return anyOf(textMatches(layout, column, field, plan.needle, zone, span));
  }
}
