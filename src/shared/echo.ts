/**
 * What a message repeats back of something the user (or any caller) typed: enough to
 * recognise it, never the whole of an arbitrarily long input, and nothing that cannot be shown.
 */

export const ECHO_MAX_CHARS = 120;

/** Control characters and lone surrogates: shown as "�" so a message or a log line stays one readable line. */
const UNSHOWABLE = /[\p{Cc}\p{Cs}]/gu;

/** `text` cut to `max` characters with "…" when longer; cut between code points, so an emoji is never halved. */
export function echoInput(text: string, max: number = ECHO_MAX_CHARS): string {
  return clip(text, max).replace(UNSHOWABLE, '\uFFFD');
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  for (const char of text) {
    if (count === max) return `${text.slice(0, end)}…`;
    count += 1;
    end += char.length;
  }
  return text;
}
