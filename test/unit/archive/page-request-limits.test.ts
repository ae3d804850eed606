/**
 * The archive's page check bounds search and filter text as the list screens' filters do
 * (filterTextFlaw: 200 characters as a person counts them), so one never refuses what the other takes.
 */
import { describe, expect, it } from 'vitest';
import { checkArchivePageAsks } from '../../../src/main/archive/page-request-limits';
import { archiveTableFor } from '../../../src/main/archive/tables';
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
