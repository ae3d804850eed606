/**
 * A number column's filter as typed: a number (`1`, `-1`), a comparison (`>= 30`, `< 5`,
 * `!= 0`) or an inclusive range (`10-60`, `10..60`). Durations also take m:ss (`1:30`).
 * Read once here; the table's filtering of loaded rows and the archive's SQL both test
 * the result, so a filter means the same wherever the rows come from.
 */
import { m } from './i18n';

export type Comparison = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type NumberTest = { op: Comparison; value: number } | { op: 'between'; low: number; high: number };

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const DURATION = String.raw`-?\d+:[0-5]?\d`;
const OPERATORS: Readonly<Record<string, Comparison>> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '≠': '!=',
  '<': '<',
  '<=': '<=',
  '≤': '<=',
  '>': '>',
  '>=': '>=',
  '≥': '>=',
};

function numberOf(text: string): number {
  if (!text.includes(':')) return Number(text);
  const negative = text.startsWith('-');
  const [minutes, seconds] = text.replace('-', '').split(':');
  const total = Number(minutes) * 60 + Number(seconds);
  return negative ? -total : total;
}

/** The test a filter text means; null when it is none of the forms above. */
export function parseNumberFilter(text: string, options: { durations?: boolean } = {}): NumberTest | null {
  const value = options.durations ? `(?:${DURATION}|${NUMBER})` : NUMBER;
  const typed = text.trim();
  const range = new RegExp(String.raw`^(${value})\s*(?:\.\.|-|–|—)\s*(${value})$`).exec(typed);
  if (range) {
    const [a, b] = [numberOf(range[1]), numberOf(range[2])];
    return checked({ op: 'between', low: Math.min(a, b), high: Math.max(a, b) });
  }
  const compared = new RegExp(String.raw`^(==|=|!=|<>|≠|<=|>=|≤|≥|<|>)?\s*(${value})$`).exec(typed);
  if (!compared) return null;
  return checked({ op: OPERATORS[compared[1] ?? '='], value: numberOf(compared[2]) });
}

function checked(test: NumberTest): NumberTest | null {
  const values = test.op === 'between' ? [test.low, test.high] : [test.value];
  return values.every(Number.isFinite) ? test : null;
}

/** Whether a value passes the test; an empty value passes none. */
export function passesNumberTest(test: NumberTest, value: number | null): boolean {
  if (value === null || Number.isNaN(value)) return false;
  switch (test.op) {
    case '=':
      return value === test.value;
    case '!=':
      return value !== test.value;
    case '<':
      return value < test.value;
    case '<=':
      return value <= test.value;
    case '>':
      return value > test.value;
    case '>=':
      return value >= test.value;
    case 'between':
      return value >= test.low && value <= test.high;
  }
}

/** The forms a number filter takes, for the message when what was typed is none of them. */
export function numberFilterForms(options: { durations?: boolean } = {}): string {
  return options.durations
    ? m.lists_number_forms_duration()
    : m.lists_number_forms();
}

/** The test in words, for the About sheet: "at least 30", "10 to 60". */
export function numberTestText(test: NumberTest): string {
  switch (test.op) {
    case '=':
      return `= ${test.value}`;
    case '!=':
      return m.lists_number_test_not({ value: test.value });
    case '<':
      return m.lists_number_test_below({ value: test.value });
    case '<=':
      return m.lists_number_test_at_most({ value: test.value });
    case '>':
      return m.lists_number_test_above({ value: test.value });
    case '>=':
      return m.lists_number_test_at_least({ value: test.value });
    case 'between':
      return m.lists_number_test_between({ low: test.low, high: test.high });
  }
}
