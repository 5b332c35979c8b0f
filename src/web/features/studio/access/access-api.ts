import { useQueryClient } from '@tanstack/react-query';
import type { ActionOutput } from '../../../../protocol/registry.ts';
import { call } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useActionMutation, useActionQuery } from '../../../shared/api/use-action.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';

export type AccessEntry = ActionOutput<'GetFriendEmails'>['friendemails'][number];

/**
 * Who else may open the character (GetFriendEmails), with add and remove. `onStart` and
 * `onFailure` feed the list's one message (cleared when anything is tried).
 */
export function useAccessList(
  friendid: string,
  {
    enabled,
    onStart,
    onFailure,
  }: { enabled: boolean; onStart: () => void; onFailure: (message: string) => void },
) {
  const email = useStored('email');
  const qc = useQueryClient();
  const key = queryKeys.studio.access(email, friendid);
  const list = useActionQuery(
    'GetFriendEmails',
    { friendid },
    { queryKey: key, enabled, pick: (a) => a.friendemails },
  );
  const change = {
    onMutate: onStart,
    onFailure,
    // Both answers carry the new list: it replaces the cached one.
    onSuccess: (a: { friendemails: AccessEntry[] }) => qc.setQueryData(key, a.friendemails),
  };
  const add = useActionMutation('AddEmailToFriend', change);
  const remove = useActionMutation('DeleteEmail', change);
  return { list, add, remove, busy: add.isPending || remove.isPending };
}

/** Address suggestions (GetEmailComplete). */
export async function emailSuggestions(text: string): Promise<string[]> {
  const a = await call('GetEmailComplete', { email: text });
  return a.Error === 0 ? a.emails : [];
}
