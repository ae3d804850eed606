import { bridge } from './bridge';
import { languageOfTags, parseLocale, readLocaleFrom, type Language, type Locale } from '../../../shared/i18n/locale';

/**
 * The language the interface is shown in. Message functions read it through the i18n
 * module, so every text that called one is drawn again when it changes: no restart, no
 * remount, nothing typed lost. `?lang=` in the address overrides it for one run (the
 * pseudo-locale's layout test uses `?lang=en-XA`).
 */
class LanguageStore {
  current = $state<Locale>('en');
  /** The language main speaks too (its answers' words), once it took it: null before the first. */
  applied = $state<Locale | null>(null);

  constructor() {
    readLocaleFrom(() => this.current);
  }

  /** At start: the address's override, else the remembered choice, else the system's languages (the browser's in browser mode). */
  async load(): Promise<void> {
    const override = parseLocale(new URLSearchParams(location.search).get('lang'));
    const info = await bridge.languageInfo();
    const system = info.ok && info.value.system.length > 0 ? info.value.system : [...navigator.languages];
    const locale = override ?? (info.ok ? info.value.chosen : null) ?? languageOfTags(system);
    this.show(locale);
    await bridge.useLanguage({ locale, remember: false });
    this.applied = locale;
  }

  /** Settings: shows the language at once and remembers it. */
  async choose(language: Language): Promise<void> {
    this.show(language);
    const used = await bridge.useLanguage({ locale: language, remember: true });
    if (used.ok) this.applied = language;
  }

  private show(locale: Locale): void {
    this.current = locale;
    document.documentElement.lang = locale === 'en-XA' ? 'en' : locale;
  }
}

export const language = new LanguageStore();
