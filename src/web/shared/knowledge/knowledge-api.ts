import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { useActionMutation, useActionQuery } from '../api/use-action.ts';
import { useStored } from '../storage/use-stored.ts';

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
  return () => void qc.invalidateQueries({ queryKey: queryKeys.knowledge.all(email, friendid) });
}

/** Knowledge subjects written by hand or imported (GetKnowlegeSubjects). */
export function useKnowledge(friendid: string, enabled: boolean) {
  const email = useStored('email');
  return useActionQuery(
    'GetKnowlegeSubjects',
    { friendid },
    { queryKey: queryKeys.knowledge.list(email, friendid), enabled, pick: (a) => a.subjects },
  );
}

/** Writes a subject (GetSetKnowledge with contents; without `num` a new one). */
export function useSaveKnowledge(friendid: string) {
  const email = useStored('email');
  const qc = useQueryClient();
  return useActionMutation('GetSetKnowledge', {
    // The view that follows a save shows the answer at once.
    onSuccess: (a) =>
      qc.setQueryData<KnowledgeEntry>(queryKeys.knowledge.entry(email, friendid, a.num), {
        num: a.num,
        subject: a.subject,
        contents: a.contents,
        tm: a.tm,
      }),
    invalidate: [queryKeys.knowledge.list(email, friendid)],
  });
}

/** Deletes a subject (DelKnowledgeManual). */
export function useDeleteKnowledge(friendid: string) {
  const email = useStored('email');
  const qc = useQueryClient();
  return useActionMutation('DelKnowledgeManual', {
    onSuccess: (_, { num }) =>
      qc.removeQueries({ queryKey: queryKeys.knowledge.entry(email, friendid, Number(num)) }),
    invalidate: [queryKeys.knowledge.list(email, friendid)],
  });
}

/**
 * One subject with its contents (GetSetKnowledge with `num` only). A save puts its answer
 * here, so the view after it needs no second read; older than 30 s, it is read again.
 */
export function useKnowledgeEntry(friendid: string, num: number | null) {
  const email = useStored('email');
  return useActionQuery(
    'GetSetKnowledge',
    { friendid, num: num ?? 0 },
    {
      queryKey: queryKeys.knowledge.entry(email, friendid, num ?? 0),
      enabled: num !== null,
      staleTime: 30_000,
      pick: (a): KnowledgeEntry => ({
        num: a.num,
        subject: a.subject,
        contents: a.contents,
        tm: a.tm,
      }),
    },
  );
}
