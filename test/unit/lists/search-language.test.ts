/**
 * The table's search over loaded rows matches the words the cells show now: after a change of
 * language the search finds the new labels (已接通) and no longer the old ones, as an export of
 * the same query (made in main, in the language of the moment) does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rowPredicate, SearchTexts, searchTextOf } from '../../../src/shared/column-filter';
import { currentLocale, setCurrentLocale } from '../../../src/shared/i18n';
import { listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const { columns } = listOf('voiceRecords');
const voice = (fields: Partial<VoiceRecord>): VoiceRecord => ({ ...listOf('voiceRecords').normalise({}, { zone }), ...fields });
const rows = [voice({ voiceId: 'a', callStatus: 50 }), voice({ voiceId: 'b', callStatus: 10 })];

describe("the table's search over loaded rows", () => {
  const before = currentLocale();
  afterEach(() => setCurrentLocale(before));

  it('finds the labels of the language of the moment, as the export does', () => {
    setCurrentLocale('en');
    const texts = new SearchTexts(() => columns);
    const shown = (search: string): string[] =>
      rows.filter(rowPredicate(columns, [], search, zone, (row) => texts.of(row, zone)) ?? (() => true)).map((row) => row.voiceId ?? '');
    const exported = (search: string): string[] => rows.filter(rowPredicate(columns, [], search, zone) ?? (() => true)).map((row) => row.voiceId ?? '');
    expect(shown('(50)')).toEqual(['a']);
    expect(shown('connected (50)')).toEqual(['a']);

    setCurrentLocale('zh-CN');
    expect(exported('已接通（50）')).toEqual(['a']);
    expect(shown('已接通（50）')).toEqual(exported('已接通（50）'));
    expect(shown('connected (50)')).toEqual(exported('connected (50)'));
    expect(shown('connected (50)')).toEqual([]);
    expect(texts.of(rows[0], zone)).toBe(searchTextOf(columns, rows[0], zone));
  });
});
