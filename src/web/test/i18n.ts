import type { I18n } from '../shared/i18n/i18n.ts';
import { DEFAULT_LANG } from '../../protocol/constants.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import type { Lang } from '../shared/i18n/language.ts';
import { en } from '../shared/i18n/locales/en.ts';
import { he } from '../shared/i18n/locales/he.ts';

/** For tests: an instance with both languages' texts, synchronously (no chunk to await). */
export function createI18n(lang: Lang = DEFAULT_LANG): I18n {
  return initI18n(lang, { he, en });
}
