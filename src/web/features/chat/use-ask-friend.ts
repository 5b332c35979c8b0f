import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { ErrorCode } from '../../../protocol/errors.ts';
import { call, type Answer } from '../../shared/api/client.ts';
import { NetworkError } from '../../shared/api/errors.ts';
import { streamCall, StreamCutError, type ChatStreamAction } from '../../shared/api/stream.ts';
import { nowTm } from '../../shared/i18n/format-time.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useConversationCache, type ConversationCache, type Message } from './use-conversation.ts';

/** A finished reply: a success, or a reply that failed after it was stored (it carries its row). */
export type ChatAnswer = Extract<Answer<'AskFriend'>, { replyid: number }>;

export interface AskFriendOptions {
  friendid: string;
  subject: string | null;
  lang: Lang;
  /** The character's name, for the answer shown before the server's first word. */
  friendname: string;
  /** The user's name, for their message shown at once. */
  username: string;
  /** The conversation in reading order (a reply still being written is followed). */
  messages: Message[];
  /** The conversation is loaded. */
  enabled: boolean;
  /** Every finished answer (the screen acts on its markers). */
  onAnswer?: (answer: ChatAnswer) => void;
}

/** A cut connection is followed again this many times before giving up. */
const MAX_FOLLOW_FAILURES = 5;
const FOLLOW_RETRY_MS = 1000;

/**
 * Asks the character (AskFriend; EditMessage, RegenerateReply, RetryReply and FollowReply on
 * the same stream), DESIGN.md §4 "A reply is never lost": the user's message shows at once,
 * the answer streams into the conversation word by word, a reply still being written (after a
 * refresh, or when the connection dropped) is followed with FollowReply from what is shown,
 * and a failed reply can be written again with RetryReply. Leaving the screen only stops
 * listening: the server finishes the reply.
 */
export function useAskFriend(o: AskFriendOptions) {
  const { t } = useTranslation();
  const { friendid, subject, lang, friendname, username, messages, enabled, onAnswer } = o;
  const cache = useConversationCache(friendid, subject);
  const [active, setActive] = useState<object | null>(null);
  const [error, setError] = useState('');
  /** A reply that could not be followed again: the input is given back. */
  const [gaveUp, setGaveUp] = useState<number | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  /** Settles when the stream running now has ended: a question sent meanwhile waits for it. */
  const ended = useRef<Promise<void>>(Promise.resolve());
  const failures = useRef(new Map<number, number>());
  /** The reply the running stream writes or follows (known once the server started it). */
  const currentReply = useRef<number | null>(null);
  /** Stop was pressed before the server said which reply it writes: stop it once known. */
  const stopWanted = useRef(false);
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  }, [onAnswer]);

  // Another conversation, or leaving: stop listening (the server goes on writing).
  useEffect(
    () => () => {
      ctrl.current?.abort();
      ctrl.current = null;
    },
    [friendid, subject],
  );

  const finish = useCallback(
    (c: ConversationCache, replyid: number, answer: ChatAnswer) => {
      if (answer.markers?.hidden) c.remove(replyid);
      else
        c.update(replyid, (m) => ({
          ...m,
          message: answer.message,
          tm: answer.tm || m.tm,
          speaker: answer.speaker || m.speaker,
          status: answer.status,
          ...(answer.status === 'failed'
            ? { error: answer.error || answer.Errstr || t('chat.replyFailed') }
            : { error: undefined }),
          ...(answer.model ? { model: answer.model } : {}),
          offline: answer.offline,
          ...(answer.citations?.length ? { citations: answer.citations } : {}),
        }));
      onAnswerRef.current?.(answer);
    },
    [t],
  );

  /** Asks the server to stop `replyid`; the stream then ends with the stopped answer. */
  const stopReply = useCallback(
    async (replyid: number) => {
      stopWanted.current = false;
      try {
        const a = await call('StopReply', { replyid });
        if (a.Error !== ErrorCode.OK) setError(a.Errstr || t('chatx.stopFailed'));
      } catch {
        setError(t('chatx.stopFailed'));
      }
    },
    [t],
  );

  /** Runs one streamed action; true when the server took it (it answered or started). */
  const run = useCallback(
    async (
      action: ChatStreamAction,
      input: Record<string, unknown>,
      ids: { replyid?: number; tempId?: number; replaces?: number; edits?: number },
    ): Promise<boolean> => {
      const controller = new AbortController();
      ctrl.current?.abort();
      ctrl.current = controller;
      let settle!: () => void;
      ended.current = new Promise<void>((r) => (settle = r));
      const token = {};
      setActive(token);
      setError('');
      const c = cache;
      let replyid = ids.replyid;
      currentReply.current = replyid ?? null;
      stopWanted.current = false;
      try {
        const answer = await streamCall(
          action,
          input as never,
          {
            onStart(s) {
              replyid = s.replyid;
              currentReply.current = s.replyid;
              if (stopWanted.current) void stopReply(s.replyid);
              // An edited question: its later turns are gone on the server.
              if (ids.edits !== undefined) c.truncateAfter(ids.edits);
              if (s.usermessage) c.put(s.usermessage, ids.tempId);
              if (action === 'AskFriend' || action === 'EditMessage')
                c.put({
                  id: s.replyid,
                  role: 'assistant',
                  message: '',
                  speaker: friendname,
                  tm: nowTm(),
                  img: null,
                  status: 'streaming',
                });
              if (action === 'RegenerateReply') {
                // The old answer steps aside (it stays on the server as an alternative).
                if (ids.replaces !== undefined) c.remove(ids.replaces);
                c.put({
                  id: s.replyid,
                  role: 'assistant',
                  message: '',
                  speaker: friendname,
                  tm: nowTm(),
                  img: null,
                  status: 'streaming',
                });
              }
              if (action === 'RetryReply')
                c.update(s.replyid, (m) => ({
                  ...m,
                  message: '',
                  status: 'streaming',
                  error: undefined,
                }));
            },
            onDelta(text) {
              if (replyid !== undefined)
                c.update(replyid, (m) => ({ ...m, message: m.message + text }));
            },
            onRestart() {
              if (replyid !== undefined) c.update(replyid, (m) => ({ ...m, message: '' }));
            },
          },
          controller.signal,
        );
        if (
          'replyid' in answer &&
          (answer.Error === ErrorCode.OK || answer.status === 'failed') &&
          typeof answer.replyid === 'number'
        ) {
          failures.current.delete(answer.replyid);
          finish(c, answer.replyid, answer);
          // The arrows count the alternatives: the server knows them.
          if (action === 'RegenerateReply') void c.refresh();
          return true;
        }
        // Refused before anything was stored (bad input, no permission, reply not found).
        if (ids.tempId !== undefined && replyid === undefined) c.remove(ids.tempId);
        setError(answer.Errstr || t('common.unknownError'));
        if (action === 'FollowReply' && ids.replyid !== undefined) {
          failures.current.set(ids.replyid, MAX_FOLLOW_FAILURES);
          setGaveUp(ids.replyid);
          void c.reload();
        }
        return replyid !== undefined;
      } catch (err) {
        if (controller.signal.aborted) return replyid !== undefined;
        if (err instanceof StreamCutError && replyid !== undefined) {
          // The reply goes on on the server: follow it again from what is shown.
          const n = (failures.current.get(replyid) ?? 0) + 1;
          failures.current.set(replyid, n);
          if (n >= MAX_FOLLOW_FAILURES) setGaveUp(replyid);
          await new Promise((r) => setTimeout(r, FOLLOW_RETRY_MS));
          return true;
        }
        if (ids.tempId !== undefined && replyid === undefined) c.remove(ids.tempId);
        if (ids.replyid !== undefined) {
          const n = (failures.current.get(ids.replyid) ?? 0) + 1;
          failures.current.set(ids.replyid, n);
          if (n >= MAX_FOLLOW_FAILURES) setGaveUp(ids.replyid);
        }
        setError(
          err instanceof NetworkError ? t('common.communicationError') : t('common.unknownError'),
        );
        return false;
      } finally {
        if (ctrl.current === controller) {
          ctrl.current = null;
          currentReply.current = null;
        }
        settle();
        setActive((a) => (a === token ? null : a));
      }
    },
    [cache, finish, friendname, stopReply, t],
  );

  const send = useCallback(
    async (text: string, img?: string | null): Promise<boolean> => {
      if (!text.trim() || !enabled) return false;
      const tempId = -Date.now();
      cache.put({
        id: tempId,
        role: 'user',
        message: text,
        speaker: username,
        tm: nowTm(),
        img: img || null,
        status: 'done',
      });
      // An earlier reply is still being written or followed (a spoken question, a send racing
      // the follow that starts after a refresh): the question shows now and goes once that
      // stream ends, never dropped. Cutting the follow instead would leave the earlier answer
      // half shown.
      while (ctrl.current) await ended.current;
      return run(
        'AskFriend',
        {
          friendid,
          lang,
          message: text,
          detailsfor: storage.get('detailsfor') ?? '',
          ...(subject ? { subject } : {}),
          ...(img ? { img } : {}),
        },
        { tempId },
      );
    },
    [cache, enabled, friendid, lang, run, subject, username],
  );

  const retry = useCallback(
    (replyid: number) => {
      if (ctrl.current) return Promise.resolve(false);
      const detailsfor = storage.get('detailsfor');
      return run('RetryReply', { replyid, ...(detailsfor ? { detailsfor } : {}) }, { replyid });
    },
    [run],
  );

  /** Another answer to the last question; the old ones stay as alternatives. */
  const regenerate = useCallback(
    (replyid: number) => {
      if (ctrl.current) return Promise.resolve(false);
      const detailsfor = storage.get('detailsfor');
      return run(
        'RegenerateReply',
        { replyid, ...(detailsfor ? { detailsfor } : {}) },
        { replaces: replyid },
      );
    },
    [run],
  );

  /** Shows alternative `replyid` and makes it the one the conversation goes on from. */
  const choose = useCallback(
    async (replyid: number) => {
      if (ctrl.current) return;
      try {
        const a = await call('ChooseVariant', { replyid });
        if (a.Error !== ErrorCode.OK) setError(a.Errstr || t('common.unknownError'));
      } catch {
        setError(t('common.communicationError'));
      }
      await cache.refresh();
    },
    [cache, t],
  );

  /** The user's message `id` with a new text, sent again (the later turns are replaced). */
  const edit = useCallback(
    (id: number, text: string) => {
      if (!text.trim() || ctrl.current || !enabled) return Promise.resolve(false);
      const detailsfor = storage.get('detailsfor');
      return run(
        'EditMessage',
        { id, message: text, lang, ...(detailsfor ? { detailsfor } : {}) },
        { edits: id },
      );
    },
    [enabled, lang, run],
  );

  // A reply still being written (after a refresh, or a dropped connection): follow it.
  const writing = useMemo(() => messages.findLast((m) => m.status === 'streaming'), [messages]);
  useEffect(() => {
    if (!enabled || !writing || writing.id < 0 || ctrl.current || active) return;
    if ((failures.current.get(writing.id) ?? 0) >= MAX_FOLLOW_FAILURES) return;
    void run(
      'FollowReply',
      { replyid: writing.id, offset: writing.message.length },
      { replyid: writing.id },
    );
  }, [enabled, writing, active, run]);

  const stop = useCallback(() => {
    const id = currentReply.current ?? (writing && writing.id > 0 ? writing.id : null);
    if (id === null) stopWanted.current = true;
    else void stopReply(id);
  }, [stopReply, writing]);

  const stuck = writing !== undefined && writing.id === gaveUp;
  return {
    send,
    retry,
    regenerate,
    choose,
    edit,
    /** Stops the answer being written (the text so far stays, marked stopped). */
    stop,
    /** A question is on its way or an answer is being written. */
    busy: active !== null || (writing !== undefined && !stuck),
    error,
    clearError: () => setError(''),
  };
}
