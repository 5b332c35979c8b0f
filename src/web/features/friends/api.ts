import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';

/** Categories are per language. */
export function useCategories(lang: Lang) {
  return useQuery({
    queryKey: ['categories', lang],
    staleTime: 10 * 60_000,
    queryFn: async () => (await callOrThrow('GetCategories', { lang })).categories,
  });
}

export interface FriendsFilter {
  lang: Lang;
  /** Bitmask of categories, 0 = all. */
  categories: number;
  showall: boolean;
}

/** The characters the user may see (the server leaves out what they may not, e.g. sharoneditor). */
export function useFriends(filter: FriendsFilter) {
  const email = useStored('email');
  return useQuery({
    queryKey: ['friends', email, filter],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await callOrThrow('GetFriends', {
          lang: filter.lang,
          categories: filter.categories,
          showall: filter.showall ? 1 : 0,
        })
      ).friends,
  });
}

/** What the user may create: characters (canadd) and images (imgedit). */
export function useAllowAdd() {
  const email = useStored('email');
  return useQuery({
    queryKey: ['allowAdd', email],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const a = await callOrThrow('AllowAdd', {});
      return { canadd: a.canadd === 1, imgedit: a.imgedit === 1 };
    },
  });
}
