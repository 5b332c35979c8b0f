import { UserType } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { toChatMessage } from '../chat/conversation.ts';
import { refusal } from '../errors.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';

/**
 * First line of every history call: only admins (usertype 0) read other people's
 * conversations (spec part 2 §6). The dispatcher checks the level too; this keeps the rule
 * true if the registry entry is ever loosened.
 */
function requireAdmin(ctx: Ctx) {
  const me = requireUser(ctx);
  if (me.usertype !== UserType.admin) throw refusal(ErrorCode.FORBIDDEN, 'historyNoRight');
  return me;
}

/** The history viewer: users with conversations, their characters, and the conversations. */
export function historyService(repos: Pick<Repos, 'audit' | 'friends' | 'history' | 'users'>) {
  const { history: repo, audit, users, friends } = repos;

  return {
    async emails(input: ParsedInput<'GetAllChatEmails'>, ctx: Ctx) {
      requireAdmin(ctx);
      return { emails: await repo.emailsWithChats((input.email ?? '').toLowerCase()) };
    },

    async friendsFor(input: ParsedInput<'GetFriendsChatsForEmail'>, ctx: Ctx) {
      requireAdmin(ctx);
      const user = await users.byEmail(input.email.toLowerCase());
      if (!user) throw refusal(ErrorCode.NOT_FOUND, 'historyUserNotFound');
      return { friends: await repo.friendsOf(user.id) };
    },

    async conversation(input: ParsedInput<'GetChatHistory'>, ctx: Ctx) {
      const me = requireAdmin(ctx);
      const user = await users.byEmail(input.user.toLowerCase());
      if (!user) throw refusal(ErrorCode.NOT_FOUND, 'historyUserNotFound');
      const found = await friends.byFriendId(input.friendid);
      if (!found) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
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
