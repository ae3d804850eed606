/** Letters, digits, `.`, `_` and `-` only, at most 60: a part of a file's name safe on Windows, macOS and Linux alike. */
export function safeNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
}
