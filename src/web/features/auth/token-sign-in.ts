import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { ErrorCode } from '../../../protocol/errors.ts';
import { call, type Answer } from '../../shared/api/client.ts';
import { withBusy } from '../../shared/hooks/busy.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import type { SignedIn } from '../../shared/session/session.ts';

/**
 * A sign-in link token works once. React may run an effect twice (StrictMode, remounts),
 * so each token is checked by exactly one request whose promise is shared.
 */
const inFlight = new Map<string, Promise<Answer<'CheckToken'>>>();

function checkTokenOnce(token: string, lang: 'he' | 'en', email?: string) {
  let p = inFlight.get(token);
  if (!p) {
    p = withBusy(() => call('CheckToken', { token, lang, ...(email ? { email } : {}) }));
    inFlight.set(token, p);
    p.catch(() => inFlight.delete(token));
  }
  return p;
}

/**
 * Checks `token` with the server (with the `email` the address names, when it names one).
 * Success → `onSignedIn`; failure → /home, where the server's message (e.g. 'this link has
 * expired') is shown.
 */
export function useTokenSignIn(
  token: string | undefined,
  onSignedIn: (answer: SignedIn) => void,
  email?: string,
) {
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { t } = useTranslation();

  useEffect(() => {
    if (!token) return;
    let live = true;
    checkTokenOnce(token, lang, email)
      .then((answer) => {
        if (!live) return;
        if (answer.Error === ErrorCode.OK) onSignedIn(answer);
        else
          void navigate('/home', {
            replace: true,
            state: { error: answer.Errstr || t('common.unknownError') },
          });
      })
      .catch((err: unknown) => {
        if (live) void navigate('/home', { replace: true, state: { error: errorText(err) } });
      });
    return () => {
      live = false;
    };
    // Only a new token starts a new check; the callbacks' identities do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
}
