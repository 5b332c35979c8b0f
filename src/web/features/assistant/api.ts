import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The support and sales assistants' cards. */
export function useAssistants(lang: Lang) {
  return useQuery({
    queryKey: queryKeys.friends.assistants(lang),
    staleTime: 10 * 60_000,
    queryFn: () => callOrThrow('GetHeliconAssistants', { lang }),
  });
}
