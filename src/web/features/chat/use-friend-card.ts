import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/**
 * Another character's card (GetFriendDetails) as the chat needs it: the one the editor's
 * popup works on, or the one a route's detailsfor forces a subject for.
 */
export function useFriendCard(friendid: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.friends.card(friendid ?? ''),
    enabled: !!friendid,
    retry: false,
    staleTime: 60_000,
    queryFn: async () => (await callOrThrow('GetFriendDetails', { friendid: friendid! })).friend,
  });
}
