import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EditPriv } from '../../../../protocol/constants.ts';
import type { ActionOutput } from '../../../../protocol/registry.ts';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { call } from '../../../shared/api/client.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';

export type AccessEntry = ActionOutput<'GetFriendEmails'>['friendemails'][number];

const key = (email: string | null, friendid: string) =>
  ['studio', 'access', email, friendid] as const;

/** Who else may open the character (GetFriendEmails), with add and remove. */
export function useAccessList(friendid: string, enabled: boolean) {
  const email = useStored('email');
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: key(email, friendid),
    enabled,
    queryFn: async () => (await callOrThrow('GetFriendEmails', { friendid })).friendemails,
  });
  // Both answers carry the new list: it replaces the cached one.
  const apply = (entries: AccessEntry[]) => qc.setQueryData(key(email, friendid), entries);
  return {
    list,
    async add(user: string, editpriv: boolean): Promise<string | null> {
      const a = await call('AddEmailToFriend', {
        user,
        friendid,
        editpriv: editpriv ? EditPriv.edit : EditPriv.view,
      });
      if (a.Error !== 0) return a.Errstr ?? '';
      apply(a.friendemails);
      return null;
    },
    async remove(user: string): Promise<string | null> {
      const a = await call('DeleteEmail', { friendid, user });
      if (a.Error !== 0) return a.Errstr ?? '';
      apply(a.friendemails);
      return null;
    },
  };
}

/** Address suggestions (GetEmailComplete). */
export async function emailSuggestions(text: string): Promise<string[]> {
  const a = await call('GetEmailComplete', { email: text });
  return a.Error === 0 ? a.emails : [];
}
