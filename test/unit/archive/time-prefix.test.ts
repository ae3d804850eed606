/**
 * A search for the start of a shown time (a date typed from its year) is answered from the
 * instants of one range: the rows just inside and just outside its ends, in a fixed zone and
 * at the edges of four-digit years, are found as the table's own search finds them.
 */
import { describe, expect, it } from 'vitest';
import { searchSql } from '../../../src/main/archive/shown-sql';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { rowPredicate } from '../../../src/shared/column-filter';
import { listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { stagedArchive } from './staged-archive';

const zone = parseTimeZone('+08:00') as TimeZone;
const table = archiveTableFor('voiceRecords');
const columns = listOf('voiceRecords').columns;
const OFFSET_MS = 8 * 3_600_000;
/** Shown (wall) times in the zone; each row's own text says nothing of them, so only its instant can match. */
const WALLS = [
  '2026-11-19 23:59:59',
  '2026-11-20 00:00:00',
  '2026-11-29 23:59:59',
  '2026-11-30 00:00:00',
  '2026-02-28 23:59:59',
  '2026-03-01 00:00:00',
  '0000-01-01 00:00:00',
  '9999-12-31 23:59:59',
];
const instantOf = (wall: string): number => Date.parse(`${wall.replace(' ', 'T')}Z`) - OFFSET_MS;

function record(wall: string, index: number): VoiceRecord {
  const base = listOf('voiceRecords').normalise({ voiceId: `t${index}`, callee: '', displayNum: '' }, { zone });
  return { ...base, voiceId: `t${index}`, submitTime: { text: 'at', epochMs: instantOf(wall) } };
}

describe('a search for the start of a shown time', () => {
  const rows = WALLS.map(record);
  const archive = stagedArchive(table, rows);

  const cases: [string, string[]][] = [
    ['2026-11-2', ['2026-11-20 00:00:00', '2026-11-29 23:59:59']],
    ['2026-11-19 23:59:5', ['2026-11-19 23:59:59']],
    ['2026-11-30', ['2026-11-30 00:00:00']],
    ['2026-02-3', []],
    ['2026-02-2', ['2026-02-28 23:59:59']],
    ['2026-0', ['2026-02-28 23:59:59', '2026-03-01 00:00:00']],
    ['0000', ['0000-01-01 00:00:00']],
    ['9999-12-31 23:59:59', ['9999-12-31 23:59:59']],
    ['202', WALLS.filter((wall) => wall.startsWith('202'))],
  ];
  it('a needle with the letter d, which the shape writes digits as, is searched as a word', async () => {
    for (const needle of ['d', 'dd', '2d', 'dd:d', 'dddd-dd-dd']) {
      const condition = searchSql(table.layout, columns, needle, zone);
      const page = await archive().page(table, condition ? { shown: [condition] } : {}, 0, 100);
      const keep = rowPredicate(columns, [], needle, zone);
      expect(page.records.map((row) => row.voiceId).sort(), needle).toEqual(rows.filter((row) => keep?.(row) ?? true).map((row) => row.voiceId).sort());
    }
  });

  for (const [needle, walls] of cases) {
    it(`"${needle}" finds exactly the times that start with it`, async () => {
      const condition = searchSql(table.layout, columns, needle, zone);
      const page = await archive().page(table, condition ? { shown: [condition] } : {}, 0, 100);
      const found = page.records.map((row) => row.voiceId).sort();
      expect(found).toEqual(walls.map((wall) => `t${WALLS.indexOf(wall)}`).sort());
      const keep = rowPredicate(columns, [], needle, zone);
      expect(found).toEqual(rows.filter((row) => keep?.(row) ?? true).map((row) => row.voiceId).sort());
    });
  }
});
