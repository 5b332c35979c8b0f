import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useParams } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { useTokenSignIn } from './token-sign-in.ts';

/**
 * /main/:email/:token (the assistant picker hands a session over): the token is a one-time
 * link (CreateMainLink) for that address. Nothing is stored until the server has accepted
 * it: a stored e-mail would start the shell's session check, which, answering "no session"
 * before the link's cookie exists, would forget the user just signed in.
 */
export function MainTokenScreen() {
  const { t } = useTranslation();
  const { email, token } = useParams();
  const finish = useFinishSignIn('main');
  usePageTitle(t('main.title'));
  useTokenSignIn(token, finish, email && email.includes('@') ? email : undefined);
  return <PageLoader />;
}

export default MainTokenScreen;
