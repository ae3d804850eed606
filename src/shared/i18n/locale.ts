import { overwriteGetLocale, type Locale as CompiledLocale } from './paraglide/runtime.js';

/** A language the app offers. */
export type Language = 'en' | 'zh-CN';
/** A locale messages can be shown in: the languages, and the pseudo-locale tests lengthen text with. */
export type Locale = CompiledLocale;

export const LANGUAGES: readonly { locale: Language; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'zh-CN', name: '简体中文' },
];
export const PSEUDO_LOCALE: Locale = 'en-XA';
/** Every locale messages are compiled for. */
export const ALL_LOCALES: readonly Locale[] = ['en', 'zh-CN', PSEUDO_LOCALE];

/** A known locale spelled exactly, or null: for a stored choice, a URL parameter, a bridge request. */
export function parseLocale(value: unknown): Locale | null {
  return ALL_LOCALES.find((locale) => locale === value) ?? null;
}

/**
 * The app's language for a list of BCP 47 tags in order of preference (the system's, the
 * browser's, LANG's): the first Chinese or English tag wins, English when none is.
 */
export function languageOfTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_.@]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/** The language of a POSIX environment (LC_ALL, then LC_MESSAGES, then LANG), as `LANG=zh_CN.UTF-8` gives. */
export function languageOfEnvironment(env: Readonly<Record<string, string | undefined>>): Language {
  const tag = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value && value !== 'C' && value !== 'POSIX');
  return languageOfTags(tag ? [tag] : []);
}

let chosen: Locale = 'en';
let read: () => Locale = () => chosen;

/** The locale messages are shown in now. */
export function currentLocale(): Locale {
  return read();
}

/** Sets the locale of this process (main, the CLI, a test). */
export function setCurrentLocale(locale: Locale): void {
  chosen = locale;
}

/**
 * Lets a reactive store own the locale (the renderer's), so text that called a message
 * function is drawn again when the language changes, with nothing remounted.
 */
export function readLocaleFrom(source: () => Locale): void {
  read = source;
}

/** The locale for Intl (numbers, dates, money): the pseudo-locale formats as English. */
export function intlLocale(locale: Locale = currentLocale()): string {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}

overwriteGetLocale(() => read());

/**
 * A text with no inputs kept as its message function (`m.lists_callee`), not as a string,
 * so it is read in the language of the moment, or in a fixed one (`label({}, { locale: 'en' })`
 * for English export headers).
 */
export type Label = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/**
 * How many of a thing, in words, with the measure word or plural the language wants
 * ("7 countries", "共 7 个国家" needs "7 个国家"): a message kept as its function, given the
 * count already formatted.
 */
export type CountLabel = (inputs: { count: string }) => string;
