import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchHit } from '../../../protocol/actions/chat-search.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export type { SearchHit };

/** Hits per page. */
export const SEARCH_PAGE = 20;

/**
 * The reader's conversations with one character searched for `q` (SearchConversations),
 * newest first, a page at a time. Asked afresh each time the search opens: new messages
 * may have come.
 */
export function useSearchConversations(friendid: string, q: string, lang: Lang) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.chat.search(friendid, q),
    enabled: q.trim().length > 0,
    retry: false,
    gcTime: 0,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      callOrThrow('SearchConversations', {
        friendid,
        q,
        lang,
        limit: SEARCH_PAGE,
        ...(pageParam ? { before: pageParam } : {}),
      }),
    getNextPageParam: (last) => (last.hasmore ? last.hits.at(-1)?.id : undefined),
  });
  const hits: SearchHit[] = query.data?.pages.flatMap((p) => p.hits) ?? [];
  return { ...query, hits };
}
