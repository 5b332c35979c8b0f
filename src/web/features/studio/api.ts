import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MODEL_FALLBACK_LIST, Priv } from '../../../protocol/constants.ts';
import type { FriendFull } from '../../../protocol/entities.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { call } from '../../shared/api/client.ts';
import { useActionQuery } from '../../shared/api/use-action.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import type { FriendForm } from './form.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** CheckEditPriv's answer: its level (Priv: edit, view, none) and words. */
export interface EditPriv {
  level: Priv;
  /** The server's words when the level is not 0. */
  message: string;
  friendname: string;
  /** The creator or the global privilege: may delete and change the access list. */
  owner: boolean;
}

/**
 * The caller's level on a character. The server sends the level both as `priv` and as
 * `Error` (spec clients read Error), with Errstr when it is not 0; an answer without `priv`
 * (not found, signed out) counts as no permission, with its Errstr.
 */
export function useEditPriv(friendid: string) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.studio.priv(email, friendid),
    staleTime: 0,
    queryFn: async (): Promise<EditPriv> => {
      const a = await call('CheckEditPriv', { friendid });
      // Levels 1 and 2 come as Error with the answer's fields; any other Error has none.
      if (!('priv' in a))
        return { level: Priv.none, message: a.Errstr, friendname: '', owner: false };
      const level = a.priv === Priv.edit || a.priv === Priv.view ? a.priv : Priv.none;
      return {
        level,
        message: a.Errstr ?? '',
        friendname: a.friendname ?? '',
        owner: a.owner === 1,
      };
    },
  });
}

/** A character with everything the studio edits (editors get FriendFull). */
export function useStudioFriend(friendid: string, enabled: boolean) {
  const email = useStored('email');
  return useActionQuery(
    'GetFriendDetails',
    { friendid },
    {
      queryKey: queryKeys.studio.friend(email, friendid),
      enabled,
      staleTime: 0,
      pick: ({ friend }): FriendFull | null => ('personality' in friend ? friend : null),
    },
  );
}

/** After a first save the screen moves to /createdit/<id>: it opens from these at once. */
export function seedSavedFriend(
  qc: QueryClient,
  email: string | null,
  form: FriendForm,
  lastupdate: string,
) {
  const friend: FriendFull = {
    ...form,
    lang: null,
    lastupdate,
    creator: email ?? '',
    creatorname: '',
    priv: Priv.edit,
  };
  qc.setQueryData(queryKeys.studio.friend(email, form.friendid), friend);
  qc.setQueryData<EditPriv>(queryKeys.studio.priv(email, form.friendid), {
    level: Priv.edit,
    message: '',
    friendname: form.friendname,
    owner: true,
  });
}

/** Models the server offers (only users with the global privilege choose one). */
export function useModels(enabled: boolean) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.studio.models(email),
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<string[]> => {
      try {
        const { models } = await callOrThrow('ModelsList', {});
        return models.length ? models : [...MODEL_FALLBACK_LIST];
      } catch {
        return [...MODEL_FALLBACK_LIST];
      }
    },
  });
}
