import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** While the analysis job runs, the screen asks again this often. */
const PENDING_POLL_MS = 2_000;

/** The character's analytics (friendstat); polls while its analysis is being computed. */
export function useFriendStat(friendid: string, lang: Lang) {
  return useQuery({
    queryKey: queryKeys.stats.friend(friendid, lang),
    retry: false,
    queryFn: () => callOrThrow('friendstat', { friendid, lang }),
    refetchInterval: (q) => (q.state.data?.AnalysisState === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** Recomputes the analysis (AnalyzeFriendStats); the stat query follows it. */
export function useAnalyzeFriendStats(friendid: string, lang: Lang) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callOrThrow('AnalyzeFriendStats', { friendid, lang }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.stats.friend(friendid, lang) }),
  });
}
