/** The daily report's days and due times come from the one zone calendar, in every kind of zone. */
import { describe, expect, it } from 'vitest';
import { calendarOf, dayLabelOfKey, dayOfKey } from '../../../src/shared/calendar';
import { latestDueReportDay, reportDayOf, reportDueMs } from '../../../src/shared/schedule';
import { reportParams } from '../../../src/main/schedule/daily-report';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = (name: string): TimeZone => parseTimeZone(name) as TimeZone;
const dayOf = (key: string): number => dayOfKey(key) as number;

describe('a day key', () => {
  it('reads back the day the calendar wrote, and nothing that is not a real date', () => {
    const calendar = calendarOf(zone('UTC'));
    for (const day of [-719_528, -1, 0, 20_416, 2_932_896]) expect(dayOfKey(calendar.dayKey(day))).toBe(day);
    for (const text of ['2026-13-01', '2026-00-10', '2026-02-29', '2026-04-31', '2026-1-01', ' 2026-01-01', '']) expect(dayOfKey(text), text).toBeNull();
    expect(dayOf('2028-02-29')).toBe(dayOf('2028-03-01') - 1);
    expect(dayLabelOfKey('2026-02-30')).toBe('2026-02-30');
  });
});

describe("the report's day and due time", () => {
  it.each([
    // zone, day, due at, the day's window (UTC) and its length in hours, due (UTC), the platform's strTime and endTime
    ['America/Santiago', '2026-09-06', '00:00', '2026-09-06T04:00:00Z', '2026-09-07T03:00:00Z', 23, '2026-09-06T04:00:00Z', '2026-09-06T01:00:00-03:00', '2026-09-06T23:59:59-03:00'],
    ['Australia/Lord_Howe', '2026-10-04', '02:00', '2026-10-03T13:30:00Z', '2026-10-04T13:00:00Z', 23.5, '2026-10-03T15:30:00Z', '2026-10-04T00:00:00+10:30', '2026-10-04T23:59:59+11:00'],
    ['Australia/Lord_Howe', '2026-04-05', '01:45', '2026-04-04T13:00:00Z', '2026-04-05T13:30:00Z', 24.5, '2026-04-04T14:45:00Z', '2026-04-05T00:00:00+11:00', '2026-04-05T23:59:59+10:30'],
    ['Asia/Kathmandu', '2026-11-24', '06:00', '2026-11-23T18:15:00Z', '2026-11-24T18:15:00Z', 24, '2026-11-24T00:15:00Z', '2026-11-24T00:00:00+05:45', '2026-11-24T23:59:59+05:45'],
    ['+13:00', '2026-11-24', '06:00', '2026-11-23T11:00:00Z', '2026-11-24T11:00:00Z', 24, '2026-11-23T17:00:00Z', '2026-11-24T00:00:00+13:00', '2026-11-24T23:59:59+13:00'],
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', 23, '2026-03-08T07:30:00Z', '2026-03-08T00:00:00-05:00', '2026-03-08T23:59:59-04:00'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', 25, '2026-11-01T05:30:00Z', '2026-11-01T00:00:00-04:00', '2026-11-01T23:59:59-05:00'],
  ])('%s on %s, due at %s', (name, key, at, from, to, hours, due, strTime, endTime) => {
    const day = reportDayOf(dayOf(key), zone(name));
    expect([day.key, day.fromMs, day.toMs]).toEqual([key, Date.parse(from), Date.parse(to)]);
    expect((day.toMs - day.fromMs) / 3_600_000).toBe(hours);
    expect(reportParams(day, zone(name))).toEqual({ strTime, endTime });
    const dueMs = reportDueMs(dayOf(key), at, zone(name));
    expect(dueMs).toBe(Date.parse(due));
    // At the due time the day before is the one due; a moment earlier, the day before that.
    expect(latestDueReportDay(dueMs, at, zone(name))).toBe(dayOf(key) - 1);
    expect(latestDueReportDay(dueMs - 1, at, zone(name))).toBe(dayOf(key) - 2);
  });
});
