import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';

/** A public character's card for /home/:friendid (GetFriendDetails works without signing in). */
export function usePublicFriend(friendid: string | undefined) {
  return useQuery({
    queryKey: ['friendPublic', friendid],
    enabled: !!friendid,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      (await callOrThrow('GetFriendDetails', { friendid: friendid ?? '' })).friend,
  });
}
