import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { afterSignInPath, saveSignIn, type SignedIn } from '../../shared/session/session.ts';
import { useAssistantHost } from '../../shared/session/use-assistant-host.ts';

/**
 * After any successful sign-in (link, password, Google): keep the user's data, drop what
 * was cached for the guest, and go to the stored character's chat or the return module.
 */
export function useFinishSignIn(retmodule?: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const assistantHost = useAssistantHost();
  return (answer: SignedIn) => {
    saveSignIn(answer);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.config()[0] });
    // The server has just said the session is good: no need to ask again.
    queryClient.setQueryData(queryKeys.session(answer.email), true);
    void navigate(afterSignInPath(retmodule, !!assistantHost), { replace: true });
  };
}
