import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The user's subjects with this character, most recently used first (GetSubjects). */
export function useSubjects(friendid: string, lang: Lang, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.chat.subjects(friendid),
    enabled,
    staleTime: Infinity,
    queryFn: async () => (await callOrThrow('GetSubjects', { friendid, lang })).subjects,
  });
}

/**
 * Create, rename, delete and fork (spec part 2 §4 "Subject sidebar"). Each answers the
 * subject the server settled on and refreshes the list; a new subject or a fork is put on
 * top at once (the server orders by last use).
 */
export function useSubjectActions(friendid: string) {
  const qc = useQueryClient();
  const key = queryKeys.chat.subjects(friendid);
  const onTop = (name: string) =>
    qc.setQueryData<string[]>(key, (list) => [
      name,
      ...(list ?? []).filter((s) => !sameName(s, name)),
    ]);
  const refresh = () => qc.invalidateQueries({ queryKey: key });

  const create = useMutation({
    mutationFn: async (name: string) =>
      (await callOrThrow('UpdateSubject', { friendid, newsubject: name.trim() })).subject,
    onSuccess: onTop,
    onSettled: refresh,
  });
  const rename = useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }) =>
      (await callOrThrow('UpdateSubject', { friendid, subject: from, newsubject: to.trim() }))
        .subject,
    onSuccess: (name, { from }) =>
      qc.setQueryData<string[]>(key, (list) => list?.map((s) => (s === from ? name : s))),
    onSettled: refresh,
  });
  /** Answers the list as reloaded after the deletion. */
  const remove = useMutation({
    mutationFn: async (name: string) => {
      const left = (await callOrThrow('DelSubject', { friendid, subject: name })).subjects;
      qc.setQueryData<string[]>(key, left);
      await qc.invalidateQueries({ queryKey: key });
      return qc.getQueryData<string[]>(key) ?? left;
    },
  });
  const fork = useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }) =>
      (await callOrThrow('ForkSubject', { friendid, subject: from, newsubject: to.trim() }))
        .subject,
    onSuccess: onTop,
    onSettled: refresh,
  });
  return { create, rename, remove, fork, refresh };
}

/** A name for a copy that no subject has yet: "name (copy)", "name (copy 2)", … */
export function forkName(from: string, existing: string[], copyWord: string): string {
  for (let n = 1; ; n++) {
    const name = `${from} (${n === 1 ? copyWord : `${copyWord} ${n}`})`.slice(0, 120);
    if (!existing.some((s) => sameName(s, name))) return name;
  }
}
