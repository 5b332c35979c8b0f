import { macroNames, replaceMacros } from '../friends/macros.ts';
import { createHash } from 'node:crypto';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  VOICE_LIMITS,
  SPEECH_DETECTION,
  type VoiceStatus,
} from '../../protocol/voice-constants.ts';
import type { SpeechInput } from '../../protocol/voice.ts';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import { msg } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { EspeakBusyError } from '../ai/media/espeak.ts';
import { audioType, wavSeconds } from './audio-format.ts';
import { speechCache } from './speech-cache.ts';
import { letters, speakable, speechLang } from './speakable.ts';

type SpeechIn = z.output<typeof SpeechInput>;

export interface SpeechAudio {
  audio: Buffer;
  mediaType: string;
  offline: boolean;
  cached: boolean;
}

/**
 * How many of the character's last answers to the caller a read-aloud without `messageid`
 * looks through (the newest first): a chat screen reads aloud what it shows.
 */
const SEARCHED_REPLIES = 200;

/** How long a streaming answer may lag behind the sentence the browser already has. */
const STREAM_LAG = { tries: 12, delayMs: 150 };

/**
 * Read-aloud and spoken input. Speech is never a free text-to-speech service: the text must
 * be part of an answer in one of the caller's own conversations with a character they may
 * still see, or it is the server's own sample sentence for a studio preview of a character
 * the caller may edit. Each synthesis is cached in storage under (message, voice,
 * instructions, text, model), so a replay costs nothing, and swept hourly by age and size
 * (SPEECH_CACHE_DAYS, SPEECH_CACHE_MAX_MB); the ports report usage to the Meter.
 */
export function voiceService(deps: Deps, repos: Pick<Repos, 'chat' | 'friends' | 'speechCache'>) {
  const { friends, chat } = repos;
  const { speech, transcription } = deps.media;
  const cache = speechCache(deps, repos.speechCache);
  const bounds = {
    maxAgeDays: deps.config.SPEECH_CACHE_DAYS,
    maxBytes: Math.floor(deps.config.SPEECH_CACHE_MAX_MB * 1024 * 1024),
  };
  deps.jobs.define(
    'speech-cache-sweep',
    async () => {
      const swept = await cache.sweep(bounds);
      if (swept.clips) deps.log.info(swept, 'speech cache swept');
    },
    { retryLimit: 0 },
  );
  deps.jobs.schedule('speech-cache-sweep', '41 * * * *');

  async function limit(key: string, perHour: number) {
    const d = await deps.limiter.hit(key, perHour, 3600);
    if (!d.allowed)
      throw refusal(ErrorCode.RATE_LIMITED, 'voiceRateLimited', undefined, {
        retryAfter: d.retryAfter,
      });
  }

  /**
   * The caller's own answer holding the text: `messageid` when given (the fast key), else the
   * newest of the character's last answers to the caller that holds it (a streaming one may
   * lag a little behind the sentence the browser already has).
   */
  async function requireOwnAnswer(input: SpeechIn, ctx: Ctx) {
    const user = requireUser(ctx);
    const { friend } = await requireFriend(friends, input.friendid, user, 'view');
    const wanted = letters(input.text);
    if (!wanted) throw refusal(ErrorCode.BAD_INPUT, 'speechEmpty');
    const candidates = async () => {
      if (!input.messageid) return chat.recentReplies(user.id, friend.id, SEARCHED_REPLIES);
      const row = await chat.messageById(input.messageid);
      const own =
        row &&
        row.subject.userId === user.id &&
        row.subject.friendId === friend.id &&
        row.message.role === 'assistant';
      return own ? [row.message] : [];
    };
    for (let i = 0; ; i++) {
      const rows = await candidates();
      const message = rows.find((r) => letters(r.content).includes(wanted));
      if (message) return { friend, message };
      // The browser reads a streaming answer a moment before its last flush reaches the row.
      if (!rows.some((r) => r.status === 'streaming') || i >= STREAM_LAG.tries)
        throw refusal(ErrorCode.NOT_FOUND, 'speechNotInConversation');
      await new Promise((r) => setTimeout(r, STREAM_LAG.delayMs));
    }
  }

  return {
    status(ctx: Ctx): Omit<VoiceStatus, 'Error'> {
      requireUser(ctx);
      const s = speech.describe();
      // A chat that can speak asks this when it opens: the offline voice gets ready then, so
      // the first read-aloud does not wait for it to start.
      speech.prepare().catch((err: unknown) => deps.log.warn({ err }, 'speech did not prepare'));
      const t = transcription.describe();
      return {
        speech: { offline: s.offline, model: s.model ?? '' },
        transcription: {
          available: transcription.available,
          variable: t.variable,
          ...(transcription.available ? {} : { hint: msg('transcriptionNotConfigured', ctx.lang) }),
        },
      };
    },

    async speak(input: SpeechIn, ctx: Ctx): Promise<SpeechAudio> {
      const user = requireUser(ctx);
      let text: string;
      let scope: string;
      let voice = input.voice;
      let instructions = input.voice_instructions;
      if (input.preview) {
        // A studio sample: the caller edits this character (or may create one), and the words
        // are ours, so only the voice and its instructions come from the caller.
        // An id not taken yet is a character being created: creators may hear voices for it.
        const saved = input.friendid ? await friends.byFriendId(input.friendid) : undefined;
        if (saved) await requireFriend(friends, input.friendid, user, 'edit');
        else if (!user.canadd) throw refusal(ErrorCode.FORBIDDEN, 'noEditPermission');
        text = msg('voicePreviewSample', input.lang ?? ctx.lang);
        scope = 'preview';
      } else {
        const { friend, message } = await requireOwnAnswer(input, ctx);
        voice ??= friend.voice || undefined;
        instructions ??= friend.voiceInstructions || undefined;
        // A card's {{user}} / {{char}} are said as the names (friends/macros.ts).
        text = replaceMacros(input.text, macroNames(user, friend, ctx.lang));
        scope = `m${message.id}`;
      }
      const lang = speechLang(text, input.lang ?? ctx.lang);
      const said = speakable(text, lang);
      if (!letters(said)) throw refusal(ErrorCode.BAD_INPUT, 'speechEmpty');
      const model = speech.describe();
      const hash = createHash('sha256')
        .update(
          JSON.stringify([
            scope,
            model.provider,
            model.model,
            voice ?? '',
            instructions ?? '',
            lang,
            said,
          ]),
        )
        .digest('hex');
      const keyBase = `speech/${hash.slice(0, 2)}/${hash}`;
      const hit = await cache.get(keyBase);
      if (hit) return { ...hit, offline: model.offline, cached: true };
      await limit(
        `${input.preview ? 'voice-preview' : 'speech'}:${user.id}`,
        input.preview ? VOICE_LIMITS.previewPerHour : VOICE_LIMITS.speechPerHour,
      );
      let out;
      try {
        out = await speech.speak({
          text: said,
          voice: voice ?? null,
          instructions: instructions ?? null,
          lang,
          userId: user.id,
          format: 'mp3',
        });
      } catch (err) {
        if (err instanceof EspeakBusyError) throw refusal(ErrorCode.RATE_LIMITED, 'speechBusy');
        throw err;
      }
      const mediaType = await cache.put(keyBase, out.audio, out.mediaType);
      return { audio: out.audio, mediaType, offline: out.offline, cached: false };
    },

    async transcribe(file: { data: Buffer }, ctx: Ctx): Promise<{ text: string }> {
      const user = requireUser(ctx);
      if (!transcription.available)
        throw refusal(ErrorCode.NOT_CONFIGURED, 'transcriptionNotConfigured');
      if (file.data.length < SPEECH_DETECTION.minAudioBytes)
        throw refusal(ErrorCode.BAD_INPUT, 'audioTooShort');
      const mediaType = audioType(file.data);
      if (!mediaType) throw refusal(ErrorCode.BAD_INPUT, 'audioNotAudio');
      const seconds = mediaType === 'audio/wav' ? wavSeconds(file.data) : null;
      if (seconds !== null && seconds > VOICE_LIMITS.audioMaxSeconds)
        throw refusal(ErrorCode.BAD_INPUT, 'audioTooLong', {
          max: String(VOICE_LIMITS.audioMaxSeconds),
        });
      await limit(`transcribe:${user.id}`, VOICE_LIMITS.transcribePerHour);
      const r = await transcription.transcribe({
        audio: file.data,
        mediaType,
        lang: ctx.lang,
        userId: user.id,
      });
      return { text: r.text };
    },
  };
}
