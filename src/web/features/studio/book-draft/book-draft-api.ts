import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActionOutput } from '../../../../protocol/registry.ts';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';

export type CharacterDraftAnswer = ActionOutput<'GetCharacterDraft'>;
export type CharacterDraft = NonNullable<CharacterDraftAnswer['draft']>;
export type DraftField = CharacterDraft['personality'];

const live = (state: string | undefined) => state === 'queued' || state === 'running';
/** How often a running job is asked for its progress. */
const FOLLOW_MS = 1000;

/**
 * The characters of file `num` (FindBookCharacters): the last listing, or the estimate
 * before one; followed while it runs. `start` begins one, `cancel` stops it.
 */
export function useFindBookCharacters(friendid: string, num: number | null) {
  const email = useStored('email');
  const { lang } = useLanguage();
  const qc = useQueryClient();
  const key = queryKeys.bookDraft.characters(email, friendid, num ?? 0);
  const query = useQuery({
    queryKey: key,
    enabled: num !== null,
    queryFn: () => callOrThrow('FindBookCharacters', { friend: friendid, num: num!, lang }),
    refetchInterval: (q) => (live(q.state.data?.state) ? FOLLOW_MS : false),
  });
  const start = useMutation({
    mutationFn: () =>
      callOrThrow('FindBookCharacters', { friend: friendid, num: num!, lang, start: 1 }),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
  const cancel = useMutation({
    mutationFn: (job: number) => callOrThrow('CancelBookJob', { job }),
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
  return { query, start, cancel };
}

/** Starts a draft of `name` (DraftCharacterFromBook) and follows it (GetCharacterDraft). */
export function useCharacterDraft(friendid: string, num: number | null, job: number | null) {
  const email = useStored('email');
  const { lang } = useLanguage();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.bookDraft.draft(email, job ?? 0),
    enabled: job !== null,
    queryFn: () => callOrThrow('GetCharacterDraft', { job: job!, lang }),
    refetchInterval: (q) => (live(q.state.data?.state) ? FOLLOW_MS : false),
  });
  const start = useMutation({
    mutationFn: (name: string) =>
      callOrThrow('DraftCharacterFromBook', { friend: friendid, num: num!, name, lang }),
    onSuccess: (data) =>
      void qc.invalidateQueries({ queryKey: queryKeys.bookDraft.draft(email, data.job) }),
  });
  const cancel = useMutation({
    mutationFn: (id: number) => callOrThrow('CancelBookJob', { job: id }),
    onSettled: () =>
      void qc.invalidateQueries({ queryKey: queryKeys.bookDraft.draft(email, job ?? 0) }),
  });
  return { query, start, cancel };
}

/** A drafted text as it goes into the form: the citation marks are for the review only. */
export const withoutMarks = (text: string) =>
  text
    .replace(/\s*\[\d+\](?!\()/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
