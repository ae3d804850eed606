import { describe, expect, it } from 'vitest';
import { cleanRecipientText, cleanRecipients, recipientProblem, splitRecipientText } from '../../../src/shared/mms/recipients';
import { splitIntoBatches } from '../../../src/shared/mms/batches';

describe('splitRecipientText', () => {
  it('splits on commas, semicolons, tabs and new lines', () => {
    expect(splitRecipientText(' 123456, 234567;345678\n456789\t567890\r\n\n678901 ,, ')).toEqual([
      '123456',
      '234567',
      '345678',
      '456789',
      '567890',
      '678901',
    ]);
  });

  it('keeps the spaces, dots, dashes and brackets inside a number as part of it', () => {
    expect(splitRecipientText('+86 13800138000\n+44 7700 900123\n(020) 7946.0018\n+1-202-555-0143, +49 (0)30 1234567')).toEqual([
      '+86 13800138000',
      '+44 7700 900123',
      '(020) 7946.0018',
      '+1-202-555-0143',
      '+49 (0)30 1234567',
    ]);
  });
});

describe('recipientProblem', () => {
  it('accepts 6 to 15 digits with an optional leading +', () => {
    expect(recipientProblem('123456')).toBeNull();
    expect(recipientProblem('+123456789012345')).toBeNull();
  });
  it('names the reason', () => {
    expect(recipientProblem('12345')).toBe('too short');
    expect(recipientProblem('+12345')).toBe('too short');
    expect(recipientProblem('1234567890123456')).toBe('too long');
    expect(recipientProblem('12345a7')).toBe('has letters');
    expect(recipientProblem('abc')).toBe('has letters');
    expect(recipientProblem('123/4567')).toBe('bad characters');
    expect(recipientProblem('++1234567')).toBe('bad characters');
    expect(recipientProblem('12+34567')).toBe('bad characters');
  });
  it('says a number in scientific notation lost its digits to a spreadsheet, not that it has letters', () => {
    expect(recipientProblem('8.61380E+12')).toBe('spreadsheet notation');
    expect(recipientProblem('8,6138E+12')).toBe('spreadsheet notation');
    expect(recipientProblem('4.47701e11')).toBe('spreadsheet notation');
    expect(recipientProblem('12E4567')).toBe('has letters');
  });
  it('reads the digits an Arabic or Persian keyboard types as the digits they are', () => {
    // ٩٧١٥٠١٢٣٤٥٦٧ is 971501234567 (a UAE mobile) typed on an Arabic keyboard; ۹۸ is Persian.
    expect(cleanRecipientText('+٩٧١ ٥٠ ١٢٣ ٤٥٦٧\n۹۸۹۱۲۳۴۵۶۷۸۹').valid).toEqual(['+971501234567', '989123456789']);
    expect(recipientProblem('٩٧١٥٠')).toBe('too short');
  });
  it('reads spaces, dots, dashes and brackets inside a number as layout', () => {
    expect(recipientProblem('+86 138 0013 8000')).toBeNull();
    expect(recipientProblem('123-4567')).toBeNull();
    expect(recipientProblem('(020) 7946.0018')).toBeNull();
  });
  it('says so when one line holds several numbers', () => {
    expect(recipientProblem('13800138000 13900139000')).toBe('several numbers');
    expect(recipientProblem('+44 7700 900123 7777')).toBe('too long');
  });
});

describe('cleanRecipients', () => {
  it('keeps the first of each number, sets the rest apart with reasons and counts them', () => {
    const cleaned = cleanRecipientText('+8613800000001, 8613800000002\n8613800000001; hello\n123\t8613800000002\n+8613800000002');
    expect(cleaned.valid).toEqual(['+8613800000001', '8613800000002']);
    expect(cleaned.rejected).toEqual([
      { entry: '8613800000001', position: 3, reason: 'duplicate' },
      { entry: 'hello', position: 4, reason: 'has letters' },
      { entry: '123', position: 5, reason: 'too short' },
      { entry: '8613800000002', position: 6, reason: 'duplicate' },
      { entry: '+8613800000002', position: 7, reason: 'duplicate' },
    ]);
    expect(cleaned.counts).toEqual({ entered: 7, valid: 2, duplicates: 3, invalid: 2 });
  });

  it('pasted international numbers become one recipient each, written without layout', () => {
    const cleaned = cleanRecipientText('+86 13800138000\n+44 7700 900123\n+86 138-0013-8000\n(020) 7946 0018\n13800138000 13900139000');
    expect(cleaned.valid).toEqual(['+8613800138000', '+447700900123', '02079460018']);
    expect(cleaned.rejected).toEqual([
      { entry: '+86 138-0013-8000', position: 3, reason: 'duplicate' },
      { entry: '13800138000 13900139000', position: 5, reason: 'several numbers' },
    ]);
    expect(cleaned.counts).toEqual({ entered: 5, valid: 3, duplicates: 1, invalid: 1 });
  });

  it('reads numbers typed with a Chinese input method in full width (１３８…, ＋８６, （０２０）) as the numbers they are', () => {
    const cleaned = cleanRecipientText('＋８６\u3000１３８\u3000００１３\u3000８０００\n１３９００１３９０００\n（０２０）７９４６－００１８\n+8613800138000');
    expect(cleaned.valid).toEqual(['+8613800138000', '13900139000', '02079460018']);
    expect(cleaned.rejected).toEqual([{ entry: '+8613800138000', position: 4, reason: 'duplicate' }]);
    expect(recipientProblem('１３９００１３９０００')).toBeNull();
  });

  it('trims entries and ignores empty ones', () => {
    const cleaned = cleanRecipients(['  123456  ', '', '   ']);
    expect(cleaned.valid).toEqual(['123456']);
    expect(cleaned.counts.entered).toBe(1);
  });

  it('every kept number matches the platform pattern and is unique, whatever comes in', () => {
    const junk = ['+', '', '0000001', '+0000001', 'x1', '1'.repeat(16), '9'.repeat(15), '٣٣٣٣٣٣٣', '12 34'];
    const cleaned = cleanRecipients([...junk, ...junk]);
    for (const number of cleaned.valid) expect(number).toMatch(/^\+?\d{6,15}$/);
    expect(new Set(cleaned.valid.map((n) => n.replace(/^\+/, ''))).size).toBe(cleaned.valid.length);
    expect(cleaned.counts.valid + cleaned.counts.duplicates + cleaned.counts.invalid).toBe(cleaned.counts.entered);
  });
});

describe('splitIntoBatches', () => {
  it('splits into consecutive batches of at most 1000, order kept', () => {
    const items = Array.from({ length: 2345 }, (_, i) => i);
    const batches = splitIntoBatches(items);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 345]);
    expect(batches.flat()).toEqual(items);
    expect(splitIntoBatches([])).toEqual([]);
    expect(splitIntoBatches(items.slice(0, 1000))).toHaveLength(1);
    expect(splitIntoBatches(items.slice(0, 1001))).toHaveLength(2);
  });
  it('refuses a nonsense size', () => {
    expect(() => splitIntoBatches([1], 0)).toThrow(RangeError);
  });
});
