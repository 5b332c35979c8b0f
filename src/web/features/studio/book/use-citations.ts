import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** Whether the character cites its passages (GetSetCitations, editors only). */
export function useCitations(friendid: string) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.studio.citations(email, friendid),
    queryFn: async () => (await callOrThrow('GetSetCitations', { friendid })).citations === 1,
  });
}

export function useSetCitations(friendid: string) {
  const email = useStored('email');
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) =>
      (await callOrThrow('GetSetCitations', { friendid, citations: on ? 1 : 0 })).citations === 1,
    onSuccess: (on) => qc.setQueryData(queryKeys.studio.citations(email, friendid), on),
  });
}
