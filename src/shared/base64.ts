/** How many characters `bytes` bytes take as padded base64 (the form a file crosses the bridge in). */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** Anything outside standard base64's alphabet (RFC 4648 §4): `-` and `_` (base64url), spaces and line breaks included. */
const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/]/;

/**
 * Whether `text` is standard base64 as a file crosses the bridge: its alphabet only, with no
 * spaces or line breaks, padded to a multiple of four with `=` or not padded at all.
 */
export function isBase64(text: string): boolean {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const body = text.slice(0, text.length - padding);
  // One character past a whole group of four holds no byte: something was cut or added.
  if (OUTSIDE_ALPHABET.test(body) || body.length % 4 === 1) return false;
  return padding === 0 || text.length % 4 === 0;
}
