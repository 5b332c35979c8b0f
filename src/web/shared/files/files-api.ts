import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../api/call-or-throw.ts';
import { call, type Envelope } from '../api/client.ts';
import { useStored } from '../storage/use-stored.ts';

const key = (email: string | null, friendid: string) => ['files', email, friendid] as const;

/** A failed answer's words ('' when the server sent none), or null on success. */
const problem = (a: Envelope) => (a.Error === 0 ? null : (a.Errstr ?? ''));

/** The character's files (GetFiles) and what can be done to one. */
export function useFiles(friendid: string, enabled: boolean) {
  const email = useStored('email');
  const qc = useQueryClient();
  // One request; the list and the search mode are two views of its answer.
  const answer = {
    queryKey: key(email, friendid),
    enabled,
    queryFn: () => callOrThrow('GetFiles', { friend: friendid }),
  };
  const files = useQuery({ ...answer, select: (a) => a.files });
  const search = useQuery({ ...answer, select: (a) => a.search ?? 'words' });
  const refresh = () => qc.invalidateQueries({ queryKey: key(email, friendid) });
  const after = async (a: Envelope) => {
    const p = problem(a);
    if (p === null) await refresh();
    return p;
  };
  return {
    files,
    /** Whether the character's knowledge is also searched by meaning (embeddings). */
    search: search.data,
    refresh,
    remove: async (num: number) => after(await call('DelFile', { friendid, num })),
    setTitle: async (num: number, title: string) =>
      after(await call('UpdateTitle', { friendid, num, title })),
    setSubject: async (num: number, subject: string) =>
      after(await call('UpdateFileSubject', { friendid, num, subject })),
    moveToTop: async (num: number) => after(await call('MoveFileToTop', { friendid, num })),
    /** A title found in the file's own text. */
    findTitle: async (num: number): Promise<{ title: string } | { error: string }> => {
      const a = await call('GetFileTitle', { friendid, num });
      return a.Error === 0 ? { title: a.title } : { error: a.Errstr ?? '' };
    },
  };
}

export type FilesApi = ReturnType<typeof useFiles>;
