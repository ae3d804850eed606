import { LANGUAGES, languageOfTags, setCurrentLocale, type Language } from '../../shared/i18n/locale';
import type { LanguageInfo } from '../../shared/methods/language';
import { ok } from '../../shared/result';
import type { DesktopPort } from '../desktop-port';
import type { Preferences } from '../preferences';
import type { Handlers } from './dispatcher';

/** The preference that keeps the language the user chose. */
export const LANGUAGE_PREFERENCE = 'language';

function chosenLanguage(preferences: Preferences): Language | null {
  const stored = preferences.all()[LANGUAGE_PREFERENCE];
  return LANGUAGES.find(({ locale }) => locale === stored)?.locale ?? null;
}

/**
 * Main speaks the user's language (files, notifications, messages) from its start, before
 * any window asks: the remembered choice, else the system's. The window then says which
 * language it shows, and Settings remembers a choice.
 */
export function createLanguageHandlers(
  preferences: Preferences,
  desktop: DesktopPort,
  /** Called after a switch: what main keeps in words (the jobs' titles, errors and warnings) is written again. */
  onSwitch: () => void = () => {},
): Pick<Handlers, 'languageInfo' | 'useLanguage'> {
  const system = (): string[] => desktop.systemLanguages?.() ?? [];
  setCurrentLocale(chosenLanguage(preferences) ?? languageOfTags(system()));
  return {
    languageInfo: (): ReturnType<typeof ok<LanguageInfo>> => ok({ chosen: chosenLanguage(preferences), system: system() }),
    useLanguage: ({ locale, remember }) => {
      setCurrentLocale(locale);
      onSwitch();
      const language = LANGUAGES.find((known) => known.locale === locale)?.locale;
      // The pseudo-locale is for tests of layout: it is shown, never remembered.
      return remember && language ? preferences.set(LANGUAGE_PREFERENCE, language) : ok(null);
    },
  };
}
