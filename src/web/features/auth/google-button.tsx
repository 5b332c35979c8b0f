import { useEffect, useRef } from 'react';
import { loadGoogleIdentity } from './google-identity.ts';

/** Google's own sign-in button; hands the ID token (credential) to `onCredential`. */
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
  const box = useRef<HTMLDivElement>(null);
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
      })
      .catch(() => {
        // Blocked by the browser or offline: the e-mail sign-in still works.
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, lang]);

  return <div ref={box} className="google-button" data-testid="login-google" />;
}
