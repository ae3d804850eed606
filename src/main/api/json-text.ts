/**
 * JSON.parse turns `12345678901234567890` into 12345678901234567000 and `1.50` into
 * 1.5. The platform's ids and amounts must stay exact, so number literals that would
 * not survive the round trip are turned into strings before parsing.
 *
 * One pass over the text: strings are skipped with indexOf (fast, native); number
 * literals between them are checked, and only lossy ones are rewritten. Malformed
 * text is returned unchanged for JSON.parse to reject.
 */
export function quoteLossyNumbers(text: string): string {
  let out: string[] | null = null;
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    const quote = text.indexOf('"', i);
    const segmentEnd = quote === -1 ? text.length : quote;
    let k = i;
    while (k < segmentEnd) {
      const code = text.charCodeAt(k);
      if (code === 45 || (code >= 48 && code <= 57)) {
        let end = k + 1;
        while (end < segmentEnd && isNumberChar(text.charCodeAt(end))) end += 1;
        const token = text.slice(k, end);
        if (String(Number(token)) !== token && !Number.isNaN(Number(token))) {
          out ??= [];
          out.push(text.slice(copiedUpTo, k), '"', token, '"');
          copiedUpTo = end;
        }
        k = end;
      } else {
        k += 1;
      }
    }
    if (quote === -1) break;
    const close = closingQuote(text, quote + 1);
    if (close === -1) return text;
    i = close + 1;
  }
  if (out === null) return text;
  out.push(text.slice(copiedUpTo));
  return out.join('');
}

function isNumberChar(code: number): boolean {
  // 0-9 . e E + -
  return (
    (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45
  );
}

/** Index of the quote that ends a string starting at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at !== -1) {
    let backslashes = 0;
    for (let b = at - 1; b >= from && text.charCodeAt(b) === 92; b -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

/** Parses JSON keeping lossy number literals as their exact text. Throws like JSON.parse. */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(quoteLossyNumbers(text));
}

/**
 * True when text that starts like JSON ends inside a string or with brackets still
 * open: the body was cut off rather than written wrongly.
 */
export function looksTruncatedJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < trimmed.length; i += 1) {
    const char = trimmed[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return inString || depth > 0;
}
