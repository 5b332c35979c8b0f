import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG } from '../../../protocol/constants.ts';
import { dirOf, type Lang } from './language.ts';
import { en } from './locales/en.ts';
import { he } from './locales/he.ts';

export const resources = { he: { translation: he }, en: { translation: en } } as const;

/** Mirrors the language onto <html lang dir> so the whole page (and Mantine) flips. */
function applyToDocument(lang: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}

/** A fresh i18next instance (one for the page; one per test). Synchronous: texts are bundled. */
export function createI18n(lang: Lang = DEFAULT_LANG): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: ['he', 'en'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  applyToDocument(lang);
  instance.on('languageChanged', applyToDocument);
  return instance;
}
