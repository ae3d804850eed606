/**
 * A profile name's limit is counted as every other text limit is, in characters as a person
 * counts them (characterCount): a name the message calls short enough is taken.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_NAME_MAX, validateProfileDraft, type ProfileDraft } from '../../../src/shared/profiles';

const draft = (name: string): ProfileDraft => ({
  name,
  baseUrl: 'https://api.onbuka.com',
  apiKey: 'key-1',
  apiSecret: 'secret-1',
  defaultAppId: '',
  timeZone: '+08:00',
  pageSize: 25,
});

describe("a profile name's length", () => {
  it('counts an emoji or a rare CJK character as one character', () => {
    // 31 characters, 62 UTF-16 units.
    expect(validateProfileDraft(draft('😀'.repeat(31)), { creating: true }).name).toBeUndefined();
    expect(validateProfileDraft(draft('𠀀'.repeat(PROFILE_NAME_MAX)), { creating: true }).name).toBeUndefined();
  });

  it(`refuses more than ${PROFILE_NAME_MAX} characters, saying so`, () => {
    expect(validateProfileDraft(draft('a'.repeat(PROFILE_NAME_MAX + 1)), { creating: true }).name).toBe(`Keep the name to ${PROFILE_NAME_MAX} characters.`);
    expect(validateProfileDraft(draft('😀'.repeat(PROFILE_NAME_MAX + 1)), { creating: true }).name).toBe(`Keep the name to ${PROFILE_NAME_MAX} characters.`);
  });
});
