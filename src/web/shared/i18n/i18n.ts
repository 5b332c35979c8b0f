import { DEFAULT_LANG } from '../../../protocol/constants.ts';
import { dirOf, type Lang } from './language.ts';
import type { Translation } from './locales/en.ts';

/**
 * Every text's key (`common.cancel`), from the English texts; he.ts has the same keys. A text
 * in plural forms (`files_one`, `files_other`) is asked for by its base key (`files`).
 */
export type TranslationKey = KeysOf<Translation>;
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : K}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Values for a text's `{{name}}` placeholders (null and undefined show as nothing). */
export type TranslationVars = Record<string, string | number | null | undefined>;

/**
 * The text of `key` in the active language, its `{{name}}` placeholders filled from `vars`.
 * With a numeric `vars.count`, a plural form `key_one` / `key_two` / `key_other`… (the
 * language's Intl.PluralRules category) is used where the texts have one.
 */
export type TFunction = (key: TranslationKey, vars?: TranslationVars) => string;

/** The page's texts and its language (`useTranslation` reads it; see `use-translation.ts`). */
export interface I18n {
  readonly language: Lang;
  /** The active language's `t` (one function per language, stable while it stays active). */
  readonly t: TFunction;
  hasTexts(lang: Lang): boolean;
  addTexts(lang: Lang, texts: Translation): void;
  /** Switches at once; the texts must be there (`switchLanguage` fetches them first). */
  changeLanguage(lang: Lang): void;
  /** Called after each change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

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

/** The text at a dotted key, or undefined (a missing key, or a section rather than a text). */
function textAt(texts: Translation | undefined, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` placeholders filled from `vars` (nothing escaped: React escapes what it shows). */
function interpolate(text: string, vars: TranslationVars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/**
 * An instance on the texts given (synchronous: nothing is fetched). The page passes the
 * active language's texts (`createPageI18n`); tests pass both (`src/web/test/i18n.ts`).
 * A key missing from the active language's texts falls back to Hebrew's, then to the key.
 */
export function initI18n(lang: Lang, texts: Partial<Record<Lang, Translation>>): I18n {
  const tables: Partial<Record<Lang, Translation>> = { ...texts };
  const listeners = new Set<() => void>();
  const fixed = new Map<Lang, TFunction>();
  let language = lang;

  const tFor = (l: Lang): TFunction => {
    let t = fixed.get(l);
    if (!t) {
      const plurals = new Intl.PluralRules(l);
      t = (key, vars) => {
        const count = vars?.count;
        const text =
          (typeof count === 'number'
            ? (textAt(tables[l], `${key}_${plurals.select(count)}`) ??
              textAt(tables[l], `${key}_other`))
            : undefined) ??
          textAt(tables[l], key) ??
          textAt(tables[DEFAULT_LANG], key);
        return text === undefined ? key : interpolate(text, vars);
      };
      fixed.set(l, t);
    }
    return t;
  };

  applyToDocument(lang);
  return {
    get language() {
      return language;
    },
    get t() {
      return tFor(language);
    },
    hasTexts: (l) => tables[l] !== undefined,
    addTexts: (l, table) => {
      tables[l] = table;
    },
    changeLanguage(l) {
      if (l === language) return;
      language = l;
      applyToDocument(l);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
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
export function switchLanguage(i18n: I18n, lang: Lang): Promise<void> {
  wanted.set(i18n, lang);
  if (i18n.hasTexts(lang)) {
    i18n.changeLanguage(lang);
    return Promise.resolve();
  }
  return loaders[lang]().then((texts) => {
    if (!i18n.hasTexts(lang)) i18n.addTexts(lang, texts);
    if (wanted.get(i18n) === lang) i18n.changeLanguage(lang);
  });
}
