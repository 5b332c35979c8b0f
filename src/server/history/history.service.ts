import { UserType } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { toChatMessage } from '../chat/conversation.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import { msg } from '../messages.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { usersRepo } from '../users/users.repo.ts';
import { auditRepo } from './audit.repo.ts';
import { historyRepo } from './history.repo.ts';

/**
 * First line of every history call: only admins (usertype 0) read other people's
 * conversations (spec part 2 §6). The dispatcher checks the level too; this keeps the rule
 * true if the registry entry is ever loosened.
 */
function requireAdmin(ctx: Ctx) {
  const me = requireUser(ctx);
  if (me.usertype !== UserType.admin)
    throw new AppError(ErrorCode.FORBIDDEN, msg('historyNoRight', ctx.lang));
  return me;
}

/** The history viewer: users with conversations, their characters, and the conversations. */
export function historyService(deps: Deps) {
  const repo = historyRepo(deps.db);
  const audit = auditRepo(deps.db);
  const users = usersRepo(deps.db);
  const friends = friendsRepo(deps.db);

  return {
    async emails(input: ParsedInput<'GetAllChatEmails'>, ctx: Ctx) {
      requireAdmin(ctx);
      return { emails: await repo.emailsWithChats((input.email ?? '').toLowerCase()) };
    },

    async friendsFor(input: ParsedInput<'GetFriendsChatsForEmail'>, ctx: Ctx) {
      requireAdmin(ctx);
      const user = await users.byEmail(input.email.toLowerCase());
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, msg('historyUserNotFound', ctx.lang));
      return { friends: await repo.friendsOf(user.id) };
    },

    async conversation(input: ParsedInput<'GetChatHistory'>, ctx: Ctx) {
      const me = requireAdmin(ctx);
      const user = await users.byEmail(input.user.toLowerCase());
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, msg('historyUserNotFound', ctx.lang));
      const found = await friends.byFriendId(input.friendid);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, msg('friendNotFound', ctx.lang));
      // Recorded before anything is shown: a viewing that fails halfway is still a viewing.
      await audit.record({
        viewerId: me.id,
        viewerEmail: me.email,
        targetEmail: user.email,
        friendid: found.friend.friendid,
      });
      const subjects = await repo.conversation(user.id, found.friend.id);
      return {
        user: user.email,
        friendname: found.friend.friendname,
        image: found.friend.image,
        subjects: subjects.map((s) => ({
          subject: s.subject.name,
          chat: s.rows.map((m) => toChatMessage(m, true)),
        })),
      };
    },
  };
}
