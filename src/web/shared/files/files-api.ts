import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../api/call-or-throw.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useActionMutation } from '../api/use-action.ts';
import { useStored } from '../storage/use-stored.ts';

/**
 * The character's files (GetFiles) and what can be done to one; each change reads the list
 * again. `onStart` and `onFailure` feed the dialog's one message: cleared when anything is
 * tried, the server's words when it fails.
 */
export function useFiles(
  friendid: string,
  {
    enabled,
    onStart,
    onFailure,
  }: { enabled: boolean; onStart: () => void; onFailure: (message: string) => void },
) {
  const email = useStored('email');
  const qc = useQueryClient();
  const key = queryKeys.files(email, friendid);
  // One request; the list and the search mode are two views of its answer.
  const answer = {
    queryKey: key,
    enabled,
    queryFn: () => callOrThrow('GetFiles', { friend: friendid }),
  };
  const files = useQuery({ ...answer, select: (a) => a.files });
  const search = useQuery({ ...answer, select: (a) => a.search ?? 'words' });
  const change = { invalidate: [key], onMutate: onStart, onFailure };
  const remove = useActionMutation('DelFile', change);
  const setTitle = useActionMutation('UpdateTitle', change);
  const setSubject = useActionMutation('UpdateFileSubject', change);
  const moveToTop = useActionMutation('MoveFileToTop', change);
  // A title found in the file's own text becomes its title.
  const findTitle = useActionMutation('GetFileTitle', {
    onMutate: onStart,
    onFailure,
    onSuccess: ({ title }, { num }) => {
      if (title.trim()) setTitle.mutate({ friendid, num, title: title.trim() });
    },
  });
  const busy = [remove, setTitle, setSubject, moveToTop, findTitle].some((m) => m.isPending);
  return {
    files,
    /** Whether the character's knowledge is also searched by meaning (embeddings). */
    search: search.data,
    busy,
    /** The list is stale (an upload added a file). */
    refresh: () => void qc.invalidateQueries({ queryKey: key }),
    remove: (num: number, then?: () => void) =>
      remove.mutate({ friendid, num }, { onSettled: () => then?.() }),
    setTitle: (num: number, title: string) => setTitle.mutate({ friendid, num, title }),
    setSubject: (num: number, subject: string) => setSubject.mutate({ friendid, num, subject }),
    moveToTop: (num: number) => moveToTop.mutate({ friendid, num }),
    findTitle: (num: number) => findTitle.mutate({ friendid, num }),
  };
}
