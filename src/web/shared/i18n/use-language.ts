import { useTranslation } from 'react-i18next';
import { storage } from '../storage/storage.ts';
import { dirOf, normalizeLang, type Direction, type Lang } from './language.ts';
import { DEFAULT_LANG } from '../../../protocol/constants.ts';

/** The UI language, its direction, and a switch that stores the choice. */
export function useLanguage(): { lang: Lang; dir: Direction; setLang: (lang: Lang) => void } {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const setLang = (next: Lang) => {
    storage.set('lang', next);
    void i18n.changeLanguage(next);
  };
  return { lang, dir: dirOf(lang), setLang };
}
