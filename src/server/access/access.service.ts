import { ErrorCode } from '../../protocol/errors.ts';
import { Email } from '../../protocol/fields.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError, refusal } from '../errors.ts';
import { canManage, requireFriend } from '../friends/friend-access.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';

/** Ours: the spec sets no limit. */
export const MAX_ACCESS_ENTRIES = 200;
const SUGGESTIONS = 10;
/** Suggestions per user per 15 minutes (the studio asks at most once a second while typing). */
const COMPLETE_LIMIT = { limit: 300, window: 15 * 60 };

export function accessService(
  deps: Pick<Deps, 'clock' | 'domain' | 'limiter'>,
  repos: Pick<Repos, 'access' | 'friends' | 'users'>,
) {
  const { friends, users, access: repo } = repos;

  return {
    /** Editors see who has access; the owner (and global privilege) change it. */
    async getFriendEmails(input: ParsedInput<'GetFriendEmails'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friendid, me, 'edit');
      return { friendemails: await repo.list(friend.id) };
    },

    async addEmailToFriend(input: ParsedInput<'AddEmailToFriend'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friendid, me, 'view');
      if (!canManage(friend, me)) {
        throw refusal(ErrorCode.FORBIDDEN, 'accessOwnerOnly');
      }
      const owner = await friends.byFriendId(friend.friendid);
      if (owner?.ownerEmail === input.user) {
        throw refusal(ErrorCode.BAD_INPUT, 'accessIsOwner');
      }
      const before = await repo.list(friend.id);
      const ok = await repo.upsert(
        friend.id,
        { email: input.user, fullname: input.fullname ?? '', editpriv: input.editpriv },
        MAX_ACCESS_ENTRIES,
      );
      if (!ok) {
        throw refusal(ErrorCode.BAD_INPUT, 'accessTooMany', { max: String(MAX_ACCESS_ENTRIES) });
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
      const { friend } = await requireFriend(friends, input.friendid, me, 'view');
      const target = input.user ?? me.email;
      if (target !== me.email && !canManage(friend, me)) {
        throw refusal(ErrorCode.FORBIDDEN, 'accessOwnerOnly');
      }
      if (!(await repo.remove(friend.id, target))) {
        throw refusal(ErrorCode.NOT_FOUND, 'accessNotListed');
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
        throw refusal(ErrorCode.FORBIDDEN, 'completeNeedsCanadd');
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
