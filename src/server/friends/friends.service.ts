import { EDITOR_FRIEND_IDS, GENERAL_LOOKUP, Priv } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { availableModels } from '../ai/models.ts';
import type { Deps } from '../deps.ts';
import { AppError, refusal } from '../errors.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { friendPriv } from './friend-access.ts';
import type { FriendRow } from './friends.repo.ts';

import { formatTime } from '../../protocol/time.ts';

export function friendsService(deps: Pick<Deps, 'config'>, repos: Pick<Repos, 'friends'>) {
  const repo = repos.friends;

  function card(f: FriendRow) {
    return {
      friendid: f.friendid,
      friendname: f.friendname,
      image: f.image,
      description: f.description,
      friendtype: f.friendtype,
      category: f.category,
      publicfriend: f.publicfriend,
    };
  }

  return {
    async getFriends(input: ParsedInput<'GetFriends'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const showAll = input.showall === 1 && me.globalpriv;
      const friends = await repo.list({
        viewer: showAll ? null : { id: me.id, email: me.email },
        lang: input.lang,
        categories: input.categories,
        search: input.search,
        hideIds: me.canadd ? [] : EDITOR_FRIEND_IDS,
      });
      return { friends };
    },

    async getFriendDetails(input: ParsedInput<'GetFriendDetails'>, ctx: Ctx) {
      const row = await repo.byFriendId(input.friendid);
      if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
      const f = row.friend;
      // The general lookup answers as to anyone: the public card or nothing.
      const general = input.email === GENERAL_LOOKUP;
      const asker = general ? null : ctx.user;
      const priv = await friendPriv(repo, f, asker);
      if (priv === Priv.none) {
        throw ctx.user || general
          ? refusal(ErrorCode.FORBIDDEN, 'friendNoAccess')
          : new AppError(ErrorCode.UNAUTHENTICATED);
      }
      const pub = {
        ...card(f),
        firstprompt: f.firstprompt,
        voice: f.voice,
        lang: f.lang,
        lastupdate: formatTime(f.lastupdate),
        creator: row.ownerEmail ?? '',
        creatorname: row.ownerName ?? '',
        tags: f.tags,
        priv,
      };
      if (priv !== Priv.edit) return { friend: pub };
      return {
        friend: {
          ...pub,
          personality: f.personality,
          background: f.background,
          temp: f.temp,
          top_p: f.topP,
          model: f.model,
          voice_instructions: f.voiceInstructions,
          note: f.note,
          note_depth: f.noteDepth,
          note_role: f.noteRole,
          lorebook: f.lorebook,
          card_creator: f.cardCreator,
          card_version: f.cardVersion,
        },
      };
    },

    /** The support and sales assistants in the caller's language (see the seed). */
    async heliconAssistants(input: ParsedInput<'GetHeliconAssistants'>, ctx: Ctx) {
      const lang = input.lang ?? ctx.lang;
      const pick = async (base: string) => {
        const row =
          (await repo.byFriendId(lang === 'en' ? `${base}en` : base)) ??
          (await repo.byFriendId(base));
        if (!row) return null;
        const f = row.friend;
        return {
          friendid: f.friendid,
          image: f.image,
          friendname: f.friendname,
          description: f.description,
        };
      };
      return { support: await pick('support'), sales: await pick('sales') };
    },

    modelsList() {
      return availableModels(deps.config);
    },
  };
}
