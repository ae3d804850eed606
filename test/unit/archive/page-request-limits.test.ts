/**
 * The archive's page check bounds search and filter text as the list screens' filters do
 * (filterTextFlaw: 200 characters as a person counts them), so one never refuses what the other takes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkArchivePageAsks } from '../../../src/main/archive/page-request-limits';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { filterTextFlaw } from '../../../src/shared/validation';

const EMOJI_200 = '😀'.repeat(200);
const CHARS_201 = 'a'.repeat(201);

describe("an archive page's search and filter text", () => {
  const textField = archiveTableFor('voiceRecords').layout.fields.find((field) => field.kind === 'text')?.field ?? '';

  it('is a text field of the list being tested', () => {
    expect(textField).not.toBe('');
    expect(EMOJI_200.length).toBe(400);
  });

  it('takes 200 emoji (400 UTF-16 units), as a list filter does', () => {
    expect(filterTextFlaw(EMOJI_200)).toBeNull();
    expect(checkArchivePageAsks('voiceRecords', { search: EMOJI_200 }).ok).toBe(true);
    expect(checkArchivePageAsks('voiceRecords', { contains: [{ field: textField, text: EMOJI_200 }] }).ok).toBe(true);
    expect(checkArchivePageAsks('voiceRecords', { equals: [{ field: textField, value: EMOJI_200 }] }).ok).toBe(true);
  });

  it('refuses 201 characters, as a list filter does', () => {
    expect(filterTextFlaw(CHARS_201)).not.toBeNull();
    for (const text of [CHARS_201, '😀'.repeat(201)]) {
      const search = checkArchivePageAsks('voiceRecords', { search: text });
      expect(search.ok ? null : search.error.fields).toEqual({ search: 'Search for at most 200 characters: shorten the search text.' });
      const contains = checkArchivePageAsks('voiceRecords', { contains: [{ field: textField, text }] });
      expect(contains.ok ? null : Object.keys(contains.error.fields ?? {})).toEqual([textField]);
      const equals = checkArchivePageAsks('voiceRecords', { equals: [{ field: textField, value: text }] });
      expect(equals.ok ? null : Object.keys(equals.error.fields ?? {})).toEqual([textField]);
    }
  });
});

describe('too many filters on an archive page', () => {
  afterEach(() => setCurrentLocale('en'));
  const textField = archiveTableFor('voiceRecords').layout.fields.find((field) => field.kind === 'text')?.field ?? '';
  const containsOf = (count: number) => Array.from({ length: count }, () => ({ field: textField, text: '1' }));
  const equalsOf = (count: number) => Array.from({ length: count }, () => ({ field: textField, value: '1' }));
  const refused = (result: ReturnType<typeof checkArchivePageAsks>) => (result.ok ? null : { message: result.error.message, fields: result.error.fields });

  it('names the column filters when they are too many', () => {
    const message = 'At most 50 column filters apply at once: clear some of them.';
    expect(refused(checkArchivePageAsks('voiceRecords', { contains: containsOf(51) }))).toEqual({ message, fields: { contains: message } });
  });

  it('names the filters from the Overview (equals), not the column filters, when they are too many', () => {
    const message = 'At most 50 filters from the Overview apply at once: remove some of them.';
    expect(refused(checkArchivePageAsks('voiceRecords', { equals: equalsOf(51) }))).toEqual({ message, fields: { equals: message } });
    setCurrentLocale('zh-CN');
    const chinese = refused(checkArchivePageAsks('voiceRecords', { equals: equalsOf(51) }));
    expect(chinese?.fields).toEqual({ equals: '最多同时应用 50 个来自概览的筛选：请移除部分筛选。' });
  });

  it('counts each part against its own bound: 50 of each are taken together', () => {
    expect(checkArchivePageAsks('voiceRecords', { contains: containsOf(50), equals: equalsOf(50) }).ok).toBe(true);
    expect(checkArchivePageAsks('voiceRecords', { contains: containsOf(50), equals: equalsOf(49), via: { name: 'seat', value: '1' } }).ok).toBe(true);
    const overBy = checkArchivePageAsks('voiceRecords', { contains: containsOf(10), equals: equalsOf(50), via: { name: 'seat', value: '1' } });
    expect(overBy.ok ? null : Object.keys(overBy.error.fields ?? {})).toEqual(['equals']);
  });
});
