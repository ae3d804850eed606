/**
 * Characters no text field of the platform should receive: control characters (free text
 * may keep its line breaks and tabs) and lone UTF-16 surrogates, which no encoding can
 * send and which the platform would store as garbage.
 */
import { m } from '../i18n';

export interface TextRules {
  /** Line breaks and tabs are allowed (message content), not other control characters. */
  multiline?: boolean;
}

const LINE_BREAKS_AND_TABS = new Set(['\n', '\r', '\t']);

/** Full-width forms a Chinese or Japanese input method types (`１２０`, `＋`, `（`): their ASCII characters. */
export function asciiFromFullWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/gu, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
}

/**
 * What a person typed as ASCII: full-width forms (see asciiFromFullWidth) and the digits an
 * Arabic (٠-٩) or Persian (۰-۹) keyboard types, which are the same numbers.
 */
export function typedAscii(text: string): string {
  return asciiFromFullWidth(text).replace(/[\u0660-\u0669\u06F0-\u06F9]/gu, (char) => {
    const code = char.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** Characters as a person counts them: code points, so an emoji or a rare CJK character is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _char of text) count += 1;
  return count;
}

/** What is wrong with the first character `text` may not hold (its position counted as a person counts), or null. */
export function unsendableCharacter(text: string, rules: TextRules = {}): string | null {
  let position = 0;
  for (const char of text) {
    position += 1;
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      return m.errors_text_broken_character({ position: String(position), code: codeName(code) });
    }
    if (isControl(code) && !(rules.multiline === true && LINE_BREAKS_AND_TABS.has(char))) {
      return m.errors_text_control_character({ position: String(position), code: codeName(code) });
    }
  }
  return null;
}

/** C0, DEL and C1. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

function codeName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
