import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export interface CanvasTexts {
  canvas: string;
  backup: string;
}

/** The shared document of one subject and its backup (the text before the last save). */
export function useCanvas(friendid: string, subject: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.chat.canvas(friendid, subject),
    enabled,
    staleTime: 0,
    queryFn: async (): Promise<CanvasTexts> => {
      const a = await callOrThrow('GetCanvas', { friendid, subject });
      return { canvas: a.canvas, backup: a.backup };
    },
  });
}

export function useSaveCanvas(friendid: string, subject: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (contents: string): Promise<CanvasTexts> => {
      const a = await callOrThrow('UpdateCanvas', { friendid, subject, contents });
      return { canvas: a.canvas, backup: a.backup };
    },
    onSuccess: (texts) => qc.setQueryData(queryKeys.chat.canvas(friendid, subject), texts),
  });
}
