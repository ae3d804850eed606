/** A name part keeps at most this many characters (code points, so a character is never halved). */
const NAME_PART_MAX = 60;

/**
 * A part of a file's name, safe on Windows, macOS and Linux alike: letters and digits of any
 * script (a profile named 运营 or Équipe keeps its name), `.`, `_` and `-`. Anything else
 * (spaces, `\/:*?"<>|`, control and direction characters, emoji) becomes one `-`; a part never
 * starts or ends with `-` or `.`.
 */
export function safeNamePart(text: string): string {
  const trim = (part: string): string => part.replace(/^[-.]+|[-.]+$/g, '');
  const part = trim(
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
      .replace(/-{2,}/g, '-'),
  );
  return trim(Array.from(part).slice(0, NAME_PART_MAX).join(''));
}
