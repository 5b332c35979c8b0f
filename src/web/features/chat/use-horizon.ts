import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The reader's spoiler horizon with a character (GetSetHorizon). */
export function useGetSetHorizon(friendid: string) {
  return useQuery({
    queryKey: queryKeys.chat.horizon(friendid),
    // A horizon said in words during the chat changes it: read afresh when shown again.
    staleTime: 0,
    queryFn: () => callOrThrow('GetSetHorizon', { friendid }),
  });
}

export function useSetHorizon(friendid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (chapter: number | null) => callOrThrow('GetSetHorizon', { friendid, chapter }),
    onSuccess: (data) => qc.setQueryData(queryKeys.chat.horizon(friendid), data),
  });
}
