/** Ranked lists of the number Summary keep their top 50 and say so; counters only, whatever the row count. */
import { describe, expect, it } from 'vitest';
import { zoneCalendar } from '../../../src/main/export/summary/calendar';
import { numberSummarySheet } from '../../../src/main/export/summary/number-sheet';
import { NumberSummaryAccumulator } from '../../../src/main/export/summary/number-summary';
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
  it('keeps the 50 numbers with most calls, most first, and notes how many there were', () => {
    const summary = new NumberSummaryAccumulator(zoneCalendar(parseTimeZone('UTC') as TimeZone), null);
    // Number n has n calls, 1..60.
    for (let n = 1; n <= 60; n++) for (let i = 0; i < n; i++) summary.add(call(`+4470000000${String(n).padStart(2, '0')}`), null);
    const result = summary.result();
    expect(result.byNumber).toHaveLength(50);
    expect(result.byNumber.map((b) => b.calls)).toEqual(Array.from({ length: 50 }, (_, i) => 60 - i));
    expect(result.numbersSeen).toBe(60);
    expect(result.totals.calls).toBe((60 * 61) / 2);
    expect(result.totals.cost).toEqual([{ currency: 'USD', amount: ((60 * 61) / 2) * 0.5 }]);
    const sheet = numberSummarySheet(result, { title: 't', lines: [] });
    expect(sheet.tables.find((t) => t.title === 'By number')?.note).toBe('The top 50 of 60 numbers by calls.');
    expect(sheet.tables.find((t) => t.title === 'By country')?.note).toBeUndefined();
  });
});
