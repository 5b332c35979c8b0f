import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { requireFriend } from '../friends/friend-access.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';

/** Cited answers and the spoiler horizon (issue 18). */
export function readingService(
  deps: Pick<Deps, 'clock'>,
  repos: Pick<Repos, 'friends' | 'reading'>,
) {
  const { friends, reading: repo } = repos;

  return {
    /** Whether the character cites its passages: its editors read and set it. */
    async citations(input: ParsedInput<'GetSetCitations'>, ctx: Ctx) {
      const { friend } = await requireFriend(friends, input.friendid, requireUser(ctx), 'edit');
      if (input.citations === undefined) return { citations: friend.citations };
      await repo.setCitations(friend.id, input.citations);
      return { citations: input.citations };
    },

    /** The caller's own horizon with a character they may talk to. */
    async horizon(input: ParsedInput<'GetSetHorizon'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friendid, me, 'view');
      if (input.chapter !== undefined) {
        await repo.setHorizon(me.id, friend.id, input.chapter, deps.clock.now());
      }
      const [chapter, chapters] = await Promise.all([
        input.chapter !== undefined ? input.chapter : repo.horizon(me.id, friend.id),
        repo.chapters(friend.id),
      ]);
      return { chapter, chapters };
    },
  };
}
