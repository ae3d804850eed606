/**
 * A message worded earlier, worded again in another language: what main keeps in words (a
 * finished job's error and warnings) is read back against the message catalog it was worded
 * from, and worded again from the same message in the language of the moment, with the same
 * inputs (themselves worded again when they are messages too: a list's title). A text the
 * catalog did not word (a server's reason, a path) stays as it is.
 *
 * Each message's template is what it words with inputs that name themselves, so the catalog
 * is read as the app words it (every language, no second copy of the texts).
 */
import * as messages from './paraglide/messages/_index.js';
import { ALL_LOCALES, currentLocale, type Locale } from './locale';

type MessageFunction = (inputs: Record<string, unknown>, options: { locale: Locale }) => string;

interface Template {
  /** The message's name in the catalog. */
  key: string;
  /** Matches a whole text worded from it; group N is the input `names[N - 1]`. */
  pattern: RegExp;
  names: string[];
  /** A piece of its text that any text worded from it holds (a quick test before the pattern). */
  longest: string;
  /** How much of its text is its own words, not inputs: the more, the surer a match. */
  weight: number;
}

const OPEN = '\u0001';
const CLOSE = '\u0002';
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');
/** Inputs that word themselves: `{count}` is worded as OPEN + 'count' + CLOSE. */
const SELF_NAMING: Record<string, unknown> = new Proxy(
  {},
  { get: (_target, name) => (typeof name === 'string' ? `${OPEN}${name}${CLOSE}` : undefined) },
);
/** Below this much of its own words a message with inputs (`{title}: {outcome}`) could match anything: it is not read back. */
const WEIGHT_MIN = 4;
/** A message's inputs are read back this deep (a title in a message in a message). */
const DEPTH_MAX = 3;
/** An input is worded again only as a message of this many words of its own ("Voice records", 语音记录), not a name such as "Sync" a user may have typed. */
const INPUT_WEIGHT_MIN = 8;

let catalog: Template[] | null = null;

/** How much of a text is words: a Chinese character says about as much as two letters. */
function weightOf(text: string): number {
  let weight = 0;
  for (const char of text) {
    if (/\p{Script=Han}/u.test(char)) weight += 2;
    else if (/\p{L}|\p{N}/u.test(char)) weight += 1;
  }
  return weight;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(key: string, worded: string): Template | null {
  const names: string[] = [];
  const literals: string[] = [];
  let source = '';
  let last = 0;
  for (const match of worded.matchAll(MARKED)) {
    const literal = worded.slice(last, match.index);
    literals.push(literal);
    source += `${escaped(literal)}([\\s\\S]*?)`;
    names.push(match[1]);
    last = match.index + match[0].length;
  }
  const tail = worded.slice(last);
  literals.push(tail);
  source += escaped(tail);
  const weight = weightOf(literals.join(''));
  if (names.length > 0 && weight < WEIGHT_MIN) return null;
  const longest = literals.reduce((a, b) => (b.length > a.length ? b : a), '');
  return { key, pattern: new RegExp(`^${source}$`), names, longest, weight };
}

/** Every message's template in every language, read once. */
function templates(): Template[] {
  if (catalog) return catalog;
  const found: Template[] = [];
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'function') continue;
    const message = value as MessageFunction;
    for (const locale of ALL_LOCALES) {
      const template = templateOf(key, message(SELF_NAMING, { locale }));
      if (template) found.push(template);
    }
  }
  // The surest first: of two templates a text matches, the one with more words of its own wins.
  catalog = found.sort((a, b) => b.weight - a.weight);
  return catalog;
}

/** The text worded again in `locale`, or null when the catalog did not word it. */
function rewordWhole(text: string, locale: Locale, depth: number): string | null {
  const least = depth === 0 ? 0 : INPUT_WEIGHT_MIN;
  for (const template of templates()) {
    if (template.weight < least) break;
    if (!text.includes(template.longest)) continue;
    const match = template.pattern.exec(text);
    if (!match) continue;
    const inputs: Record<string, string> = {};
    template.names.forEach((name, index) => {
      const input = match[index + 1] ?? '';
      inputs[name] ??= depth < DEPTH_MAX ? (rewordWhole(input, locale, depth + 1) ?? input) : input;
    });
    return (messages[template.key as keyof typeof messages] as MessageFunction)(inputs, { locale });
  }
  return null;
}

/** `text` in `locale` (default the language of the moment) when the catalog worded it; else as it is. */
export function reword(text: string, locale: Locale = currentLocale()): string {
  return rewordWhole(text, locale, 0) ?? text;
}
