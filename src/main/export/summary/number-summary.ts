/**
 * The number-record figures of the rows one export writes, fed a record at a time:
 * totals, and calls, durations and cost by day, by number, by country and by number type
 * (MOBILE / FIXED). Kept: one counter per day and per distinct value, never the rows; the
 * ranked lists (numbers, countries) give their top 50.
 */
import { quoteCurrency } from '../../../shared/columns';
import type { NumberCallRecord } from '../../../shared/records';
import type { DrillDown, NumberBucket, NumberOverview } from '../../../shared/reports/overview';
import type { ZoneCalendar } from './calendar';
import { MoneyByCurrency } from '../../reports/money';
import { TimeSpan, type Window } from './window';

export const RANKED_LIMIT = 50;

export interface NumberSummary extends NumberOverview {
  /** Distinct numbers and countries seen (the ranked lists show RANKED_LIMIT of them). */
  numbersSeen: number;
  countriesSeen: number;
}

class Tally {
  calls = 0;
  durationSeconds = 0;
  readonly cost = new MoneyByCurrency();

  add(record: NumberCallRecord): void {
    this.calls += 1;
    this.durationSeconds += record.callDuration ?? 0;
    if (record.pay && record.pay.value !== null) this.cost.add(quoteCurrency(record), record.pay.value);
  }
}

/** A counter per distinct value of one field ('' for a missing value). */
class ValueTallies {
  readonly tallies = new Map<string, Tally>();

  constructor(private readonly valueOf: (record: NumberCallRecord) => string | null) {}

  add(record: NumberCallRecord): void {
    const key = this.valueOf(record) ?? '';
    let tally = this.tallies.get(key);
    if (tally === undefined) {
      tally = new Tally();
      this.tallies.set(key, tally);
    }
    tally.add(record);
  }

  /** Most calls first, ties by value; at most `limit`. */
  ranked(field: string, drill: (extra: Partial<DrillDown>) => DrillDown, limit = Number.POSITIVE_INFINITY): NumberBucket[] {
    return [...this.tallies.entries()]
      .sort((a, b) => b[1].calls - a[1].calls || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, limit)
      .map(([key, tally]) => numberBucket(key, key === '' ? '(none)' : key, tally, drill({ equals: [{ field, value: key === '' ? null : key }] })));
  }
}

function numberBucket(key: string, label: string, tally: Tally, drill: DrillDown): NumberBucket {
  return { key, label, calls: tally.calls, durationSeconds: tally.durationSeconds, cost: tally.cost.totals(), drill };
}

export class NumberSummaryAccumulator {
  private readonly totals = new Tally();
  private readonly days = new Map<number, Tally>();
  private readonly numbers = new ValueTallies((record) => record.number);
  private readonly countries = new ValueTallies((record) => record.country);
  private readonly types = new ValueTallies((record) => record.type);
  private readonly span: TimeSpan;

  constructor(
    private readonly calendar: ZoneCalendar,
    window: Window | null,
  ) {
    this.span = new TimeSpan(window);
    for (const day of window ? calendar.daysOf(window.fromMs, window.toMs) : []) this.days.set(day, new Tally());
  }

  /** One record, with the time it is bucketed by (the list's row time). */
  add(record: NumberCallRecord, timeMs: number | null): void {
    this.totals.add(record);
    this.numbers.add(record);
    this.countries.add(record);
    this.types.add(record);
    if (timeMs === null) return;
    this.span.see(timeMs);
    const day = this.calendar.dayOf(timeMs);
    let tally = this.days.get(day);
    if (tally === undefined) {
      tally = new Tally();
      this.days.set(day, tally);
    }
    tally.add(record);
  }

  result(): NumberSummary {
    const { fromMs, toMs } = this.span.window();
    const calendar = this.calendar;
    const drill = (extra: Partial<DrillDown> = {}): DrillDown => ({ operation: 'numberRecords', fromMs, toMs, ...extra });
    return {
      totals: { calls: this.totals.calls, durationSeconds: this.totals.durationSeconds, cost: this.totals.cost.totals() },
      byDay: [...this.days.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([day, tally]) => {
          const key = calendar.dayKey(day);
          return numberBucket(key, key, tally, drill({ fromMs: calendar.dayStartMs(day), toMs: calendar.dayStartMs(day + 1) }));
        }),
      byNumber: this.numbers.ranked('number', drill, RANKED_LIMIT),
      byCountry: this.countries.ranked('country', drill, RANKED_LIMIT),
      byType: this.types.ranked('type', drill),
      numbersSeen: this.numbers.tallies.size,
      countriesSeen: this.countries.tallies.size,
    };
  }
}
