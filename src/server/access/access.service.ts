import { ErrorCode } from '../../protocol/errors.ts';
import { Email } from '../../protocol/fields.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { canManage, requireFriend } from '../friends/friend-access.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import { msg } from '../messages.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { accessRepo } from './access.repo.ts';
import { usersRepo } from '../users/users.repo.ts';

/** Ours: the spec sets no limit. */
export const MAX_ACCESS_ENTRIES = 200;
const SUGGESTIONS = 10;
/** Suggestions per user per 15 minutes (the studio asks at most once a second while typing). */
const COMPLETE_LIMIT = { limit: 300, window: 15 * 60 };

export function accessService(deps: Deps) {
  const friends = friendsRepo(deps.db);
  const repo = accessRepo(deps.db);
  const users = usersRepo(deps.db);

  return {
    /** Editors see who has access; the owner (and global privilege) change it. */
    async getFriendEmails(input: ParsedInput<'GetFriendEmails'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friendid, me, 'edit', ctx.lang);
      return { friendemails: await repo.list(friend.id) };
    },

    async addEmailToFriend(input: ParsedInput<'AddEmailToFriend'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friendid, me, 'view', ctx.lang);
      if (!canManage(friend, me)) {
        throw new AppError(ErrorCode.FORBIDDEN, msg('accessOwnerOnly', ctx.lang));
      }
      const owner = await friends.byFriendId(friend.friendid);
      if (owner?.ownerEmail === input.user) {
        throw new AppError(ErrorCode.BAD_INPUT, msg('accessIsOwner', ctx.lang));
      }
      const before = await repo.list(friend.id);
      const ok = await repo.upsert(
        friend.id,
        { email: input.user, fullname: input.fullname ?? '', editpriv: input.editpriv },
        MAX_ACCESS_ENTRIES,
      );
      if (!ok) {
        throw new AppError(
          ErrorCode.BAD_INPUT,
          msg('accessTooMany', ctx.lang, { max: String(MAX_ACCESS_ENTRIES) }),
        );
      }
      // Newly shared with someone who has an account: they may want to hear of it (push).
      const shared = await users.byEmail(input.user);
      if (shared && !before.some((e) => e.user === input.user)) {
        deps.domain.emit('friend.shared', {
          byUserId: me.id,
          userId: shared.id,
          friendid: friend.friendid,
          at: deps.clock.now().toISOString(),
        });
      }
      return { friendemails: await repo.list(friend.id) };
    },

    /** Without `user`: the caller leaves a character shared with them. */
    async deleteEmail(input: ParsedInput<'DeleteEmail'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friendid, me, 'view', ctx.lang);
      const target = input.user ?? me.email;
      if (target !== me.email && !canManage(friend, me)) {
        throw new AppError(ErrorCode.FORBIDDEN, msg('accessOwnerOnly', ctx.lang));
      }
      if (!(await repo.remove(friend.id, target))) {
        throw new AppError(ErrorCode.NOT_FOUND, msg('accessNotListed', ctx.lang));
      }
      // Someone who just left the list no longer sees it.
      return { friendemails: canManage(friend, me) ? await repo.list(friend.id) : [] };
    },

    /**
     * Suggestions while typing an address to share with (creators only, rate limited): the
     * people the caller already shares with or who share with the caller, and a registered
     * address typed in full. Never other registered addresses: typing a few letters must not
     * list who uses the app.
     */
    async getEmailComplete(input: ParsedInput<'GetEmailComplete'>, ctx: Ctx) {
      const me = requireUser(ctx);
      if (!me.canadd && !me.globalpriv) {
        throw new AppError(ErrorCode.FORBIDDEN, msg('completeNeedsCanadd', ctx.lang));
      }
      const d = await deps.limiter.hit(
        `complete:${me.id}`,
        COMPLETE_LIMIT.limit,
        COMPLETE_LIMIT.window,
      );
      if (!d.allowed)
        throw new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfter: d.retryAfter });
      const text = input.email.trim().toLowerCase();
      if (!text) return { emails: [] };
      const [shared, sharing, exact] = await Promise.all([
        repo.sharedBy(me.id, text, SUGGESTIONS),
        repo.sharingWith(me.email, text, SUGGESTIONS),
        Email.safeParse(text).success ? repo.registered(text) : Promise.resolve(null),
      ]);
      const emails = [...new Set([...(exact ? [exact] : []), ...shared, ...sharing])].filter(
        (e) => e !== me.email,
      );
      return { emails: emails.slice(0, SUGGESTIONS) };
    },
  };
}

export type AccessService = ReturnType<typeof accessService>;
