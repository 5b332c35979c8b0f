import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';

/** The support and sales assistants' cards. */
export function useAssistants(lang: Lang) {
  return useQuery({
    queryKey: ['assistants', lang],
    staleTime: 10 * 60_000,
    queryFn: () => callOrThrow('GetHeliconAssistants', { lang }),
  });
}
