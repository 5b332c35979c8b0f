import { DEFAULT_CURRENCY, DEFAULT_LANG, RTL_LANGS } from '../../../protocol/constants.ts';
import type { Lang } from '../../../protocol/errors.ts';

export type { Lang };
export type Direction = 'rtl' | 'ltr';

/** 'he', 'he-IL', 'EN-us' → a language we have texts for; anything else → null. */
export function normalizeLang(value: string | null | undefined): Lang | null {
  const v = value?.trim().toLowerCase() ?? '';
  if (v.startsWith('he') || v.startsWith('iw')) return 'he';
  if (v.startsWith('en')) return 'en';
  return null;
}

/** Right-to-left for he and ar (spec part 1 §1), left-to-right otherwise. */
export function dirOf(lang: string): Direction {
  return RTL_LANGS.includes(lang.slice(0, 2).toLowerCase()) ? 'rtl' : 'ltr';
}

export interface LangLookup {
  lang: string | null;
  currencycode: string | null;
}

export interface ResolvedLanguage {
  lang: Lang;
  /** Set only when the network lookup (or its default) decided: the caller stores it. */
  currency: string | null;
  source: 'url' | 'stored' | 'lookup' | 'default';
}

/** Language known without asking the server: URL `?lang=` first, then the stored one. */
export function languageWithoutLookup(
  search: string,
  stored: Lang | null,
): ResolvedLanguage | null {
  const fromUrl = normalizeLang(new URLSearchParams(search).get('lang'));
  if (fromUrl) return { lang: fromUrl, currency: null, source: 'url' };
  if (stored) return { lang: stored, currency: null, source: 'stored' };
  return null;
}

/**
 * Spec part 1 §4: URL parameter lang → stored lang → network-address lookup → he / ILS.
 * A failed lookup counts as a null answer.
 */
export async function resolveLanguage(opts: {
  search: string;
  stored: Lang | null;
  lookup: () => Promise<LangLookup>;
}): Promise<ResolvedLanguage> {
  const known = languageWithoutLookup(opts.search, opts.stored);
  if (known) return known;
  let found: LangLookup = { lang: null, currencycode: null };
  try {
    found = await opts.lookup();
  } catch {
    // offline: defaults below
  }
  const lang = normalizeLang(found.lang);
  return {
    lang: lang ?? DEFAULT_LANG,
    currency: found.currencycode || DEFAULT_CURRENCY,
    source: lang ? 'lookup' : 'default',
  };
}

/**
 * Wraps text from the data (a character's name) in Unicode isolates, so a Hebrew name in
 * an English sentence (or the reverse) keeps the sentence's order intact.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
