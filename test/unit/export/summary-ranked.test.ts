/** Ranked breakdowns of the number Summary keep their declared limit and say so; counters only, whatever the row count. */
import { describe, expect, it } from 'vitest';
import { figuresSheet } from '../../../src/main/export/summary/figures-sheet';
import { calendarOf } from '../../../src/shared/calendar';
import { recordCounter } from '../../../src/shared/reports/count-records';
import { NUMBER_FIGURES } from '../../../src/shared/reports/figures';
import { foldFigures } from '../../../src/shared/reports/fold';
import type { NumberCallRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

function call(number: string): NumberCallRecord {
  return {
    callid: null, number, type: 'MOBILE', caller: null, called: null, ccode: null, country: 'GB', callSource: null,
    callDuration: 10, chargedDuration: 10, startTime: null, endTime: null, pay: { text: '0.5', value: 0.5 },
    sipCode: null, recordingFileUrl: null, hangupReason: null, appId: null, chargedPeriod: null, customerRate: null,
    currency: null, quoteExchange: null, settleRate: null, settlePay: null, extra: {},
  };
}

describe('the number Summary ranked by calls', () => {
  it('keeps the declared top numbers with most calls, most first, and notes how many there were', () => {
    const zone = parseTimeZone('UTC') as TimeZone;
    const counter = recordCounter(NUMBER_FIGURES, calendarOf(zone));
    // Number n has n calls, 1..60.
    for (let n = 1; n <= 60; n++) for (let i = 0; i < n; i++) counter.add(call(`+4470000000${String(n).padStart(2, '0')}`), null);
    const result = foldFigures(counter.book, { fromMs: 0, toMs: 0 }, zone);
    const limit = NUMBER_FIGURES.breakdowns.find((b) => b.name === 'byNumber')?.limit ?? 0;
    expect(limit).toBeGreaterThan(0);
    const byNumber = result.breakdowns.byNumber;
    expect(byNumber.buckets).toHaveLength(limit);
    expect(byNumber.buckets.map((b) => b.calls)).toEqual(Array.from({ length: limit }, (_, i) => 60 - i));
    expect(byNumber.seen).toBe(60);
    expect(result.totals.calls).toBe((60 * 61) / 2);
    expect(result.totals.cost).toEqual([{ currency: 'USD', amount: ((60 * 61) / 2) * 0.5 }]);
    const sheet = figuresSheet(NUMBER_FIGURES, result, { title: 't', lines: [] });
    expect(sheet.tables.find((t) => t.title === 'By number')?.note).toBe(`The top ${limit} of 60 values by calls.`);
    expect(sheet.tables.find((t) => t.title === 'By country')?.note).toBeUndefined();
  });
});
