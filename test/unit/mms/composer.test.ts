import { describe, expect, it } from 'vitest';
import { checkComposer, isSendable, measureContent, requestFor, type MmsDraft } from '../../../src/shared/mms/composer';
import { cleanRecipientText } from '../../../src/shared/mms/recipients';

const draft: MmsDraft = { appId: 'app-1', content: 'Hello', mmsType: '1', mmsTitle: '', mmsFiles: '' };
const some = cleanRecipientText('123456\n234567');

function fieldsOf(patch: Partial<MmsDraft>, recipients = some): Record<string, string> {
  return checkComposer({ ...draft, ...patch }, recipients).fields;
}

describe('checkComposer', () => {
  it('passes a good draft and batches the recipients', () => {
    const check = checkComposer(draft, some);
    expect(check.fields).toEqual({});
    expect(check.batches).toEqual([['123456', '234567']]);
    expect(isSendable(check)).toBe(true);
  });

  it('refuses each limit of the spec, field by field', () => {
    expect(fieldsOf({ appId: ' ' })).toHaveProperty('appId');
    expect(fieldsOf({ content: '' })).toHaveProperty('content');
    expect(fieldsOf({ content: 'x'.repeat(1024) })).toEqual({});
    expect(fieldsOf({ content: 'x'.repeat(1025) }).content).toMatch(/at most 1024/);
    expect(fieldsOf({ mmsTitle: 't'.repeat(80) })).toEqual({});
    expect(fieldsOf({ mmsTitle: 't'.repeat(81) }).mmsTitle).toMatch(/at most 80/);
    expect(fieldsOf({ mmsFiles: 'a, b,c' })).toEqual({});
    expect(fieldsOf({ mmsFiles: 'a,b,c,d' }).mmsFiles).toMatch(/At most 3/);
    expect(fieldsOf({ mmsFiles: 'a,,b' }).mmsFiles).toMatch(/empty/);
    expect(fieldsOf({ mmsType: '2', content: 'x'.repeat(160) })).toEqual({});
    expect(fieldsOf({ mmsType: '2', content: 'x'.repeat(161) }).content).toMatch(/one message/);
    expect(fieldsOf({ mmsType: '2', content: 'ж'.repeat(71) }).content).toMatch(/70/);
    expect(fieldsOf({ mmsType: '1', content: 'x'.repeat(161) })).toEqual({});
  });

  it('says when there is no valid recipient', () => {
    expect(fieldsOf({}, cleanRecipientText('')).numbers).toMatch(/at least one/);
    expect(fieldsOf({}, cleanRecipientText('abc\n12')).numbers).toMatch(/None of the 2 entries/);
  });

  it('is not sendable with a field error', () => {
    expect(isSendable(checkComposer({ ...draft, appId: '' }, some))).toBe(false);
  });
});

describe('requestFor', () => {
  it('leaves empty optional fields out and tidies the attachment ids', () => {
    expect(requestFor(draft, ['123456'])).toEqual({ appId: 'app-1', numbers: '123456', content: 'Hello', mmsType: '1' });
    expect(requestFor({ ...draft, mmsTitle: 'Hi', mmsFiles: ' a , b' }, ['1', '2'])).toMatchObject({
      numbers: '1,2',
      mmsTitle: 'Hi',
      mmsFiles: 'a,b',
    });
  });

  it('sends no typed subject with type 2, whose subject the platform generates, and no refusal of one either', () => {
    const typed = { ...draft, mmsType: '2' as const, mmsTitle: 'x'.repeat(200) };
    expect(requestFor(typed, ['123456'])).not.toHaveProperty('mmsTitle');
    expect(checkComposer(typed, some).fields).not.toHaveProperty('mmsTitle');
    // Back to type 1, the subject typed is there again, and judged.
    expect(checkComposer({ ...typed, mmsType: '1' }, some).fields).toHaveProperty('mmsTitle');
  });
});

describe('measureContent', () => {
  it('counts characters as people do and measures the billed unit', () => {
    const measure = measureContent('hi 😀');
    expect(measure.characters).toBe(4);
    expect(measure.unit.encoding).toBe('ucs2');
    expect(measureContent('hello').unit).toMatchObject({ encoding: 'gsm7', length: 5, unitCapacity: 160 });
  });
});
