import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useOnline } from '../../shared/offline/use-online.ts';
import { refreshPushIfDue } from '../../shared/push/push-client.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { usePwaState } from './pwa-state.ts';

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
  const email = useStored('email');
  useEffect(() => {
    if (!email) return;
    void Promise.resolve()
      .then(() => refreshPushIfDue())
      .catch(() => undefined);
  }, [email]);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = `/manifest.${lang === 'en' ? 'en' : 'he'}.webmanifest`;
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', t('app.description'));
  }, [lang, t]);
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
