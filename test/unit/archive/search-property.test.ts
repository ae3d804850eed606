/**
 * Any needle typed into an archive list's search box finds what the table's own search
 * finds in the same rows: needles drawn from the characters the shortcuts of the SQL rest
 * on (digits and the separators of times, numbers and durations, the letter d the time
 * shape writes digits as, letters of either case, the Kelvin sign, Chinese), in two zones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isArchivedColumn, searchSql } from '../../../src/main/archive/shown-sql';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { cellText } from '../../../src/shared/cell-text';
import { rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { stagedArchive } from './staged-archive';

const platformZone = parseTimeZone('+08:00') as TimeZone;
const ZONES = [platformZone, parseTimeZone('America/New_York') as TimeZone];
const data = buildSandboxData({ seed: 23, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'search-property' });
const list = listOf('voiceRecords');
const table = archiveTableFor('voiceRecords');
const rows: VoiceRecord[] = Array.from({ length: 300 }, (_, i) =>
  list.toRow(list.normalise(data.voiceRecordAt(Math.floor((i * data.voiceRecordCount) / 300)) as unknown as Record<string, unknown>, { zone: platformZone })),
);
const columns: readonly Column<VoiceRecord>[] = list.columns;
const archivedColumns = columns.filter((column) => isArchivedColumn(table.layout, column.key));

const CHARS = [...'0123456789', '-', ':', ' ', '.', '+', 'e', 'd', 'a', 'n', 's', 'D', 'K', '\u212a', '星', '已'];
/** A needle of those characters, or a piece of what a row shows (so that most needles find something). */
const needle = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 8 }).map((chars) => chars.join('')),
  fc.tuple(fc.nat(rows.length - 1), fc.nat(columns.length - 1), fc.nat(30), fc.integer({ min: 1, max: 12 }), fc.constantFrom(...ZONES)).map(
    ([row, column, from, length, zone]) => cellText(columns[column] as Column<VoiceRecord>, rows[row] as VoiceRecord, zone).slice(from, from + length),
  ),
);

describe('any needle in the archive finds what the table finds', () => {
  const archive = stagedArchive(table, rows);

  it('in either zone, with and without the rows\' span', async () => {
    const all = (await archive().page(table, {}, 0, 1_000)).records;
    const span = { fromMs: Date.UTC(2026, 8, 1), toMs: Date.UTC(2026, 10, 23) };
    await fc.assert(
      fc.asyncProperty(needle, fc.constantFrom(...ZONES), fc.boolean(), async (typed, zone, withSpan) => {
        if (typed.trim() === '') return;
        const keep = rowPredicate(archivedColumns, [], typed, zone);
        const expected = all.filter((row) => keep?.(row) ?? true).map((row) => row.voiceId).sort();
        const condition = searchSql(table.layout, columns, typed, zone, withSpan ? span : undefined);
        const page = await archive().page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
        expect(page.records.map((row) => row.voiceId).sort(), `"${typed}" in ${zone.name}`).toEqual(expected);
      }),
      { numRuns: 250 },
    );
  }, 120_000);
});
