/**
 * Characters no text field of the platform should receive: control characters (free text
 * may keep its line breaks and tabs) and lone UTF-16 surrogates, which no encoding can
 * send and which the platform would store as garbage.
 */
import { m } from '../i18n';

export interface TextRules {
  /** Line breaks and tabs are allowed (message content), not other control characters. */
  multiline?: boolean;
  /** Text told apart by how it looks (a name, a label): characters that show nothing are refused too (see INVISIBLE). */
  seen?: boolean;
}

/**
 * Characters that show nothing (zero-width spaces and joiners, word joiners, the byte-order
 * mark) or only turn the text around (direction marks, embeddings, overrides, isolates):
 * with one, two names can look identical and still differ. A zero-width joiner or
 * non-joiner between two letters of a script that joins (Persian, the Indic scripts) or two
 * parts of an emoji is part of how the name is written, and is kept: its neighbours are not
 * ASCII and not spaces.
 */
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|(?<![^\p{ASCII}\s])[\u200C\u200D]|[\u200C\u200D](?![^\p{ASCII}\s])/u;

/** The first invisible character of a text as U+XXXX, for a message that says what to remove; null when none. */
export function invisibleCharacterIn(text: string): string | null {
  const found = INVISIBLE.exec(text)?.[0];
  return found === undefined ? null : codeName(found.codePointAt(0) ?? 0);
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
  const invisible = rules.seen === true ? invisibleCharacterIn(text) : null;
  return invisible === null ? null : m.errors_text_invisible_character({ code: invisible });
}

/** C0, DEL and C1. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** A character's code as `U+XXXX`, for a message that says which to remove. */
export function codeName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
