import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActionInput, ActionOutput } from '../../../protocol/registry.ts';
import { callOrThrow } from '../api/call-or-throw.ts';
import { useStored } from '../storage/use-stored.ts';
import { queryKeys } from '../api/query-keys.ts';

export type FileChapters = ActionOutput<'GetSetFileChapters'>;
export type Heading = NonNullable<ActionInput<'GetSetFileChapters'>['chapters']>[number];

/** One file's chapters and pages (GetSetFileChapters), and the editor's correction of them. */
export function useFileChapters(friendid: string, num: number) {
  const email = useStored('email');
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.fileChapters(email, friendid, num),
    queryFn: () => callOrThrow('GetSetFileChapters', { friendid, num }),
  });
  const save = useMutation({
    mutationFn: (chapters: Heading[]) =>
      callOrThrow('GetSetFileChapters', { friendid, num, chapters }),
    onSuccess: (data) => {
      qc.setQueryData(queryKeys.fileChapters(email, friendid, num), data);
      // The files list counts each file's chapters.
      void qc.invalidateQueries({ queryKey: queryKeys.files(email, friendid) });
      // The reader's horizon control offers the character's chapters.
      void qc.invalidateQueries({ queryKey: queryKeys.chat.horizonAll() });
    },
  });
  return { query, save };
}
