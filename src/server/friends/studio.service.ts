import {
  FriendType,
  friendTypeTraits,
  Priv,
  RESERVED_FRIEND_IDS,
  VOICES,
} from '../../protocol/constants.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import {
  FRIEND_IMAGE_PATTERN,
  validateFriend,
  validateFriendId,
} from '../../protocol/friend-rules.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { msg, type MessageKey } from '../messages.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { canManage, friendPriv, requireFriend } from './friend-access.ts';
import { friendsRepo, type FriendPatch, type FriendRow } from './friends.repo.ts';
import { formatTime } from './friends.service.ts';

const bad = (key: MessageKey, lang: Lang) => new AppError(ErrorCode.BAD_INPUT, msg(key, lang));
const refused = (key: MessageKey, lang: Lang) => new AppError(ErrorCode.FORBIDDEN, msg(key, lang));

export const isReservedId = (id: string) => RESERVED_FRIEND_IDS.includes(id.toLowerCase());

function checkFriendId(friendid: string, lang: Lang) {
  const problem = validateFriendId(friendid);
  if (problem) throw bad(problem, lang);
}

function checkImage(image: string, lang: Lang) {
  if (!image.trim()) throw bad('noImage', lang);
  if (!FRIEND_IMAGE_PATTERN.test(image)) throw bad('badImagePath', lang);
}

function checkVoice(voice: string, lang: Lang) {
  if (voice && !VOICES.some((v) => v.voice === voice)) throw bad('badVoice', lang);
}

/** Changing to or from a privileged type, or choosing a model, needs the global privilege. */
function checkPrivileged(
  me: SessionUser,
  next: { friendtype: number; model: string },
  prev: { friendtype: number; model: string } | null,
  lang: Lang,
) {
  if (me.globalpriv) return;
  const typeChanged = prev
    ? prev.friendtype !== next.friendtype
    : next.friendtype !== FriendType.literary;
  if (
    typeChanged &&
    (friendTypeTraits(next.friendtype).privileged ||
      (prev !== null && friendTypeTraits(prev.friendtype).privileged))
  ) {
    throw refused('typeNeedsPriv', lang);
  }
  const modelChanged = prev ? prev.model !== next.model : next.model !== 'auto';
  if (modelChanged) throw refused('modelNeedsPriv', lang);
}

export function studioService(deps: Deps) {
  const repo = friendsRepo(deps.db);
  const now = () => deps.clock.now();

  /** Drops a character image file from storage once no character shows it. */
  async function forgetImage(image: string) {
    const m = /^\/files\/images\/([A-Za-z0-9_-]+\.webp)$/.exec(image);
    if (!m || (await repo.countUsingImage(image)) > 0) return;
    await deps.storage.delete(`images/${m[1]}`);
  }

  return {
    async uniqueFriendId(input: ParsedInput<'UniqueFriendId'>) {
      if (isReservedId(input.friendid)) return { unique: 0 };
      return { unique: (await repo.byFriendId(input.friendid)) ? 0 : 1 };
    },

    async friendExists(input: ParsedInput<'FriendExists'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const row = await repo.byFriendId(input.friendid);
      if (!row) return { exists: isReservedId(input.friendid) ? 1 : 0, canedit: 0 };
      return { exists: 1, canedit: (await friendPriv(repo, row.friend, me)) === Priv.edit ? 1 : 0 };
    },

    async setFriendDetails(input: ParsedInput<'SetFriendDetails'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const lang = ctx.lang;
      checkFriendId(input.friendid, lang);
      let existing: FriendRow | null = null;
      if (input.insert === 1) {
        if (!me.canadd) throw refused('noAddPermission', lang);
        if (isReservedId(input.friendid))
          throw new AppError(ErrorCode.CONFLICT, msg('friendIdReserved', lang));
        if (await repo.byFriendId(input.friendid)) {
          throw new AppError(ErrorCode.CONFLICT, msg('friendExists', lang));
        }
      } else {
        const row = await repo.byFriendId(input.friendid);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, msg('friendNotFound', lang));
        if ((await friendPriv(repo, row.friend, me)) !== Priv.edit) {
          throw refused('friendExistsNoPermission', lang);
        }
        existing = row.friend;
      }

      // The studio checks the same rules before it sends (protocol/friend-rules.ts).
      const problem = validateFriend(input, { autosave: input.autosave === 1 });
      if (problem) throw bad(problem, lang);
      checkPrivileged(me, input, existing, lang);

      const fields = {
        friendname: input.friendname,
        personality: input.personality,
        background: input.background,
        description: input.description,
        firstprompt: input.firstprompt,
        image: input.image,
        temp: input.temp,
        topP: input.top_p,
        friendtype: input.friendtype,
        voice: input.voice,
        voiceInstructions: input.voice_instructions,
        model: input.model,
        category: input.category,
        publicfriend: input.publicfriend,
        lastupdate: now(),
      } satisfies FriendPatch;

      let saved: FriendRow;
      if (existing) {
        saved = await repo.update(existing.id, fields);
        if (existing.image !== saved.image) await forgetImage(existing.image);
      } else {
        // User-made characters are offered in every language (docs/decisions.md).
        const row = await repo.insert({
          ...fields,
          friendid: input.friendid,
          ownerId: me.id,
          lang: null,
        });
        // Lost a race for the id: the unique index decided.
        if (!row) throw new AppError(ErrorCode.CONFLICT, msg('friendExists', lang));
        saved = row;
      }
      return { lastupdate: formatTime(saved.lastupdate), description: saved.description };
    },

    async updateFriendDetails(input: ParsedInput<'UpdateFriendDetails'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const lang = ctx.lang;
      const { friend } = await requireFriend(repo, input.friendid, me, 'edit', lang);
      const patch: FriendPatch = { lastupdate: now() };
      const value = input.contents;
      const text = typeof value === 'number' ? String(value) : value;
      switch (input.subject) {
        case 'category': {
          const n = typeof value === 'number' ? value : Number(value.trim() || 'NaN');
          if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1) throw bad('invalidCategory', lang);
          patch.category = n;
          break;
        }
        case 'image':
          checkImage(text, lang);
          patch.image = text;
          break;
        case 'voice':
          checkVoice(text, lang);
          patch.voice = text;
          break;
        case 'voice_instructions':
          patch.voiceInstructions = text;
          break;
        default:
          patch[input.subject] = text;
      }
      const saved = await repo.update(friend.id, patch);
      if (input.subject === 'image' && friend.image !== saved.image)
        await forgetImage(friend.image);
      return { lastupdate: formatTime(saved.lastupdate) };
    },

    async deleteFriend(input: ParsedInput<'DeleteFriend'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(repo, input.friendid, me, 'view', ctx.lang);
      if (!canManage(friend, me)) throw refused('deleteOwnerOnly', ctx.lang);
      const keys = await repo.remove(friend.id);
      // After commit: a failed file removal leaves an orphan, never a half-deleted character.
      for (const key of keys) {
        await deps.storage.delete(key).catch(() => undefined);
        await deps.storage.delete(`${key}.txt`).catch(() => undefined);
      }
      await forgetImage(friend.image).catch(() => undefined);
      return {};
    },

    async checkEditPriv(input: ParsedInput<'CheckEditPriv'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const row = await repo.byFriendId(input.friendid);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, msg('friendNotFound', ctx.lang));
      const priv = await friendPriv(repo, row.friend, me);
      const seen = priv !== Priv.none;
      return {
        priv,
        imgedit: me.imgedit ? 1 : 0,
        friendtype: seen ? row.friend.friendtype : FriendType.literary,
        friendname: seen ? row.friend.friendname : '',
        owner: canManage(row.friend, me) ? 1 : 0,
      };
    },
  };
}

export type StudioService = ReturnType<typeof studioService>;
