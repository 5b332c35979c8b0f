import { useQuery } from '@tanstack/react-query';
import {
  SPEECH_HEADERS,
  VOICE_PATHS,
  type TranscribeAnswer,
  type VoiceStatus,
} from '../../../protocol/voice-constants.ts';
import { call } from '../api/client.ts';
import { NetworkError } from '../api/errors.ts';
import { xsrfToken } from '../api/xsrf.ts';
import { queryKeys } from '../api/query-keys.ts';

/** One recording to play: its bytes and whether the offline speech made it. */
export interface SpeechClip {
  blob: Blob;
  offline: boolean;
}

/** What to read: a sentence of an answer (`messageid`), or a studio sample (`preview`). */
export interface SpeechRequest {
  friendid: string;
  text?: string;
  messageid?: number;
  voice?: string;
  voice_instructions?: string;
  preview?: 1;
  lang: string;
}

/** A refusal of the speech endpoint, with the server's words. */
export class SpeechError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** POST /api/speech: the audio of one sentence (or the studio sample). */
export async function fetchSpeech(req: SpeechRequest, signal?: AbortSignal): Promise<SpeechClip> {
  let res: Response;
  try {
    res = await fetch(VOICE_PATHS.speech, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': await xsrfToken() },
      body: JSON.stringify(req),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(String(err));
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('audio/')) {
    const body = (await res.json().catch(() => ({}))) as { Error?: number; Errstr?: string };
    throw new SpeechError(body.Error ?? 1, body.Errstr ?? `HTTP ${res.status}`);
  }
  return { blob: await res.blob(), offline: res.headers.get(SPEECH_HEADERS.offline) === '1' };
}

/** POST /api/transcribe: the recording as `audio` (speech.webm, or speech.mp4 from Safari). */
export async function transcribeAudio(audio: Blob, lang: string): Promise<TranscribeAnswer> {
  const form = new FormData();
  form.append('lang', lang);
  const ext = audio.type.includes('mp4') ? 'mp4' : audio.type.includes('ogg') ? 'ogg' : 'webm';
  form.append('audio', audio, `speech.${ext}`);
  let res: Response;
  try {
    res = await fetch(VOICE_PATHS.transcribe, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-XSRF-TOKEN': await xsrfToken() },
      body: form,
    });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  const body = (await res.json().catch(() => null)) as TranscribeAnswer | null;
  if (!body || typeof body.Error !== 'number') throw new NetworkError(`HTTP ${res.status}`);
  return { ...body, text: body.text ?? '' };
}

/** GET /api/voice-status: is speech offline, is transcription configured (and what to set). */
export function useVoiceStatus() {
  return useQuery({
    queryKey: queryKeys.voice.status(),
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<VoiceStatus> => {
      const res = await fetch(VOICE_PATHS.voiceStatus, { credentials: 'same-origin' });
      const body = (await res.json()) as VoiceStatus;
      if (body.Error !== 0) throw new NetworkError(body.Errstr ?? `HTTP ${res.status}`);
      return body;
    },
  });
}

/** The profile's "automatic reading" (spec: GetSetUserData autoread 0/1), read, never set here. */
export function useAutoread(): boolean {
  const q = useQuery({
    queryKey: queryKeys.voice.autoread(),
    staleTime: 60_000,
    queryFn: async () => {
      const a = await call('GetSetUserData', {});
      return a.Error === 0 ? a.autoread === 1 : false;
    },
  });
  return q.data ?? false;
}
