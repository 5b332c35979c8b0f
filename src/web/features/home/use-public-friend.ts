import { useQuery } from '@tanstack/react-query';
import { GENERAL_LOOKUP } from '../../../protocol/constants.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/**
 * A public character's card for /home/:friendid: GetFriendDetails' general lookup (email '*'),
 * which works without signing in and answers the same card to everyone.
 */
export function usePublicFriend(friendid: string | undefined) {
  return useQuery({
    queryKey: queryKeys.friends.public(friendid),
    enabled: !!friendid,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      (
        await callOrThrow('GetFriendDetails', {
          email: GENERAL_LOOKUP,
          friendid: friendid ?? '',
        })
      ).friend,
  });
}
