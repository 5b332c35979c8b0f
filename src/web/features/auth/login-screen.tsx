import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { afterSignInPath } from '../../shared/session/session.ts';
import { useAssistantHost } from '../../shared/session/use-assistant-host.ts';
import { useSessionCheck } from '../../shared/session/use-session-check.ts';
import { LoginCard } from './login-card.tsx';
import { LoginForm } from './login-form.tsx';

/** /login and /login/return/:retmodule. */
function LoginScreen() {
  const { t } = useTranslation();
  const { retmodule } = useParams();
  const navigate = useNavigate();
  const assistantHost = useAssistantHost();
  const session = useSessionCheck();
  usePageTitle(t('login.title'));

  // Already signed in (spec §4: a stored session goes straight on).
  const signedIn = session.data === true;
  useEffect(() => {
    if (signedIn && assistantHost !== undefined) {
      void navigate(afterSignInPath(retmodule, assistantHost), { replace: true });
    }
  }, [signedIn, assistantHost, retmodule, navigate]);

  return (
    <LoginCard>
      <LoginForm retmodule={retmodule} />
    </LoginCard>
  );
}

export default LoginScreen;
