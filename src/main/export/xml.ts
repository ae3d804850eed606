/** Text for SpreadsheetML: escaped, stripped of what XML cannot carry, safe from Excel's `_xHHHH_` decoding. */

// Control characters are what these two look for: XML 1.0 cannot carry them.
/** Anything that needs more than copying: markup characters, controls, surrogates, CR, `_xHHHH_`. */
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MARKUP = /[&<>\r]/g;
const MARKUP_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
/** Excel and SheetJS decode `_x0041_` as "A"; a literal one is written with its underscore escaped. */
const ESCAPE_SEQUENCE = /_(x[0-9A-Fa-f]{4}_)/g;

/** Excel refuses a cell longer than this. */
export const MAX_CELL_CHARS = 32_767;

/** Characters XML 1.0 cannot hold (controls, lone surrogates) removed. */
export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
}

/** Escaped for an XML text node or attribute in double quotes. */
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return stripInvalidXml(text)
    .replace(MARKUP, (char) => MARKUP_ENTITIES[char])
    .replace(ESCAPE_SEQUENCE, '_x005F_$1');
}

export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/** Whether Excel would trim the text unless told to keep its spaces. */
export function needsSpacePreserved(text: string): boolean {
  return text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32);
}

/** A (1) ... Z (26), AA (27) ... */
export function columnLetters(index1: number): string {
  let letters = '';
  for (let n = index1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
