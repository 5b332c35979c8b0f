import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useLocation } from 'react-router';
import { call } from '../../shared/api/client.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useOnline } from '../../shared/offline/use-online.ts';
import { deviceId, refreshPushIfDue } from '../../shared/push/push-client.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { usePwaState } from './pwa-state.ts';

function countsVisits(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
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
  const { pathname } = useLocation();
  const email = useStored('email');
  useEffect(() => {
    // Our own statistics, never with Do Not Track (nor Global Privacy Control).
    if (!countsVisits()) return;
    void Promise.resolve()
      .then(() => call('TrackPageView', { path: pathname, visitor: deviceId() }))
      .catch(() => undefined);
  }, [pathname]);
  useEffect(() => {
    if (!email) return;
    void Promise.resolve()
      .then(() => refreshPushIfDue())
      .catch(() => undefined);
  }, [email]);
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
