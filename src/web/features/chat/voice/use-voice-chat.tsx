import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import type { Message } from '../use-conversation.ts';
import {
  endsConversation,
  initialVoiceState,
  voiceReducer,
  type VoiceState,
} from './conversation-machine.ts';
import { playClip } from '../../../shared/voice/player.ts';
import { recordTurn } from './recorder.ts';
import { createSentenceFeed, sentencesOf } from './sentences.ts';
import { createSpeechQueue } from './speech-queue.ts';
import {
  fetchSpeech,
  transcribeAudio,
  useAutoread,
  useVoiceStatus,
} from '../../../shared/voice/voice-api.ts';

/** The microphone's level, read by the volume circle only (it changes 30 times a second). */
export function createLevelStore() {
  let level = 0;
  const listeners = new Set<() => void>();
  return {
    set(v: number) {
      level = v;
      listeners.forEach((l) => l());
    },
    get: () => level,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

export interface VoiceChat {
  /** The answer being read (null: none), and whether the offline voice reads it. */
  reading: number | null;
  offline: boolean | null;
  /** Whether this character has a voice (the read-aloud icon shows only then). */
  hasVoice: boolean;
  toggleRead(m: Message): void;
  state: VoiceState;
  recording: boolean;
  /** Why the microphone cannot be used (transcription not configured), or null. */
  micUnavailable: string | null;
  micError: string;
  clearMicError(): void;
  pressMic(): void;
  endConversation(): void;
  level: ReturnType<typeof createLevelStore>;
}

// The voice of the chat on screen (one chat screen is shown at a time, as in
// use-chat-session.ts): published by the screen's controller, read by the voice controls
// wherever they sit, so the chat's own files only call the controller and place the controls.
let current: VoiceChat | null = null;
const listeners = new Set<() => void>();
function publish(v: VoiceChat | null) {
  current = v;
  listeners.forEach((l) => l());
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

export function useVoiceChat(): VoiceChat | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** A value the queue's callbacks read at call time (set from the latest render in an effect). */
function holder<T>(initial: T) {
  let value = initial;
  return { get: () => value, set: (v: T) => void (value = v) };
}

const log = (err: unknown) => console.warn('voice:', err);

/**
 * Voice in one chat (spec part 2 §4): read-aloud of answers sentence by sentence, automatic
 * reading of new answers when the profile says so, and spoken turns through the microphone
 * with conversation mode. The chat screen calls it once; the controls read `useVoiceChat`.
 */
export function useVoiceChatController({
  friendid,
  info,
  lang,
  messages,
  send: sendMessage,
}: {
  friendid: string;
  /** The conversation's character (its voice), once loaded. */
  info: { voice: string; voice_instructions: string } | undefined;
  lang: string;
  messages: Message[];
  send: (text: string, img: string | null) => Promise<boolean> | boolean;
}): void {
  const voice = info?.voice ?? '';
  const voiceInstructions = info?.voice_instructions ?? '';
  const sendRef = useRef(sendMessage);
  useLayoutEffect(() => {
    sendRef.current = sendMessage;
  }, [sendMessage]);
  const { t } = useTranslation();
  const autoread = useAutoread();
  const status = useVoiceStatus();
  const [reading, setReading] = useState<number | null>(null);
  const [offline, setOffline] = useState<boolean | null>(null);
  const [state, dispatch] = useReducer(voiceReducer, initialVoiceState);
  const [recording, setRecording] = useState(false);
  const [micError, setMicError] = useState('');
  const [level] = useState(createLevelStore);

  const [request] = useState(() => holder({ friendid, voice, voiceInstructions, lang }));
  useLayoutEffect(
    () => request.set({ friendid, voice, voiceInstructions, lang }),
    [request, friendid, voice, voiceInstructions, lang],
  );
  const [queue] = useState(() =>
    createSpeechQueue({
      fetchClip: (text, messageid, signal) => {
        const r = request.get();
        return fetchSpeech(
          {
            friendid: r.friendid,
            messageid,
            text,
            lang: r.lang,
            ...(r.voice ? { voice: r.voice } : {}),
            ...(r.voiceInstructions ? { voice_instructions: r.voiceInstructions } : {}),
          },
          signal,
        );
      },
      play: playClip,
      onChange: (s) => {
        setReading(s.messageid);
        setOffline(s.offline);
      },
      log,
    }),
  );
  // One spoken turn's recording and transcription; it outlives the phase changes it causes
  // (listening → transcribing → answering) and ends only when stopped or unmounted.
  const turn = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      queue.stop();
      turn.current?.abort();
    },
    [queue],
  );

  const toggleRead = useCallback(
    (m: Message) => {
      if (queue.current === m.id) return queue.stop();
      void queue.start(m.id, sentencesOf(m.message, lang), true);
    },
    [queue, lang],
  );

  // New answers, read as they stream: with automatic reading on (and a voice), or in
  // conversation mode. Only answers newer than what was on screen when this began.
  const newest = messages.reduce((max, m) => Math.max(max, m.id), 0);
  const newestRef = useRef(newest);
  const since = useRef<number | null>(null);
  useLayoutEffect(() => {
    newestRef.current = newest;
    since.current ??= newest;
  }, [newest]);
  const following = useRef<{ id: number; feed: ReturnType<typeof createSentenceFeed> } | null>(
    null,
  );
  const conversing = state.conversation && state.phase === 'answering';
  const readNew = conversing || (autoread && !!voice);
  useEffect(() => {
    if (!readNew) return;
    const answer = messages.find(
      (m) => m.role === 'assistant' && m.id > since.current! && m.id > 0,
    );
    if (!answer) return;
    let f = following.current;
    if (!f || f.id !== answer.id) {
      f = following.current = { id: answer.id, feed: createSentenceFeed(lang) };
      const id = answer.id;
      void queue.start(id).then((finished) => {
        since.current = Math.max(since.current ?? 0, id);
        if (following.current?.id === id) following.current = null;
        dispatch({ type: finished ? 'answered' : 'end' });
      });
    }
    const final = answer.status !== 'streaming';
    queue.add(answer.id, f.feed.take(answer.message, final));
    if (final) queue.close(answer.id);
  }, [messages, readNew, queue, lang]);

  // Listening: one spoken turn, then its transcription is sent as the message.
  const phase = state.phase;
  useEffect(() => {
    if (phase !== 'listening') return;
    queue.stop();
    turn.current?.abort();
    const ctrl = (turn.current = new AbortController());
    void (async () => {
      const r = await recordTurn({
        signal: ctrl.signal,
        onLevel: level.set,
        onRecording: () => setRecording(true),
      });
      setRecording(false);
      level.set(0);
      if (r.kind === 'stopped') return;
      if (r.kind === 'error') {
        setMicError(
          t(
            r.reason === 'denied'
              ? 'voice.micDenied'
              : r.reason === 'missing'
                ? 'voice.micMissing'
                : 'voice.micFailed',
          ),
        );
        return dispatch({ type: 'failed' });
      }
      if (r.kind === 'discarded') return dispatch({ type: 'discarded' });
      dispatch({ type: 'recorded' });
      try {
        const a = await transcribeAudio(r.blob, lang);
        if (ctrl.signal.aborted) return;
        if (a.Error !== 0) {
          log(a.Errstr);
          if (a.Errstr) setMicError(a.Errstr);
          return dispatch({ type: 'failed' });
        }
        dispatch({ type: 'transcribed', text: a.text });
        if (endsConversation(a.text)) return;
        since.current = Math.max(since.current ?? 0, newestRef.current);
        if (!(await sendRef.current(a.text, null))) dispatch({ type: 'failed' });
      } catch (err) {
        log(err);
        setMicError(t('voice.transcribeFailed'));
        dispatch({ type: 'failed' });
      }
    })();
    // A new listening turn each time the phase becomes listening.
  }, [phase, queue, level, lang, t]);
  const micUnavailable =
    status.data && !status.data.transcription.available
      ? (status.data.transcription.hint ?? t('voice.micUnavailable'))
      : null;

  const value: VoiceChat = useMemo<VoiceChat>(
    () => ({
      reading,
      offline,
      hasVoice: !!voice,
      toggleRead,
      state,
      recording,
      micUnavailable,
      micError,
      clearMicError: () => setMicError(''),
      pressMic: () => {
        setMicError('');
        if (micUnavailable) return setMicError(micUnavailable);
        dispatch({ type: 'mic' });
      },
      endConversation: () => {
        turn.current?.abort();
        queue.stop();
        dispatch({ type: 'end' });
      },
      level,
    }),
    [reading, offline, voice, toggleRead, state, recording, micUnavailable, micError, queue, level],
  );
  useLayoutEffect(() => publish(value), [value]);
  useLayoutEffect(() => () => publish(null), []);
}
