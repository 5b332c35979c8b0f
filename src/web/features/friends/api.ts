import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export interface FriendsFilter {
  lang: Lang;
  /** Bitmask of categories, 0 = all. */
  categories: number;
  showall: boolean;
  /** Words of a name, a description or a free tag; empty: no search. */
  search?: string;
}

/** The characters the user may see (the server leaves out what they may not, e.g. sharoneditor). */
export function useFriends(filter: FriendsFilter) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.friends.list(email, filter),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await callOrThrow('GetFriends', {
          lang: filter.lang,
          categories: filter.categories,
          showall: filter.showall ? 1 : 0,
          ...(filter.search ? { search: filter.search } : {}),
        })
      ).friends,
  });
}
