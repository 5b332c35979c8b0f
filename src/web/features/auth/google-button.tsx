import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { loadGoogleIdentity } from './google-identity.ts';

/**
 * "Or" and Google's own sign-in button; hands the ID token (credential) to `onCredential`.
 * The divider stands over the button only once Google's script has drawn it; where the
 * script cannot be had (blocked, offline) the place says so in plain words, and the e-mail
 * sign-in above still works. Its room is kept while the script loads, so nothing moves.
 */
export function GoogleButton({
  clientId,
  lang,
  onCredential,
  onError,
}: {
  clientId: string;
  lang: string;
  onCredential: (idToken: string) => void;
  onError: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  // The latest callbacks without re-rendering Google's button on every render.
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  });

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !box.current) return;
        id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onError();
          },
        });
        box.current.replaceChildren();
        id.renderButton(box.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          locale: lang,
          width: 280,
        });
        setState('ready');
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        // Blocked by the browser or offline: the e-mail sign-in still works.
        console.info('Google sign-in unavailable', err);
        setState('unavailable');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, lang]);

  return (
    <div className="login-google" data-state={state}>
      {state === 'unavailable' ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="login-google-unavailable">
          {t('login.googleUnavailable')}
        </Text>
      ) : (
        <>
          <div className="login-or" aria-hidden="true">
            <span>{t('login.or')}</span>
          </div>
          <div ref={box} className="google-button" data-testid="login-google" />
        </>
      )}
    </div>
  );
}
