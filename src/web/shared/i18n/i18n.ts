import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG } from '../../../protocol/constants.ts';
import { dirOf, type Lang } from './language.ts';
import type { Translation } from './locales/en.ts';

/**
 * Each language's texts are a chunk of their own (issue 17: the page loads only the active
 * one). The build keeps the per-domain sub-files (voice.ts…) apart per language too: see
 * `localesPerLanguage` in vite.config.ts.
 */
const loaders: Record<Lang, () => Promise<Translation>> = {
  he: () => import('./locales/he.ts').then((m) => m.he),
  en: () => import('./locales/en.ts').then((m) => m.en),
};

/** Mirrors the language onto <html lang dir> so the whole page (and Mantine) flips. */
function applyToDocument(lang: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}

/**
 * An i18next instance on the texts given (synchronous: nothing is fetched). The page passes
 * the active language's texts (`createPageI18n`); tests pass both (`src/web/test/i18n.ts`).
 */
export function initI18n(lang: Lang, texts: Partial<Record<Lang, Translation>>): I18n {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: Translation }> = {};
  for (const [l, translation] of Object.entries(texts)) resources[l] = { translation };
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

/** The page's instance, once the active language's texts have arrived (render after it). */
export async function createPageI18n(lang: Lang = DEFAULT_LANG): Promise<I18n> {
  return initI18n(lang, { [lang]: await loaders[lang]() });
}

/** The language each instance was last asked for (a slow fetch must not undo a later choice). */
const wanted = new WeakMap<I18n, Lang>();

/**
 * Switches to `lang`, first fetching its texts if this page has not got them yet: the page
 * stays in the current language until they are there (no raw keys, no half-switched frame).
 * With the texts already present it switches at once (synchronously). If another language
 * was asked for meanwhile, the late texts are kept but the page does not switch to them.
 */
export function switchLanguage(i18n: I18n, lang: Lang): Promise<unknown> {
  wanted.set(i18n, lang);
  if (i18n.hasResourceBundle(lang, 'translation')) return i18n.changeLanguage(lang);
  return loaders[lang]().then((texts) => {
    if (!i18n.hasResourceBundle(lang, 'translation')) {
      i18n.addResourceBundle(lang, 'translation', texts);
    }
    if (wanted.get(i18n) !== lang) return undefined;
    return i18n.changeLanguage(lang);
  });
}
