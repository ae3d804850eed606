/**
 * How much of one billed message unit a text uses: 160 GSM-7 characters, or 70 when
 * any character is outside GSM-7 (the text then goes as UCS-2). MMS type 2 may use at
 * most one unit. The client's validation and the sandbox both use this one rule.
 */

// GSM 03.38 default alphabet (one septet each).
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// Extension table: each costs two septets (escape + character).
const GSM7_EXTENDED = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export const GSM7_UNIT_CHARS = 160;
export const UCS2_UNIT_CHARS = 70;

export interface MessageUnitMeasure {
  encoding: 'gsm7' | 'ucs2';
  /** Length in the encoding's units: septets for GSM-7 (extension characters count 2), UTF-16 code units for UCS-2. */
  length: number;
  /** What one billed unit holds in this encoding. */
  unitCapacity: number;
  fitsOneUnit: boolean;
}

/** Measures a message text against one billed unit. */
export function measureMessageUnit(text: string): MessageUnitMeasure {
  let septets = 0;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENDED.has(char)) septets += 2;
    else {
      return {
        encoding: 'ucs2',
        length: text.length,
        unitCapacity: UCS2_UNIT_CHARS,
        fitsOneUnit: text.length <= UCS2_UNIT_CHARS,
      };
    }
  }
  return {
    encoding: 'gsm7',
    length: septets,
    unitCapacity: GSM7_UNIT_CHARS,
    fitsOneUnit: septets <= GSM7_UNIT_CHARS,
  };
}

/** True when the text fits one billed message unit (the MMS type 2 rule). */
export function fitsOneMessageUnit(text: string): boolean {
  return measureMessageUnit(text).fitsOneUnit;
}
