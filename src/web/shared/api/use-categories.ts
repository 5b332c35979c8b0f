import { useQuery } from '@tanstack/react-query';
import type { Lang } from '../i18n/language.ts';
import { callOrThrow } from './call-or-throw.ts';
import { queryKeys } from './query-keys.ts';

/** Categories are per language (the list's filter and the studio's checkboxes share them). */
export function useCategories(lang: Lang) {
  return useQuery({
    queryKey: queryKeys.categories(lang),
    staleTime: 10 * 60_000,
    queryFn: async () => (await callOrThrow('GetCategories', { lang })).categories,
  });
}
