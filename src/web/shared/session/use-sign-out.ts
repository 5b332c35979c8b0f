import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../api/client.ts';
import { withBusy } from '../hooks/busy.ts';
import { storage } from '../storage/storage.ts';

/** SignOut on the server, then forget everything in the browser and go to /home. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await withBusy(async () => {
      try {
        await call('SignOut', {});
      } catch {
        // offline: the browser forgets anyway; the cookie expires on its own
      }
    });
    storage.clear();
    queryClient.clear();
    await navigate('/home', { replace: true });
  };
}
