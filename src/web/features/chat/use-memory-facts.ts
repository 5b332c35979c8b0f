import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export type MemoryFact = ActionOutput<'GetMemoryFacts'>['facts'][number];

/**
 * The character's memory of the caller as facts (GetMemoryFacts). Written by the server
 * during conversations, so read afresh each time the dialog opens.
 */
export function useMemoryFacts(friendid: string) {
  return useQuery({
    queryKey: queryKeys.chat.memoryFacts(friendid),
    staleTime: 0,
    queryFn: async () => (await callOrThrow('GetMemoryFacts', { friendid })).facts,
  });
}

/** Corrects or deletes one fact; both answer the list, which replaces the cached one. */
export function useEditMemoryFact(friendid: string) {
  const qc = useQueryClient();
  const done = (facts: MemoryFact[]) => {
    qc.setQueryData(queryKeys.chat.memoryFacts(friendid), facts);
    // The joined text (GetSetMemory) is made of the facts.
    void qc.invalidateQueries({ queryKey: queryKeys.chat.details('memory', friendid) });
  };
  const correct = useMutation({
    mutationFn: async ({ id, text }: { id: number; text: string }) =>
      (await callOrThrow('SetMemoryFact', { friendid, id, text })).facts,
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => (await callOrThrow('DelMemoryFact', { friendid, id })).facts,
    onSuccess: done,
  });
  return { correct, remove };
}
