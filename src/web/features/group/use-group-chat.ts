import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GroupMessage } from '../../../protocol/actions/group.ts';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { NetworkError } from '../../shared/api/errors.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { streamGroup, type GroupStreamHandlers } from './group-stream.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

type Conversation = ActionOutput<'RetrieveMultiConversaion'>;

/** The group conversation and the characters to tick (RetrieveMultiConversaion). */
export function useRetrieveMultiConversation(lang: Lang) {
  return useQuery({
    queryKey: queryKeys.group(),
    staleTime: Infinity,
    queryFn: () => callOrThrow('RetrieveMultiConversaion', { lang }),
  });
}

/**
 * Asking the group (MultiChatAsk) and following a turn still being written
 * (FollowMultiChat, after a refresh): the user's line shows at once, then each character's
 * answer streams into the conversation in the cache. Leaving only stops listening: the
 * server finishes the turn.
 */
export function useGroupAsk(lang: Lang, running: boolean | undefined) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [speaking, setSpeaking] = useState<string | null>(null);
  const ctrl = useRef<AbortController | null>(null);

  const edit = useCallback(
    (fn: (chat: GroupMessage[]) => GroupMessage[]) =>
      qc.setQueryData<Conversation>(queryKeys.group(), (c) => (c ? { ...c, chat: fn(c.chat) } : c)),
    [qc],
  );

  /**
   * Answers already on screen when a stream names them again (a follow after a refresh sends
   * each answer from its start): their text stays as it is until what arrives has caught up
   * with it, so nothing is written out a second time.
   */
  const catching = useRef(new Map<number, { shown: string; got: string }>());

  const handlers = useMemo<GroupStreamHandlers>(
    () => ({
      onStart: ({ usermessage }) =>
        edit((chat) => [...chat.filter((m) => m.id > 0 || m.role !== 'user'), usermessage]),
      onSpeaker: (s) => {
        setSpeaking(s.speaker);
        const shown = qc
          .getQueryData<Conversation>(queryKeys.group())
          ?.chat.find((m) => m.id === s.replyid)?.message;
        if (shown) {
          catching.current.set(s.replyid, { shown, got: '' });
          return;
        }
        edit((chat) => {
          const line: GroupMessage = {
            id: s.replyid,
            role: 'assistant',
            tm: '',
            message: '',
            speaker: s.speaker,
            friendid: s.friendid,
            image: s.image,
            status: 'streaming',
          };
          return chat.some((m) => m.id === s.replyid)
            ? chat.map((m) => (m.id === s.replyid ? { ...m, message: '' } : m))
            : [...chat, line];
        });
      },
      onDelta: (id, text) => {
        const c = catching.current.get(id);
        if (c) {
          c.got += text;
          if (c.got.length < c.shown.length) return;
          // Caught up: from here on the text grows as usual (or, if the answer was written
          // anew meanwhile, shows what it is now).
          catching.current.delete(id);
          const got = c.got;
          edit((chat) => chat.map((m) => (m.id === id ? { ...m, message: got } : m)));
          return;
        }
        edit((chat) => chat.map((m) => (m.id === id ? { ...m, message: m.message + text } : m)));
      },
      onRestart: (id) => {
        catching.current.delete(id);
        edit((chat) => chat.map((m) => (m.id === id ? { ...m, message: '' } : m)));
      },
      onAnswer: (a) => {
        catching.current.delete(a.replyid);
        edit((chat) =>
          chat.map((m) =>
            m.id === a.replyid
              ? {
                  ...m,
                  message: a.message,
                  tm: a.tm,
                  status: a.status,
                  ...(a.error ? { error: a.error } : {}),
                  ...(a.offline ? { offline: 1 } : {}),
                }
              : m,
          ),
        );
      },
    }),
    [edit, qc],
  );
  const run = useCallback(
    async (
      go: (
        signal: AbortSignal,
        h: GroupStreamHandlers,
      ) => Promise<{ Error: number; Errstr?: string }>,
    ) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      setBusy(true);
      setError('');
      try {
        const answer = await go(c.signal, handlers);
        if (answer.Error !== 0) setError(answer.Errstr ?? '');
        return answer.Error === 0;
      } catch (err) {
        if (c.signal.aborted) return false;
        setError(err instanceof NetworkError ? 'network' : String(err));
        return false;
      } finally {
        if (ctrl.current === c) {
          ctrl.current = null;
          setBusy(false);
          setSpeaking(null);
          await qc.invalidateQueries({ queryKey: queryKeys.group() });
        }
      }
    },
    [qc, handlers],
  );

  const ask = useCallback(
    (message: string, friends: string[], username: string, to?: string) => {
      // The user's line shows at once; the stored one replaces it at `start`.
      edit((chat) => [
        ...chat,
        {
          id: -Date.now(),
          role: 'user',
          tm: '',
          message,
          speaker: username,
          friendid: '',
          image: '',
          status: 'done',
        },
      ]);
      return run((signal, h) =>
        streamGroup(
          'MultiChatAsk',
          { friends: friends.join(','), message, lang, to: to ?? '' },
          h,
          signal,
        ),
      );
    },
    [run, lang, edit],
  );

  /** A failed answer of the last round, written again by the same character. */
  const retry = useCallback(
    (replyid: number) =>
      run((signal, h) => streamGroup('RetryMultiChatAnswer', { replyid, lang }, h, signal)),
    [run, lang],
  );

  // A turn still being written when the screen opened: follow it to the end.
  const followed = useRef(false);
  useEffect(() => {
    if (!running || followed.current || ctrl.current) return;
    followed.current = true;
    void run((signal, h) => streamGroup('FollowMultiChat', { lang }, h, signal));
  }, [running, run, lang]);
  useEffect(() => {
    if (!running) followed.current = false;
  }, [running]);

  useEffect(() => () => ctrl.current?.abort(), []);

  return { ask, retry, busy, error, speaking, clearError: () => setError('') };
}

/** Reset (with the selection to keep) and rewind; both reload the conversation. */
export function useGroupEdits() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.group() });
  const reset = useMutation({
    mutationFn: (friends: string[]) =>
      callOrThrow('ResetMultiConversation', { friends: friends.join(',') }),
    onSettled: refresh,
  });
  const rewind = useMutation({
    mutationFn: (id: number) => callOrThrow('RewindMultiConversation', { id }),
    onSettled: refresh,
  });
  return { reset, rewind };
}
