import { useQuery } from '@tanstack/react-query';
import { ErrorCode } from '../../../protocol/errors.ts';
import { call } from '../api/client.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { useStored } from '../storage/use-stored.ts';
import { forgetUser, saveSignIn } from './session.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * Once per page and user: asks the server whether the session cookie is still good
 * (CheckToken without a token). A dead session forgets the stored user, which sends
 * guarded screens to /home; a network failure keeps the user (the screens will say why).
 */
export function useSessionCheck() {
  const email = useStored('email');
  const { lang } = useLanguage();
  return useQuery({
    queryKey: queryKeys.session(email),
    enabled: !!email,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      const answer = await call('CheckToken', { lang });
      if (answer.Error === ErrorCode.OK) {
        saveSignIn(answer);
        return true;
      }
      if (answer.Error === ErrorCode.UNAUTHENTICATED || answer.Error === ErrorCode.LINK_INVALID) {
        forgetUser();
        return false;
      }
      return true;
    },
  });
}
