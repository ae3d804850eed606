/**
 * A sort of loaded rows orders text as the interface language does, whichever language the
 * process (a browser, Node with its LANG) was started in: the table in the renderer and the
 * export of its page in main sort by one rule, so the file lists the page in the screen's order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sortRows } from '../../../src/shared/cell-text';
import { currentLocale, setCurrentLocale } from '../../../src/shared/i18n';
import { listOf } from '../../../src/shared/operations';
import type { SeatRow, VoiceRecord } from '../../../src/shared/records';

const { columns } = listOf('seats');
const seat = (name: string): SeatRow => ({ keyId: name, name }) as SeatRow;
const names = ['张三', 'Zoe', '阿明', 'émile', '李四', 'Emma'].map(seat);
const sorted = (descending = false): string[] => sortRows(names, columns, { key: 'name', descending }).map((row) => row.name ?? '');

describe('sorting loaded rows by a text column', () => {
  const before = currentLocale();
  afterEach(() => setCurrentLocale(before));

  it('follows the interface language, not the runtime default: pinyin in Chinese', () => {
    setCurrentLocale('zh-CN');
    const zh = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' }).compare;
    expect(sorted()).toEqual(names.map((row) => row.name ?? '').sort(zh));
    expect(sorted().slice(0, 3)).toEqual(['阿明', '李四', '张三']);
    expect(sorted(true)[0]).toBe('Zoe');
  });

  it('in English, Latin letters first, accents and case aside', () => {
    setCurrentLocale('en');
    expect(sorted().slice(0, 3)).toEqual(['émile', 'Emma', 'Zoe']);
  });

  it('changes with the language of the moment', () => {
    setCurrentLocale('en');
    const english = sorted();
    setCurrentLocale('zh-CN');
    expect(sorted()).not.toEqual(english);
    setCurrentLocale('en');
    expect(sorted()).toEqual(english);
  });
});

describe('sorting loaded rows by a coded column', () => {
  const voice = listOf('voiceRecords');
  const row = (feedbackValue: string): VoiceRecord => ({ voiceId: feedbackValue, feedbackValue }) as VoiceRecord;
  const keys = ['9', '#', '2', '', '*', '10', '-1', '0', '3', '1'].map(row);
  const sortedKeys = (descending: boolean): string[] => sortRows(keys, voice.columns, { key: 'feedbackValue', descending }).map((entry) => entry.feedbackValue ?? '');

  it('orders the codes as numbers, keys that are no number ("*", "#") with the empty ones last, either way', () => {
    // Compared as NaN, "*" and "#" once left the whole column in no order.
    expect(sortedKeys(false).slice(0, 7)).toEqual(['-1', '0', '1', '2', '3', '9', '10']);
    expect(sortedKeys(true).slice(0, 7)).toEqual(['10', '9', '3', '2', '1', '0', '-1']);
    for (const descending of [false, true]) expect(new Set(sortedKeys(descending).slice(7))).toEqual(new Set(['#', '', '*']));
  });
});

