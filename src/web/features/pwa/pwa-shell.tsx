import { Alert } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { usePwaState } from './pwa-state.ts';

function subscribeOnline(fn: () => void) {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/**
 * What the installable app adds to every screen: the manifest in the reader's language,
 * a friendly note when the network is gone (the app itself still opens from the service
 * worker's cache), and a note while a new version waits for a safe moment to load.
 */
export function PwaShell() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const online = useOnline();
  const { updatePending } = usePwaState();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = `/manifest.${lang === 'en' ? 'en' : 'he'}.webmanifest`;
  }, [lang]);
  return (
    <>
      {online ? null : (
        <Alert color="yellow" radius={0} className="pwa-note" data-testid="offline-note">
          {t('pwa.offline')}
        </Alert>
      )}
      {updatePending ? (
        <Alert color="blue" radius={0} className="pwa-note" data-testid="update-note">
          {t('pwa.updating')}
        </Alert>
      ) : null}
    </>
  );
}
