import {
  FriendType,
  friendTypeTraits,
  Priv,
  RESERVED_FRIEND_IDS,
  VOICES,
} from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  FRIEND_IMAGE_PATTERN,
  validateFriend,
  validateFriendId,
} from '../../protocol/friend-rules.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import type { MessageKey } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { canManage, friendPriv, requireFriend } from './friend-access.ts';
import type { FriendPatch, FriendRow } from './friends.repo.ts';
import { formatTime } from '../../protocol/time.ts';
import { discardFiles } from '../platform/discard.ts';

const bad = (key: MessageKey) => refusal(ErrorCode.BAD_INPUT, key);
const refused = (key: MessageKey) => refusal(ErrorCode.FORBIDDEN, key);

export const isReservedId = (id: string) => RESERVED_FRIEND_IDS.includes(id.toLowerCase());

function checkFriendId(friendid: string) {
  const problem = validateFriendId(friendid);
  if (problem) throw bad(problem);
}

function checkImage(image: string) {
  if (!image.trim()) throw bad('noImage');
  if (!FRIEND_IMAGE_PATTERN.test(image)) throw bad('badImagePath');
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
  const typeChanged = prev
    ? prev.friendtype !== next.friendtype
    : next.friendtype !== FriendType.literary;
  if (
    typeChanged &&
    (friendTypeTraits(next.friendtype).privileged ||
      (prev !== null && friendTypeTraits(prev.friendtype).privileged))
  ) {
    throw refused('typeNeedsPriv');
  }
  const modelChanged = prev ? prev.model !== next.model : next.model !== 'auto';
  if (modelChanged) throw refused('modelNeedsPriv');
}

export function studioService(
  deps: Pick<Deps, 'clock' | 'jobs' | 'log' | 'storage'>,
  repos: Pick<Repos, 'friends'>,
) {
  const repo = repos.friends;
  const now = () => deps.clock.now();

  /** Drops a character image file from storage once no character shows it. */
  async function forgetImage(image: string) {
    const m = /^\/files\/images\/([A-Za-z0-9_-]+\.webp)$/.exec(image);
    if (!m || (await repo.countUsingImage(image)) > 0) return;
    await discardFiles(deps, [`images/${m[1]}`], 'a character image no one shows');
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
        if ((await friendPriv(repo, row.friend, me)) !== Priv.edit) {
          throw refused('friendExistsNoPermission');
        }
        existing = row.friend;
      }

      // The studio checks the same rules before it sends (protocol/friend-rules.ts).
      const problem = validateFriend(input, { autosave: input.autosave === 1 });
      if (problem) throw bad(problem);
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
        // Card fields: only when sent (older clients and autosave leave them alone).
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.note_depth !== undefined ? { noteDepth: input.note_depth } : {}),
        ...(input.note_role !== undefined ? { noteRole: input.note_role } : {}),
        ...(input.lorebook !== undefined ? { lorebook: input.lorebook } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.card_creator !== undefined ? { cardCreator: input.card_creator } : {}),
        ...(input.card_version !== undefined ? { cardVersion: input.card_version } : {}),
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
      await discardFiles(
        deps,
        keys.flatMap((key) => [key, `${key}.txt`]),
        "a deleted character's files",
      );
      await forgetImage(friend.image).catch((err: unknown) =>
        deps.log.warn({ err, image: friend.image }, "a deleted character's image was not checked"),
      );
      return {};
    },

    async checkEditPriv(input: ParsedInput<'CheckEditPriv'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const row = await repo.byFriendId(input.friendid);
      if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
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
