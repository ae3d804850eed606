/**
 * "With mmsType 2 the content may not exceed 1 billed message unit." The spec does not
 * define a unit; the sandbox and the client share one rule (src/shared/message-units.ts):
 * content made only of GSM 03.38 7-bit characters fits one unit at up to 160 septets
 * (extension characters such as € [ ] { } count two); any other character switches the
 * whole text to UCS-2, where one unit holds 70 UTF-16 code units (an emoji counts two).
 */
export {
  fitsOneMessageUnit as fitsOneBilledUnit,
  GSM7_UNIT_CHARS as GSM7_UNIT_SEPTETS,
  UCS2_UNIT_CHARS as UCS2_UNIT_CODE_UNITS,
} from '../../shared/mms/message-units';

/** Characters as a person counts them (code points, so an emoji is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _char of text) count++;
  return count;
}
