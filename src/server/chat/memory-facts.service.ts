import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { AppError } from '../errors.ts';
import { formatTime } from '../../protocol/time.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { openFriend } from './conversation.ts';

/**
 * The reader's view of what a character keeps about them: the facts with their sources,
 * and corrections. A caller only ever reaches their own facts about a character they may
 * talk to (the same check as the chat's).
 */
export function memoryFactsService(repos: Pick<Repos, 'friends' | 'memoryFacts'>) {
  const { friends, memoryFacts: facts } = repos;

  async function open(friendid: string, ctx: Ctx) {
    const me = requireUser(ctx);
    const { friend } = await openFriend(friends, friendid, me);
    return { userId: me.id, friendId: friend.id };
  }

  async function listed(userId: number, friendId: number) {
    const rows = await facts.list(userId, friendId);
    return {
      facts: rows.map((r) => ({
        id: r.id,
        text: r.text,
        messageid: r.messageId,
        subject: r.subject,
        tm: formatTime(r.updatedAt),
      })),
    };
  }

  async function requireFact(userId: number, friendId: number, id: number) {
    const all = await facts.current(userId, friendId);
    if (!all.some((f) => f.id === id)) throw new AppError(ErrorCode.NOT_FOUND);
  }

  return {
    async list(input: ParsedInput<'GetMemoryFacts'>, ctx: Ctx) {
      const { userId, friendId } = await open(input.friendid, ctx);
      return listed(userId, friendId);
    },

    async correct(input: ParsedInput<'SetMemoryFact'>, ctx: Ctx) {
      const { userId, friendId } = await open(input.friendid, ctx);
      await requireFact(userId, friendId, input.id);
      await facts.apply(userId, friendId, {
        remove: [],
        update: [{ id: input.id, text: input.text }],
        add: [],
      });
      return listed(userId, friendId);
    },

    async remove(input: ParsedInput<'DelMemoryFact'>, ctx: Ctx) {
      const { userId, friendId } = await open(input.friendid, ctx);
      await requireFact(userId, friendId, input.id);
      await facts.apply(userId, friendId, { remove: [input.id], update: [], add: [] });
      return listed(userId, friendId);
    },
  };
}
