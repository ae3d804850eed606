/** The interface's language over IPC: what was chosen and what the system prefers, and the choice. */
import * as p from '../parse';
import type { Language, Locale } from '../i18n/locale';
import { method } from './define';

export interface LanguageInfo {
  /** The language the user chose in the app; null until they choose one. */
  chosen: Language | null;
  /** The system's preferred languages (Electron's); empty where the page knows them better (browser mode). */
  system: string[];
}

const locale: p.Parser<Locale> = p.oneOf(['en', 'zh-CN', 'en-XA'] as const);

export const languageMethods = {
  languageInfo: method<undefined, LanguageInfo>(p.nothing),
  /**
   * The language main writes files, notifications and messages in. `remember` keeps it as
   * the user's choice (Settings); without it, it only follows the system for this run.
   */
  useLanguage: method<{ locale: Locale; remember: boolean }, null>(p.object({ locale, remember: p.boolean })),
} as const;
