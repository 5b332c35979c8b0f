import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The user details dialog's modes (spec part 2 §2 "Dialogs"). */
export type DetailsMode = 'general' | 'friend' | 'memory';

async function load(mode: DetailsMode, friendid: string): Promise<string> {
  if (mode === 'memory') return (await callOrThrow('GetSetMemory', { friendid })).memory;
  if (mode === 'friend') return (await callOrThrow('GetSetSelf', { friendid })).notes;
  return (await callOrThrow('GetSetSelf', {})).notes;
}

async function save(mode: DetailsMode, friendid: string, text: string): Promise<string> {
  if (mode === 'memory')
    return (await callOrThrow('GetSetMemory', { friendid, memory: text, set: 1 })).memory;
  if (mode === 'friend') return (await callOrThrow('GetSetSelf', { friendid, notes: text })).notes;
  return (await callOrThrow('GetSetSelf', { notes: text })).notes;
}

/**
 * General notes about the user (GetSetSelf without a character), notes for this character
 * (GetSetSelf with it) and what the character learned (GetSetMemory). The memory is written
 * by the server during conversations, so it is read afresh every time the dialog opens.
 */
export function useDetails(mode: DetailsMode, friendid: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.chat.details(mode, friendid),
    enabled,
    staleTime: mode === 'memory' ? 0 : 60_000,
    queryFn: () => load(mode, friendid),
  });
}

export function useSaveDetails(mode: DetailsMode, friendid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => save(mode, friendid, text),
    onSuccess: (text) => qc.setQueryData(queryKeys.chat.details(mode, friendid), text),
  });
}
