import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { useTokenSignIn } from './token-sign-in.ts';

/** /main/:email/:token (assistant picker links): check the token, then the list. */
export function MainTokenScreen() {
  const { t } = useTranslation();
  const { email, token } = useParams();
  const finish = useFinishSignIn('main');
  usePageTitle(t('main.title'));
  // Spec: this form stores the e-mail it carries; the answer below confirms or replaces it.
  useEffect(() => {
    if (email && email.includes('@')) storage.set('email', email);
  }, [email]);
  useTokenSignIn(token, finish);
  return <PageLoader />;
}

export default MainTokenScreen;
