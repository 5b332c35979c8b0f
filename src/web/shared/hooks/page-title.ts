import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { screenShown } from '../analytics/page-views.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';

/** The current screen's title: shown in the top bar and (after 100 ms, spec §4) in the tab. */
let current = '';
const listeners = new Set<() => void>();

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Screens call this with their translated title; it also counts the screen as seen. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  const { pathname } = useLocation();
  useEffect(() => screenShown(pathname), [pathname]);
  useEffect(() => {
    current = title;
    listeners.forEach((fn) => fn());
    const timer = setTimeout(() => {
      document.title = title ? `${title} | ${appName}` : appName;
    }, TIMINGS.titleDelayMs);
    return () => clearTimeout(timer);
  }, [title, appName]);
}

export function useCurrentPageTitle(): string {
  return useSyncExternalStore(subscribe, () => current);
}
