/**
 * Which fields hold a secret, by name: a password under any spelling (`password`,
 * `Password`, `sipPassword`, `pwd`), a secret, a token or a signature. The one rule the
 * archive (what it stores and the Parquet it writes) and the rows leaving main both follow.
 */

const SECRET_WORD = /password|pwd|secret|token/i;
/** Words that end or begin with the letters of `sign` and hold no signature. */
const ORDINARY_SIGN_WORDS = /^(?:as|de|con|re|en)sign|^signal/;

/**
 * `sign` as a word of the name or the end of one (`sign`, `apiSign`, `sign_key`, `SIGN`,
 * `signature`, `md5sign`, `paysign`), not inside another word: `assignee`, `designation`
 * and `signalLevel` hold no signature.
 */
function saysSign(name: string): boolean {
  const words = name.split(/[^A-Za-z]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
  return words.some((word) => {
    const lower = word.toLowerCase();
    return (lower.startsWith('sign') || lower.endsWith('sign')) && !ORDINARY_SIGN_WORDS.test(lower);
  });
}

/** A case-insensitive text a database can prefilter by: every secret name matches it (and some others, checked after). */
export const SECRET_NAME_PATTERN = 'password|pwd|secret|token|sign';

/** True when a field's name says it holds a secret, in any case. */
export function isSecretFieldName(name: string): boolean {
  return SECRET_WORD.test(name) || saysSign(name);
}

/** A JSON value with every secret-named field dropped, at any depth (objects within objects and lists). */
export function withoutSecretFields<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!isSecretFieldName(key)) kept[key] = strip(inner);
  return kept;
}
