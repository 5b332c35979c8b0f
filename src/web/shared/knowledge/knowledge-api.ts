import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../api/call-or-throw.ts';
import { call } from '../api/client.ts';
import { useStored } from '../storage/use-stored.ts';

export const knowledgeKey = (email: string | null, friendid: string) =>
  ['knowledge', email, friendid] as const;

/** Tells the knowledge list it is stale (a document import adds a subject). */
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
  const refresh = () => qc.invalidateQueries({ queryKey: knowledgeKey(email, friendid) });
  return {
    subjects,
    load: (num: number) => callOrThrow('GetSetKnowledge', { friendid, num }),
    async save(entry: { num?: number; subject: string; contents: string }) {
      const a = await call('GetSetKnowledge', { friendid, ...entry });
      if (a.Error !== 0) return { error: a.Errstr ?? '' };
      await refresh();
      return { num: a.num };
    },
    async remove(num: number): Promise<string | null> {
      const a = await call('DelKnowledgeManual', { friendid, num });
      if (a.Error !== 0) return a.Errstr ?? '';
      await refresh();
      return null;
    },
  };
}

export type KnowledgeApi = ReturnType<typeof useKnowledge>;
