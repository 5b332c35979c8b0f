import type { ParsedInput } from '../../protocol/registry.ts';
import { formatTime } from '../../protocol/time.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { openFriend } from './conversation.ts';
import { searchQuery, searchTerms, snippetOf } from './search-text.ts';

const PAGE = 20;

/** SearchConversations: the caller's own conversations with one character, every subject. */
export function chatSearchService(repos: Pick<Repos, 'chatSearch' | 'friends'>) {
  const { chatSearch: repo, friends } = repos;

  return {
    async search(input: ParsedInput<'SearchConversations'>, ctx: Ctx) {
      // The session's user and a character they may watch; only their own subjects are read.
      const me = requireUser(ctx);
      const { friend } = await openFriend(friends, input.friendid, me);
      const terms = searchTerms(input.q);
      if (!terms.length) return { hits: [], hasmore: false };
      await repo.indexPending(me.id, friend.id);
      const limit = input.limit ?? PAGE;
      const rows = await repo.find(me.id, friend.id, searchQuery(terms), limit, input.before);
      return {
        hits: rows.slice(0, limit).map((r) => ({
          id: r.id,
          subject: r.subject,
          role: r.role === 'user' ? ('user' as const) : ('assistant' as const),
          speaker: r.speaker,
          tm: formatTime(r.createdAt),
          ...snippetOf(r.content, terms),
        })),
        hasmore: rows.length > limit,
      };
    },
  };
}
