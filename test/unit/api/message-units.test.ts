import { describe, expect, it } from 'vitest';
import { fitsOneMessageUnit, measureMessageUnit } from '../../../src/shared/mms/message-units';

describe('one billed message unit', () => {
  it('holds 160 GSM-7 characters', () => {
    expect(fitsOneMessageUnit('a'.repeat(160))).toBe(true);
    expect(fitsOneMessageUnit('a'.repeat(161))).toBe(false);
    expect(measureMessageUnit('Hello @ £5 ÄÖ')).toMatchObject({
      encoding: 'gsm7',
      length: 13,
      unitCapacity: 160,
    });
  });

  it('counts GSM-7 extension characters twice', () => {
    expect(measureMessageUnit('€[]')).toMatchObject({ encoding: 'gsm7', length: 6 });
    expect(fitsOneMessageUnit(`${'a'.repeat(158)}€`)).toBe(true);
    expect(fitsOneMessageUnit(`${'a'.repeat(159)}€`)).toBe(false);
  });

  it('holds 70 characters once any character is outside GSM-7', () => {
    expect(fitsOneMessageUnit('你'.repeat(70))).toBe(true);
    expect(fitsOneMessageUnit('你'.repeat(71))).toBe(false);
    expect(fitsOneMessageUnit(`${'a'.repeat(69)}ç`)).toBe(true);
    expect(fitsOneMessageUnit(`${'a'.repeat(70)}ç`)).toBe(false);
    expect(measureMessageUnit('hi 😀')).toMatchObject({ encoding: 'ucs2', length: 5, unitCapacity: 70 });
  });

  it('treats the empty text as fitting', () => {
    expect(fitsOneMessageUnit('')).toBe(true);
  });
});
