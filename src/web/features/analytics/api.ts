import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The admin usage report (GetUsageStats); the server refuses anyone but an admin. */
export function useGetUsageStats(days: number, lang: Lang) {
  return useQuery({
    queryKey: queryKeys.stats.usage(days),
    retry: false,
    staleTime: 60_000,
    queryFn: () => callOrThrow('GetUsageStats', { days, lang }),
  });
}
