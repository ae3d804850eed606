/**
 * One column filter that cannot apply (words under a number column) is refused at its own
 * field and left out; the other column filters keep narrowing the rows. The query holds only
 * the filters that apply, so the table, the archive (main's own check) and a file read the
 * same plans.
 */
import { describe, expect, it } from 'vitest';
import { listArchiveQuery } from '../../../src/main/archive/list-archive-query';
import { shownRows } from '../../../src/main/export/shown-rows';
import { planColumnFilters, planEachColumnFilter, rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const columns: readonly Column<VoiceRecord>[] = listOf('voiceRecords').columns;

function voice(fields: Partial<VoiceRecord>): VoiceRecord {
  return { ...listOf('voiceRecords').normalise({}, { zone }), ...fields };
}

/** 25 rows of a page: statuses 10..60 in turn, durations 0..240 s. */
const page = Array.from({ length: 25 }, (_, index) =>
  voice({ voiceId: `v${index}`, callStatus: [10, 20, 30, 40, 50, 60][index % 6], callDuration: index * 10 }),
);
const connected = page.filter((row) => row.callStatus === 50).map((row) => row.voiceId);

const typed = [
  { field: 'callStatus', text: '50' },
  { field: 'callDuration', text: 'abc' },
];

const ids = (rows: readonly VoiceRecord[]): (string | null)[] => rows.map((row) => row.voiceId);

describe('a column filter that cannot apply', () => {
  it('is refused at its own field, with why, while the others apply', () => {
    const each = planEachColumnFilter(columns, typed);
    expect(each.refused).toHaveLength(1);
    expect(each.refused[0].field).toBe('callDuration');
    expect(each.refused[0].message).toContain('"abc"');
    expect(each.applied).toEqual([{ field: 'callStatus', text: '50' }]);
    const keep = rowPredicate(columns, each.plans, '', zone);
    expect(keep).not.toBeNull();
    expect(ids(page.filter((row) => keep?.(row) ?? true))).toEqual(connected);
    expect(connected.length).toBeGreaterThan(0);
    expect(connected.length).toBeLessThan(page.length);
  });

  it('is refused in any order, each one at its own field, and a fixed one applies again', () => {
    const each = planEachColumnFilter(columns, [
      { field: 'callDuration', text: '>= abc' },
      { field: 'callStatus', text: 'connected' },
      { field: 'chargedDuration', text: 'soon' },
    ]);
    expect(each.refused.map((problem) => problem.field)).toEqual(['callDuration', 'chargedDuration']);
    expect(each.applied).toEqual([{ field: 'callStatus', text: 'connected' }]);
    const fixed = planEachColumnFilter(columns, [
      { field: 'callStatus', text: '50' },
      { field: 'callDuration', text: '>= 100' },
    ]);
    expect(fixed.refused).toEqual([]);
    const keep = rowPredicate(columns, fixed.plans, '', zone);
    expect(ids(page.filter((row) => keep?.(row) ?? true))).toEqual(
      page.filter((row) => row.callStatus === 50 && (row.callDuration ?? 0) >= 100).map((row) => row.voiceId),
    );
  });

  it('leaves a query main accepts, and a file of it holds exactly the rows the table keeps', async () => {
    const params = { strTime: '2026-11-20T00:00:00+08:00', endTime: '2026-11-27T10:12:42+08:00' };
    // Main refuses a query with the filter that cannot apply (the CLI's --filter too) ...
    expect(listArchiveQuery({ operation: 'voiceRecords', params, contains: typed }, zone).ok).toBe(false);
    expect(planColumnFilters(columns, typed).ok).toBe(false);
    // ... and takes the screen's query, which holds only the filters that apply.
    const { applied, plans } = planEachColumnFilter(columns, typed);
    expect(listArchiveQuery({ operation: 'voiceRecords', params, contains: applied }, zone).ok).toBe(true);
    const file = await shownRows('voiceRecords', { operation: 'voiceRecords', params, contains: applied, scope: 'all' }, zone, async () => null);
    if (!file.ok) throw new Error(file.error.message);
    const screen = rowPredicate(columns, plans, '', zone);
    expect(ids(page.filter((row) => file.value.keep?.(row) ?? true))).toEqual(ids(page.filter((row) => screen?.(row) ?? true)));
    expect(ids(page.filter((row) => file.value.keep?.(row) ?? true))).toEqual(connected);
  });
});
