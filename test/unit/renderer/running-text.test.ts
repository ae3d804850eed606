/** A list's title inside a sentence: lower-cased where English reads it so, an acronym kept, Chinese as it is. */
import { describe, expect, it } from 'vitest';
import { inRunningText } from '../../../src/renderer/src/lib/running-text';
import { setCurrentLocale, m } from '../../../src/shared/i18n';
import { LIST_OPERATIONS, listOf } from '../../../src/shared/operations';

describe('a title inside a sentence', () => {
  it('lower-cases a word, keeps an acronym, and leaves Chinese alone', () => {
    expect(inRunningText('Voice records')).toBe('voice records');
    expect(inRunningText('AXB bindings')).toBe('AXB bindings');
    expect(inRunningText('AXB 绑定')).toBe('AXB 绑定');
    expect(inRunningText('语音记录')).toBe('语音记录');
    expect(inRunningText('')).toBe('');
  });

  it('never shows a list title in lower-case Latin letters in Chinese', () => {
    try {
      setCurrentLocale('zh-CN');
      for (const operation of LIST_OPERATIONS) {
        const loading = m.lists_loading_list({ title: inRunningText(listOf(operation).endpoint.title()) });
        expect(loading, operation).not.toMatch(/[a-z]{2}/);
      }
    } finally {
      setCurrentLocale('en');
    }
  });
});
