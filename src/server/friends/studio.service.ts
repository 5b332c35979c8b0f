import { RESERVED_FRIEND_IDS, VOICES } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { FriendId } from '../../protocol/fields.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import type { MessageKey } from '../messages.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { canManage, friendPriv, requireFriend } from './friend-access.ts';
import type { FriendPatch, FriendRow } from './friends.repo.ts';
import { formatTime } from './friends.service.ts';

/** Types 2 dictionary, 3 editor and 4 system need the global privilege (spec §6). */
const PRIVILEGED_TYPES: readonly number[] = [2, 3, 4];
const MODEL_NAME = /^[A-Za-z0-9._:/-]{1,100}$/;
/** The site's own files (`/files/images/…`, `/friends/…`) or an https address; nothing else. */
const IMAGE_PATH = /^(\/(?![/\\])|https:\/\/)[^\s"'<>\\]*$/;

const bad = (key: MessageKey) => refusal(ErrorCode.BAD_INPUT, key);
const refused = (key: MessageKey) => refusal(ErrorCode.FORBIDDEN, key);

export const isReservedId = (id: string) => RESERVED_FRIEND_IDS.includes(id.toLowerCase());

function checkFriendId(friendid: string) {
  if (!friendid) throw bad('noFriendId');
  if (!FriendId.safeParse(friendid).success) throw bad('friendIdChars');
}

function checkImage(image: string) {
  if (!image.trim()) throw bad('noImage');
  if (!IMAGE_PATH.test(image)) throw bad('badImagePath');
}

function checkVoice(voice: string) {
  if (voice && !VOICES.some((v) => v.voice === voice)) throw bad('badVoice');
}

/** Changing to or from a privileged type, or choosing a model, needs the global privilege. */
function checkPrivileged(
  me: SessionUser,
  next: { friendtype: number; model: string },
  prev: { friendtype: number; model: string } | null,
) {
  if (me.globalpriv) return;
  const typeChanged = prev ? prev.friendtype !== next.friendtype : next.friendtype !== 0;
  if (
    typeChanged &&
    (PRIVILEGED_TYPES.includes(next.friendtype) ||
      (prev !== null && PRIVILEGED_TYPES.includes(prev.friendtype)))
  ) {
    throw refused('typeNeedsPriv');
  }
  const modelChanged = prev ? prev.model !== next.model : next.model !== 'auto';
  if (modelChanged) throw refused('modelNeedsPriv');
}

export function studioService(
  deps: Pick<Deps, 'clock' | 'storage'>,
  repos: Pick<Repos, 'friends'>,
) {
  const repo = repos.friends;
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
      return { exists: 1, canedit: (await friendPriv(repo, row.friend, me)) === 0 ? 1 : 0 };
    },

    async setFriendDetails(input: ParsedInput<'SetFriendDetails'>, ctx: Ctx) {
      const me = requireUser(ctx);
      checkFriendId(input.friendid);
      let existing: FriendRow | null = null;
      if (input.insert === 1) {
        if (!me.canadd) throw refused('noAddPermission');
        if (isReservedId(input.friendid)) throw refusal(ErrorCode.CONFLICT, 'friendIdReserved');
        if (await repo.byFriendId(input.friendid)) {
          throw refusal(ErrorCode.CONFLICT, 'friendExists');
        }
      } else {
        const row = await repo.byFriendId(input.friendid);
        if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
        if ((await friendPriv(repo, row.friend, me)) !== 0) {
          throw refused('friendExistsNoPermission');
        }
        existing = row.friend;
      }

      if (!input.friendname) throw bad('noFriendName');
      checkImage(input.image);
      if (input.autosave !== 1) {
        if (!input.personality.trim() && !input.background.trim()) throw bad('noPersonality');
        if (!input.firstprompt.trim()) throw bad('noFirstPrompt');
      }
      checkVoice(input.voice);
      if (!MODEL_NAME.test(input.model)) throw bad('badModel');
      checkPrivileged(me, input, existing);

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
        if (!row) throw refusal(ErrorCode.CONFLICT, 'friendExists');
        saved = row;
      }
      return { lastupdate: formatTime(saved.lastupdate), description: saved.description };
    },

    async updateFriendDetails(input: ParsedInput<'UpdateFriendDetails'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(repo, input.friendid, me, 'edit');
      const patch: FriendPatch = { lastupdate: now() };
      const value = input.contents;
      const text = typeof value === 'number' ? String(value) : value;
      switch (input.subject) {
        case 'category': {
          const n = typeof value === 'number' ? value : Number(value.trim() || 'NaN');
          if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1) throw bad('invalidCategory');
          patch.category = n;
          break;
        }
        case 'image':
          checkImage(text);
          patch.image = text;
          break;
        case 'voice':
          checkVoice(text);
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
      const { friend } = await requireFriend(repo, input.friendid, me, 'view');
      if (!canManage(friend, me)) throw refused('deleteOwnerOnly');
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
      if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
      const priv = await friendPriv(repo, row.friend, me);
      const seen = priv !== 2;
      return {
        priv,
        imgedit: me.imgedit ? 1 : 0,
        friendtype: seen ? row.friend.friendtype : 0,
        friendname: seen ? row.friend.friendname : '',
        owner: canManage(row.friend, me) ? 1 : 0,
      };
    },
  };
}

export type StudioService = ReturnType<typeof studioService>;
