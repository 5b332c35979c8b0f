import { useTranslation } from './use-translation.tsx';
import { storage } from '../storage/storage.ts';
import { switchLanguage } from './i18n.ts';
import { dirOf, normalizeLang, type Direction, type Lang } from './language.ts';
import { DEFAULT_LANG } from '../../../protocol/constants.ts';

/** The UI language, its direction, and a switch that stores the choice. */
export function useLanguage(): { lang: Lang; dir: Direction; setLang: (lang: Lang) => void } {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const setLang = (next: Lang) => {
    storage.set('lang', next);
    // The other language's texts may still have to be fetched: the page switches once they are in.
    void switchLanguage(i18n, next).catch(() => undefined);
  };
  return { lang, dir: dirOf(lang), setLang };
}
