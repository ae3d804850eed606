/**
 * Type 2's one-billed-unit refusal and the counter under the content tell one figure: the
 * counter says how many characters the content has and how much of one billed unit it uses;
 * the refusal must not call the unit's figure a number of characters the counter contradicts.
 */
import { describe, expect, it } from 'vitest';
import { measureContent } from '../../../src/shared/mms/composer';
import type { MmsSendRequest } from '../../../src/shared/requests';
import { validateMmsSend } from '../../../src/shared/validation';

function type2Refusal(content: string): string {
  const request: MmsSendRequest = { appId: 'app-1', numbers: '91856321412', content, mmsType: '2' };
  const result = validateMmsSend(request);
  return result.ok ? '' : (result.error.fields?.content ?? '');
}

describe("type 2's one billed unit", () => {
  // 40 emoji: 40 characters, 80 of a Unicode unit's 70. 100 euro signs: 100 characters, 200 of a GSM-7 unit's 160.
  for (const content of ['😀'.repeat(40), '€'.repeat(100), 'a'.repeat(161), '你'.repeat(71)]) {
    it(`is refused with the counter's figures (${content.slice(0, 2)}…)`, () => {
      const measure = measureContent(content);
      const refusal = type2Refusal(content);
      expect(refusal).toContain('must fit one message');
      // The unit's use and capacity, as the counter shows them.
      expect(refusal).toContain(String(measure.unit.length));
      expect(refusal).toContain(String(measure.unit.unitCapacity));
      // Any number of characters it names is the one the counter names.
      for (const [, count] of refusal.matchAll(/(\d+) characters/g)) expect(Number(count)).toBe(measure.characters);
    });
  }
});
