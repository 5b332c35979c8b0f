import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useParams } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { useTokenSignIn } from './token-sign-in.ts';

/** /login/:token and /login/:token/friend/:friendid: the link from the sign-in e-mail. */
export function LoginTokenScreen() {
  const { t } = useTranslation();
  const { token, friendid } = useParams();
  const finish = useFinishSignIn();
  usePageTitle(t('login.title'));
  useTokenSignIn(token, (answer) => {
    const friend = answer.friendid || friendid;
    if (friend && /^[A-Za-z0-9]+$/.test(friend)) storage.set('friendid', friend);
    finish(answer);
  });
  return <PageLoader />;
}

export default LoginTokenScreen;
