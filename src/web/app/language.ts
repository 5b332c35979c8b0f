import type { I18n } from '../shared/i18n/i18n.ts';
import { DEFAULT_LANG } from '../../protocol/constants.ts';
import { call } from '../shared/api/client.ts';
import { switchLanguage } from '../shared/i18n/i18n.ts';
import { languageWithoutLookup, resolveLanguage, type Lang } from '../shared/i18n/language.ts';
import { storage } from '../shared/storage/storage.ts';

/** The language to render the first frame in (URL or stored; he until the lookup answers). */
export function initialLanguage(search: string): Lang {
  const known = languageWithoutLookup(search, storage.get('lang'));
  if (known?.source === 'url') storage.set('lang', known.lang);
  return known?.lang ?? DEFAULT_LANG;
}

/**
 * First visit with no language chosen: ask the server (GetLangFromIP), store the answer
 * and switch. A choice the user made meanwhile wins.
 */
export async function lookupLanguage(search: string, i18n: I18n): Promise<void> {
  const resolved = await resolveLanguage({
    search,
    stored: storage.get('lang'),
    lookup: async () => {
      const answer = await call('GetLangFromIP', {});
      return answer.Error === 0 ? answer : { lang: null, currencycode: null };
    },
  });
  if (resolved.source === 'url' || resolved.source === 'stored') return;
  if (storage.get('lang')) return;
  storage.set('lang', resolved.lang);
  if (resolved.currency && !storage.get('currency')) storage.set('currency', resolved.currency);
  if (i18n.language !== resolved.lang) await switchLanguage(i18n, resolved.lang);
}
