import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChatMessage } from '../../../protocol/actions/chat.ts';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** A message as the screen keeps it: the server's, plus what only a live answer tells. */
export type Message = ChatMessage & {
  /** Answered by the offline model (the `done` event says so; RetrieveConversation does not). */
  offline?: number;
};

export type ConversationPage = Omit<ActionOutput<'RetrieveConversation'>, 'chat'> & {
  chat: Message[];
};
export type ConversationData = InfiniteData<ConversationPage, number | undefined>;

/** Messages per page: the newest page first, then earlier ones on demand. */
export const PAGE_SIZE = 50;

/**
 * One subject's conversation, paged from the newest (RetrieveConversation `before`). The
 * page list is kept newest first; `messages` below puts them in reading order. Nothing
 * refetches it behind the screen's back (a refetch mid-answer would race the stream): the
 * screen patches it as answers stream and resets it after rewind and reset.
 */
export function useConversation(
  friendid: string,
  subject: string | null,
  lang: Lang,
  enabled: boolean,
) {
  const query = useInfiniteQuery<
    ConversationPage,
    Error,
    ConversationData,
    ReturnType<typeof queryKeys.chat.conversation>,
    number | undefined
  >({
    queryKey: queryKeys.chat.conversation(friendid, subject),
    enabled,
    staleTime: Infinity,
    refetchOnMount: 'always',
    // Another subject of the same character: its name and image stay while it loads.
    placeholderData: (previous: ConversationData | undefined, previousQuery) =>
      previousQuery?.queryKey[1] === friendid ? previous : undefined,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (await callOrThrow('RetrieveConversation', {
        friendid,
        lang,
        limit: PAGE_SIZE,
        ...(subject ? { subject } : {}),
        ...(pageParam ? { before: pageParam } : {}),
      })) as ConversationPage,
    getNextPageParam: (last: ConversationPage) =>
      last.hasmore && last.chat[0] ? last.chat[0].id : undefined,
  });
  const messages = useMemo(() => flatten(query.data), [query.data]);
  return { ...query, messages };
}

export function flatten(data: ConversationData | undefined): Message[] {
  if (!data) return [];
  const out: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) out.push(...data.pages[i]!.chat);
  return out;
}

/** Changes the newest page (where new messages go) of one conversation in the cache. */
export function patchNewest(
  qc: QueryClient,
  friendid: string,
  subject: string | null,
  fn: (chat: Message[]) => Message[],
) {
  qc.setQueryData<ConversationData>(queryKeys.chat.conversation(friendid, subject), (data) => {
    if (!data?.pages[0]) return data;
    const [newest, ...rest] = data.pages;
    return { ...data, pages: [{ ...newest, chat: fn(newest.chat) }, ...rest] };
  });
}

/** Changes one message wherever it is loaded. */
export function patchMessage(
  qc: QueryClient,
  friendid: string,
  subject: string | null,
  id: number,
  fn: (m: Message) => Message | null,
) {
  qc.setQueryData<ConversationData>(queryKeys.chat.conversation(friendid, subject), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((p) =>
        p.chat.some((m) => m.id === id)
          ? {
              ...p,
              chat: p.chat.flatMap((m) => {
                if (m.id !== id) return [m];
                const next = fn(m);
                return next ? [next] : [];
              }),
            }
          : p,
      ),
    };
  });
}

/** The cache operations the screen needs, bound to one conversation. */
export function useConversationCache(friendid: string, subject: string | null) {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      /** Adds a message at the end, or replaces the one with its id (or with `replaceId`). */
      put(m: Message, replaceId?: number) {
        patchNewest(qc, friendid, subject, (chat) => {
          const at = chat.findIndex((x) => x.id === m.id || x.id === replaceId);
          if (at < 0) return [...chat, m];
          const rest = chat.filter((x, i) => i !== at && x.id !== m.id);
          return [...rest.slice(0, at), m, ...rest.slice(at)];
        });
      },
      update(id: number, fn: (m: Message) => Message | null) {
        patchMessage(qc, friendid, subject, id, fn);
      },
      remove(id: number) {
        patchMessage(qc, friendid, subject, id, () => null);
      },
      /** Drops every message after `id` (an edited question's later turns). */
      truncateAfter(id: number) {
        qc.setQueryData<ConversationData>(queryKeys.chat.conversation(friendid, subject), (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((p) => ({ ...p, chat: p.chat.filter((m) => m.id <= id) })),
              }
            : data,
        );
      },
      /** Loads what is shown again in place (the alternatives of an answer changed). */
      refresh() {
        return qc.invalidateQueries({ queryKey: queryKeys.chat.conversation(friendid, subject) });
      },
      /** After rewind or reset: forget every page and load the newest one again. */
      reload() {
        return qc.resetQueries({ queryKey: queryKeys.chat.conversation(friendid, subject) });
      },
      /** Keeps what is loaded under another subject name (rename; the first answer's name). */
      moveTo(other: string) {
        const data = qc.getQueryData<ConversationData>(
          queryKeys.chat.conversation(friendid, subject),
        );
        if (!data) return;
        qc.setQueryData<ConversationData>(queryKeys.chat.conversation(friendid, other), {
          ...data,
          pages: data.pages.map((p) => ({ ...p, subject: other })),
        });
      },
    }),
    [qc, friendid, subject],
  );
}

export type ConversationCache = ReturnType<typeof useConversationCache>;
