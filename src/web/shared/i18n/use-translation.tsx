import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './i18n.ts';

const I18nContext = createContext<I18n | null>(null);

/** Gives the screens below the page's texts (`useTranslation`). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The active language's `t` and the instance; the component renders again when the language
 * changes (and `t` is then another function, so effects that depend on it run again).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  useSyncExternalStore(i18n.subscribe, () => i18n.language);
  return { t: i18n.t, i18n };
}
