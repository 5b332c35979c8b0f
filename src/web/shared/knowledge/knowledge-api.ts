import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../api/call-or-throw.ts';
import { call } from '../api/client.ts';
import { useStored } from '../storage/use-stored.ts';

export const knowledgeKey = (email: string | null, friendid: string) =>
  ['knowledge', email, friendid] as const;
const entryKey = (email: string | null, friendid: string, num: number) =>
  [...knowledgeKey(email, friendid), num] as const;

export interface KnowledgeEntry {
  num: number;
  subject: string;
  contents: string;
  tm: string;
}

/** Tells the list and the subjects read that they are stale (a document import adds or replaces one). */
export function useKnowledgeChanged(friendid: string) {
  const email = useStored('email');
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: knowledgeKey(email, friendid) });
}

/** Knowledge subjects written by hand or imported (GetKnowlegeSubjects and GetSetKnowledge). */
export function useKnowledge(friendid: string, enabled: boolean) {
  const email = useStored('email');
  const qc = useQueryClient();
  const subjects = useQuery({
    queryKey: knowledgeKey(email, friendid),
    enabled,
    queryFn: async () => (await callOrThrow('GetKnowlegeSubjects', { friendid })).subjects,
  });
  const refresh = () =>
    qc.invalidateQueries({ queryKey: knowledgeKey(email, friendid), exact: true });
  return {
    subjects,
    async save(entry: { num?: number; subject: string; contents: string }) {
      const a = await call('GetSetKnowledge', { friendid, ...entry });
      if (a.Error !== 0) return { error: a.Errstr ?? '' };
      const saved: KnowledgeEntry = {
        num: a.num,
        subject: a.subject,
        contents: a.contents,
        tm: a.tm,
      };
      // The view that follows a save shows the answer at once.
      qc.setQueryData(entryKey(email, friendid, a.num), saved);
      await refresh();
      return { num: a.num };
    },
    async remove(num: number): Promise<string | null> {
      const a = await call('DelKnowledgeManual', { friendid, num });
      if (a.Error !== 0) return a.Errstr ?? '';
      qc.removeQueries({ queryKey: entryKey(email, friendid, num) });
      await refresh();
      return null;
    },
  };
}

export type KnowledgeApi = ReturnType<typeof useKnowledge>;

/**
 * One subject with its contents (GetSetKnowledge with `num` only). A save puts its answer
 * here, so the view after it needs no second read; older than 30 s, it is read again.
 */
export function useKnowledgeEntry(friendid: string, num: number | null) {
  const email = useStored('email');
  return useQuery({
    queryKey: entryKey(email, friendid, num ?? 0),
    enabled: num !== null,
    staleTime: 30_000,
    queryFn: async (): Promise<KnowledgeEntry> => {
      const a = await callOrThrow('GetSetKnowledge', { friendid, num: num ?? 0 });
      return { num: a.num, subject: a.subject, contents: a.contents, tm: a.tm };
    },
  });
}
