import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../api/client.ts';
import { withBusy } from '../hooks/busy.ts';
import { disablePush } from '../push/push-client.ts';
import { clearOfflineCopies } from '../offline/offline-copy.ts';
import { storage } from '../storage/storage.ts';

/** SignOut on the server, then forget everything in the browser and go to /home. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await withBusy(async () => {
      try {
        // While the session still holds: this device stops getting the user's notifications.
        await disablePush();
        await call('SignOut', {});
      } catch {
        // offline: the browser forgets anyway; the cookie expires on its own
      }
    });
    storage.clear();
    await clearOfflineCopies();
    queryClient.clear();
    await navigate('/home', { replace: true });
  };
}
